import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api/ApiError';
import { eventRefusalOf } from './eventErrors';

const refusal = (status: number, body: unknown) => new ApiError(status, body, 'http://school.test/api/demo/people/3/posts/sent');

describe('what the server refused of a post event', () => {
  it('puts validation details beside their fields and flags the rest', () => {
    const error = refusal(400, {
      error: 'invalid_request',
      message: 'The request body is not valid',
      details: [{ path: 'event.endDate', message: 'The event ends before it starts' }, { path: 'event.recurrence.count', message: 'Too big' }, { path: 'event.recurrence.freq', message: 'Invalid option' }],
    });
    expect(eventRefusalOf(error, false)).toEqual({ fields: { endTime: 'endBeforeStart', count: 'countRange' }, other: true });
    expect(eventRefusalOf(error, true)?.fields.endDay).toBe('endBeforeStart');
  });

  it("reads the server's own event codes", () => {
    expect(eventRefusalOf(refusal(400, { error: 'invalid_event', message: 'The event ends before it starts' }), true)).toEqual({ fields: { endDay: 'endBeforeStart' }, other: false });
    expect(eventRefusalOf(refusal(400, { error: 'invalid_recurrence', message: 'The repetition ends before the event starts' }), false)).toEqual({ fields: { until: 'untilBeforeStart' }, other: false });
  });

  it('leaves refusals about something else to the rest of the screen', () => {
    expect(eventRefusalOf(refusal(400, { error: 'no_recipients', message: 'You must select destinataries' }), false)).toBeNull();
    expect(eventRefusalOf(refusal(400, { error: 'invalid_request', message: 'x', details: [{ path: 'title', message: 'Too long' }] }), false)).toBeNull();
    expect(eventRefusalOf(refusal(403, { error: 'invalid_event', message: 'x' }), false)).toBeNull();
    expect(eventRefusalOf(new TypeError('offline'), false)).toBeNull();
  });
});
