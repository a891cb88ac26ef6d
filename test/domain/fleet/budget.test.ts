import { describe, expect, it } from 'vitest';
import { FLEET_REQUESTS_PER_SEC, lightCadence, requestsPerSec } from '../../../src/domain/fleet/budget';

describe('the fleet request budget', () => {
  it('keeps the user interval while few nodes fit in it', () => {
    expect(lightCadence(1, 2000).tickMs).toBe(2000);
  });

  it('stretches every light node so the fleet together stays within the budget', () => {
    for (const n of [19, 50]) {
      const c = lightCadence(n, 2000);
      expect(n * requestsPerSec(c)).toBeLessThanOrEqual(FLEET_REQUESTS_PER_SEC);
      expect(c.tickMs).toBeGreaterThan(2000);
    }
    expect(lightCadence(19, 2000).tickMs).toBeLessThan(lightCadence(50, 2000).tickMs);
  });
});
