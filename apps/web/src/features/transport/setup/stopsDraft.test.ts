import { describe, expect, it } from 'vitest';
import { MAX_ROUTE_STOPS } from '@patio/core/schemas/transport-setup';
import { setupStop } from './routeSetup.fixtures';
import { checkStops, draftOf, editStop, isSameStops, moveStop, newStop, placeStop, removeStop } from './stopsDraft';

const saved = [setupStop(102, 'Calle 80', { position: 2, scheduledTime: '06:45' }), setupStop(101, 'Portería norte', { position: 1 })];

describe('a route’s stop list being edited', () => {
  it('starts from the saved stops in driving order, and knows when it differs from them', () => {
    const draft = draftOf(saved);
    expect(draft.map((s) => [s.key, s.name, s.time])).toEqual([
      ['s101', 'Portería norte', ''],
      ['s102', 'Calle 80', '06:45'],
    ]);
    expect(isSameStops(draft, draftOf(saved))).toBe(true);
    expect(isSameStops(editStop(draft, 's101', { time: '06:30' }), draft)).toBe(false);
    expect(isSameStops(moveStop(draft, 's102', -1), draft)).toBe(false);
  });

  it('moves a stop within the list and never past either end', () => {
    const draft = draftOf(saved);
    expect(moveStop(draft, 's101', 1).map((s) => s.id)).toEqual([102, 101]);
    expect(moveStop(draft, 's101', -1).map((s) => s.id)).toEqual([101, 102]);
    expect(moveStop(draft, 's102', 1).map((s) => s.id)).toEqual([101, 102]);
  });

  it('places stops to six decimals and gives new stops keys of their own', () => {
    const [a, b] = [newStop({ lat: 4.123456789, lng: -74.987654321 }), newStop()];
    expect(a.key).not.toBe(b.key);
    expect([a.id, a.lat, a.lng]).toEqual([null, 4.123457, -74.987654]);
    expect([b.lat, b.lng]).toEqual([null, null]);
    expect(placeStop([b], b.key, { lat: 1.0000004, lng: 2 })[0]).toMatchObject({ lat: 1, lng: 2 });
  });

  it('sends the whole list in order, names trimmed, no time as null', () => {
    const added = { ...newStop({ lat: 4.7, lng: -74.1 }), name: ' Calle 100 ', time: '07:00' };
    const check = checkStops([...removeStop(draftOf(saved), 's102'), added]);
    expect(check).toEqual({
      ok: true,
      input: {
        stops: [
          { id: 101, name: 'Portería norte', lat: 4.675, lng: -74.05, scheduledTime: null },
          { id: null, name: 'Calle 100', lat: 4.7, lng: -74.1, scheduledTime: '07:00' },
        ],
      },
    });
  });

  it('says what keeps stops from being saved', () => {
    const blank = newStop();
    const late = { ...draftOf(saved)[0], time: '24:00' };
    const check = checkStops([late, blank]);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems.get(late.key)).toEqual({ time: 'timeInvalid' });
    expect(check.problems.get(blank.key)).toEqual({ name: 'nameRequired', place: 'placeRequired' });
    const tooMany = checkStops(Array.from({ length: MAX_ROUTE_STOPS + 1 }, () => ({ ...newStop({ lat: 1, lng: 1 }), name: 'x' })));
    expect(tooMany).toMatchObject({ ok: false, tooMany: true });
  });
});
