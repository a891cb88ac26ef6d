import { describe, expect, it } from 'vitest';
import { shared, track } from './track';

// Tests of one file run in order: each test below looks at what the one before it left.
// No retries: a retried test would track (and release) twice.
describe('track', { retry: 0 }, () => {
  const released: string[] = [];
  const resource = (name: string) => ({ close: () => void released.push(name) });

  it('holds what a test tracks until the test ends', () => {
    track(resource('first'));
    track({ name: 'second' }, (r) => released.push(r.name));
    expect(released).toEqual([]);
  });

  it('released both when the test ended, the last tracked first', () => {
    expect(released).toEqual(['second', 'first']);
  });

  it.fails('releases what a failing test tracked', () => {
    track(resource('failed'));
    throw new Error('the test fails');
  });

  it('released it although the test failed', () => {
    expect(released).toEqual(['second', 'first', 'failed']);
  });
});

describe('shared', () => {
  const log: string[] = [];
  describe('a suite with a shared resource', () => {
    const server = shared(
      () => {
        log.push('start');
        return { port: 1 };
      },
      { release: () => void log.push('release') },
    );

    it('is started once, before the first test', () => {
      expect(server().port).toBe(1);
      expect(log).toEqual(['start']);
    });

    it('is the same for every test of the suite', () => {
      expect(server().port).toBe(1);
      expect(log).toEqual(['start']);
    });
  });

  it('is released after the suite', () => {
    expect(log).toEqual(['start', 'release']);
  });
});
