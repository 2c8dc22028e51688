import { describe, expect, it } from 'vitest';
import { emptyEventDraft, eventDraftFromEvent, eventDraftProblems, eventDraftToInput, moveEventStart, type EventDraft } from './eventDraft';

const at = (iso: string) => Date.parse(iso) / 1000;

function draft(change: Partial<EventDraft> = {}): EventDraft {
  return { ...emptyEventDraft(Date.parse('2026-03-01T12:00:00Z'), 'Europe/Madrid'), startDay: '2026-03-28', startTime: '10:00', endDay: '2026-03-28', endTime: '11:00', ...change };
}

describe('event draft', () => {
  it('starts a new event at the next whole hour of the school, for an hour', () => {
    expect(emptyEventDraft(Date.parse('2026-12-03T14:20:00Z'), 'America/Bogota')).toMatchObject({ startDay: '2026-12-03', startTime: '10:00', endDay: '2026-12-03', endTime: '11:00', allDay: false, repeat: 'none' });
    // 23:20 in Madrid: the next hour is midnight of the next day.
    expect(emptyEventDraft(Date.parse('2026-12-03T22:20:00Z'), 'Europe/Madrid')).toMatchObject({ startDay: '2026-12-04', startTime: '00:00', endTime: '01:00' });
  });

  it("reads wall-clock times in the school's zone, on both sides of a daylight-saving change", () => {
    expect(eventDraftToInput(draft(), 'Europe/Madrid')).toMatchObject({ startDate: at('2026-03-28T09:00:00Z'), endDate: at('2026-03-28T10:00:00Z'), allDay: false, recurrence: null });
    // 29 March 2026: Madrid moves to summer time, so 10:00 is 08:00 UTC.
    expect(eventDraftToInput(draft({ startDay: '2026-03-29', endDay: '2026-03-29' }), 'Europe/Madrid')).toMatchObject({ startDate: at('2026-03-29T08:00:00Z'), endDate: at('2026-03-29T09:00:00Z') });
    expect(eventDraftToInput(draft(), 'America/Bogota')).toMatchObject({ startDate: at('2026-03-28T15:00:00Z') });
  });

  it('sends an all-day event from local midnight of its first day to local midnight after its last', () => {
    const input = eventDraftToInput(draft({ allDay: true, startDay: '2026-10-24', endDay: '2026-10-25' }), 'Europe/Madrid');
    // Summer time on the 24th (UTC+2), winter time after the 25th (UTC+1).
    expect(input).toMatchObject({ startDate: at('2026-10-23T22:00:00Z'), endDate: at('2026-10-25T23:00:00Z'), allDay: true });
  });

  it('writes the repetition as the API takes it, keeping exceptions', () => {
    const weekly = draft({ repeat: 'weekly', interval: 2, repeatEnd: 'until', until: '2026-12-19', exceptions: ['2026-04-11'] });
    expect(eventDraftToInput(weekly, 'Europe/Madrid').recurrence).toEqual({ freq: 'weekly', interval: 2, count: null, until: '2026-12-19', exceptions: ['2026-04-11'] });
    expect(eventDraftToInput({ ...weekly, repeatEnd: 'count', count: 8 }, 'Europe/Madrid').recurrence).toMatchObject({ count: 8, until: null });
    expect(eventDraftToInput({ ...weekly, repeatEnd: 'never' }, 'Europe/Madrid').recurrence).toMatchObject({ count: null, until: null });
  });

  it('trims the title and location, leaving a blank title blank (the server names it)', () => {
    expect(eventDraftToInput(draft({ title: '  ', location: ' Coliseo ' }), 'Europe/Madrid')).toMatchObject({ title: '', location: 'Coliseo', rsvp: false });
  });

  it('reads an existing event back into the same draft', () => {
    const original = draft({ title: 'Izada', allDay: true, startDay: '2026-10-24', endDay: '2026-10-25', repeat: 'yearly', repeatEnd: 'count', count: 3, rsvp: true });
    const input = eventDraftToInput(original, 'Europe/Madrid');
    const back = eventDraftFromEvent({ ...input, rsvp: { enabled: true } }, 'Europe/Madrid');
    expect(back).toMatchObject({ title: 'Izada', allDay: true, startDay: '2026-10-24', endDay: '2026-10-25', repeat: 'yearly', repeatEnd: 'count', count: 3, rsvp: true });
    const timed = eventDraftFromEvent({ ...eventDraftToInput(draft(), 'Europe/Madrid'), rsvp: false }, 'Europe/Madrid');
    expect(timed).toMatchObject({ startDay: '2026-03-28', startTime: '10:00', endDay: '2026-03-28', endTime: '11:00' });
  });

  it('names each problem beside its field', () => {
    expect(eventDraftProblems(draft())).toEqual({});
    expect(eventDraftProblems(draft({ endTime: '09:30' }))).toEqual({ endTime: 'endBeforeStart' });
    expect(eventDraftProblems(draft({ endDay: '2026-03-27' }))).toEqual({ endDay: 'endBeforeStart' });
    expect(eventDraftProblems(draft({ allDay: true, endDay: '2026-03-27', endTime: '' }))).toEqual({ endDay: 'endBeforeStart' });
    expect(eventDraftProblems(draft({ startDay: '', startTime: '' }))).toEqual({ startDay: 'required', startTime: 'required' });
    expect(eventDraftProblems(draft({ repeat: 'daily', interval: 100 }))).toEqual({ interval: 'intervalRange' });
    expect(eventDraftProblems(draft({ repeat: 'daily', repeatEnd: 'until', until: '2026-03-01' }))).toEqual({ until: 'untilBeforeStart' });
    expect(eventDraftProblems(draft({ repeat: 'daily', repeatEnd: 'until', until: '' }))).toEqual({ until: 'required' });
    expect(eventDraftProblems(draft({ repeat: 'monthly', repeatEnd: 'count', count: 0 }))).toEqual({ count: 'countRange' });
    expect(eventDraftProblems(draft({ repeat: 'monthly', repeatEnd: 'count', count: 1001 }))).toEqual({ count: 'countRange' });
    // A repetition left as "does not repeat" is not checked.
    expect(eventDraftProblems(draft({ repeat: 'none', interval: 0, count: 0 }))).toEqual({});
  });

  it('carries the end along when the start moves past it', () => {
    expect(moveEventStart(draft({ endDay: '2026-03-29' }), '2026-04-02')).toMatchObject({ startDay: '2026-04-02', endDay: '2026-04-03' });
    expect(moveEventStart(draft(), '2026-03-28', '12:30')).toMatchObject({ startTime: '12:30', endTime: '13:30' });
    expect(moveEventStart(draft(), '2026-03-28', '23:30')).toMatchObject({ endTime: '23:59' });
    // An end still after the start stays where the person put it.
    expect(moveEventStart(draft({ endTime: '18:00' }), '2026-03-28', '12:00')).toMatchObject({ endTime: '18:00' });
  });
});
