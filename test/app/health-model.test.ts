// The header's health words and styles for each state of the health resource: judged, stale, off, not yet known.
import { describe, expect, it } from 'vitest';
import { connectedParts, healthParts } from '../../src/app/health-model';
import { idleResource, markUnsupported, resolveError, resolveOk, startLoading } from '../../src/state/resource';
import type { Health } from '../../src/state/types';
import { defaultTheme } from '../../src/theme';

const theme = defaultTheme();
const text = (parts: { text: string }[]) => parts.map((p) => p.text).join('');
/** A check as the schema gives it (the fields these tests leave out are absent on the wire too). */
const check = (c: { message?: unknown; error?: string } = {}) => ({ duration: undefined, timeOfFirstFailure: undefined, ...c });
const alone: Health = {
  healthy: false,
  checks: {
    P: check({ message: { networking: { percentConnected: 0.2 } }, error: 'not connected to enough stake: connected to 20.000000%; required at least 80.000000%' }),
    network: check({ error: 'network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only 0' }),
    database: check(),
  },
};

describe('header health parts', () => {
  it('says what the node says, coloured by severity', () => {
    const ok = resolveOk(idleResource<Health>(), { healthy: true, checks: { database: check() } }, { at: 1 });
    expect(text(healthParts(ok, theme))).toBe('  health healthy');
    expect(healthParts(ok, theme)[1]!.style).toBe(theme.status.ok);
    const failing = resolveOk(idleResource<Health>(), alone, { at: 1 });
    expect(text(healthParts(failing, theme))).toBe('  health 2 failing: network');
    expect(healthParts(failing, theme)[1]!.style).toBe(theme.status.error);
    expect(text(connectedParts(failing, theme))).toBe(' (20% stake)');
    expect(connectedParts(ok, theme)).toEqual([]);
  });

  it('keeps the last reply, marked stale, when a poll fails', () => {
    const stale = resolveError(resolveOk(idleResource<Health>(), alone, { at: 1 }), Object.assign(new Error('x'), { short: 'timeout' }), { at: 2 });
    expect(text(healthParts(stale, theme))).toBe('  health 2 failing: network (stale)');
    expect(healthParts(stale, theme)[1]!.style).toBe(theme.status.stale);
  });

  it('an API that is off, a reply not yet in, a node that does not answer', () => {
    const off = resolveError(idleResource<Health>(), Object.assign(new Error('x'), { short: 'HTTP 404: API path not found' }), { at: 1 });
    expect(text(healthParts(off, theme))).toBe('  health API off');
    expect(text(healthParts(markUnsupported(idleResource<Health>(), new Error('x'), 'gone'), theme))).toBe('  health API off');
    expect(text(healthParts(startLoading(idleResource<Health>()), theme))).toBe('  health …');
    const down = resolveError(idleResource<Health>(), Object.assign(new Error('x'), { short: 'connection refused' }), { at: 1 });
    expect(text(healthParts(down, theme))).toBe('  health ?');
  });

  it('never lets a check name reach the terminal as a control sequence', () => {
    const evil = resolveOk(idleResource<Health>(), { healthy: false, checks: { '\x1b[2Jboom': check({ error: 'x' }) } }, { at: 1 });
    expect(text(healthParts(evil, theme))).not.toMatch(/\x1b/);
  });
});
