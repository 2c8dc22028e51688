import type WebSocket from 'ws';

/** The JSON messages of a WebSocket in arrival order, each taken once by `next`, with a deadline. */
export interface SocketMessages {
  /** Every message received so far, parsed. */
  received: unknown[];
  /** The next message not taken yet; fails after `ms` (`defaultMs` unless given). */
  next(ms?: number): Promise<unknown>;
}

export function queueSocketMessages(socket: WebSocket, defaultMs: number): SocketMessages {
  const received: unknown[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)));
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    received,
    next: (ms = defaultMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message within ${ms} ms (received ${JSON.stringify(received)})`)), ms);
        const take = () => {
          if (taken < received.length) {
            clearTimeout(timer);
            resolve(received[taken++]);
          } else waiters.push(take);
        };
        take();
      }),
  };
}
