import { describe, expect, it } from 'vitest';
import { readLiveEvent, readThreadsChanged } from './threads-event';

describe('events of a school\'s live topic', () => {
  it('tells thread notices from form notices', () => {
    expect(readLiveEvent({ personIds: [3, 4], threadId: 9 })).toEqual({ kind: 'threads', personIds: [3, 4], threadId: 9 });
    expect(readLiveEvent({ personIds: [3], threadId: null })).toEqual({ kind: 'threads', personIds: [3], threadId: null });
    expect(readLiveEvent({ type: 'form.answered', personIds: [7], formId: 12 })).toEqual({ kind: 'form', personIds: [7], formId: 12 });
  });

  it('ignores payloads of any other shape, as any process may publish on the bus', () => {
    for (const payload of [
      null,
      'form.answered',
      { type: 'form.answered', personIds: [7] },
      { type: 'form.answered', personIds: [7], formId: '12' },
      { type: 'form.answered', personIds: ['7'], formId: 12 },
      { type: 'form.answered', personIds: 7, formId: 12 },
      { type: 'form.answered', personIds: [0], formId: 12 },
      { personIds: [3] },
      { personIds: [1.5], threadId: 1 },
    ]) {
      expect(readLiveEvent(payload), JSON.stringify(payload)).toBeNull();
    }
    // A form notice is never read as a thread notice.
    expect(readThreadsChanged({ type: 'form.answered', personIds: [7], formId: 12 })).toBeNull();
  });
});
