import { describe, expect, it } from 'vitest';
import type { LiveConnection } from './live.connection';
import { TopicFanout } from './live.fanout';

/** A follower that records the frames written to it, as text. */
function follower(log: string[][], i: number): LiveConnection {
  log[i] = [];
  return { sendText: (frame: Buffer) => log[i].push(frame.toString()) } as unknown as LiveConnection;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('topic fan-out', () => {
  it('writes a small topic at once', () => {
    const log: string[][] = [];
    const fanout = new TopicFanout(4);
    for (let i = 0; i < 3; i++) fanout.sockets.add(follower(log, i));
    fanout.send(Buffer.from('a'));
    expect(log).toEqual([['a'], ['a'], ['a']]);
  });

  it('writes a large topic a slice per turn, each socket getting the events in order', async () => {
    const log: string[][] = [];
    const fanout = new TopicFanout(4);
    for (let i = 0; i < 10; i++) fanout.sockets.add(follower(log, i));
    fanout.send(Buffer.from('a'));
    fanout.send(Buffer.from('b'));
    expect(log.filter((frames) => frames.length > 0)).toHaveLength(4);
    for (let turn = 0; turn < 10; turn++) await nextTurn();
    expect(log.every((frames) => frames.join() === 'a,b')).toBe(true);
  });

  it('skips a socket that stopped following before its turn and leaves out one that came after the event', async () => {
    const log: string[][] = [];
    const fanout = new TopicFanout(2);
    const sockets = Array.from({ length: 4 }, (_, i) => follower(log, i));
    for (const socket of sockets) fanout.sockets.add(socket);
    fanout.send(Buffer.from('a'));
    fanout.sockets.delete(sockets[3]);
    fanout.sockets.add(follower(log, 4));
    for (let turn = 0; turn < 4; turn++) await nextTurn();
    expect(log).toEqual([['a'], ['a'], ['a'], [], []]);
  });
});
