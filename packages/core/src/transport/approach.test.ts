import { describe, expect, it } from 'vitest';
import { isApproaching } from './approach';

describe('isApproaching', () => {
  const now = 1_800_000_000;
  it('fires within the chosen distance along the route, not before', () => {
    expect(isApproaching({ meters: 1000, minutes: null }, { eta: now + 600, meters: 1000 }, now)).toBe(true);
    expect(isApproaching({ meters: 1000, minutes: null }, { eta: now + 60, meters: 1001 }, now)).toBe(false);
  });
  it('fires within the chosen minutes, not before', () => {
    expect(isApproaching({ meters: null, minutes: 5 }, { eta: now + 300, meters: 9000 }, now)).toBe(true);
    expect(isApproaching({ meters: null, minutes: 5 }, { eta: now + 301, meters: 10 }, now)).toBe(false);
  });
  it('never fires when the alert is off', () => {
    expect(isApproaching({ meters: null, minutes: null }, { eta: now, meters: 0 }, now)).toBe(false);
  });
});
