import { LIVE_AUTH_TIMEOUT_MS, LIVE_MAX_TOPICS_PER_SOCKET } from '@patio/core';

/** Limits and timings of the live connections of one app instance (tests shorten them). */
export interface LiveSettings {
  /** A socket that has not authenticated by then is closed (auth_timeout). */
  authTimeoutMs: number;
  /** Every socket is pinged this often; one that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /** An open socket's token and person are checked again this often (a rejected registration, a removed person). */
  revalidateMs: number;
  /** Live sockets of one person in one process: tabs and devices, with room for a reconnect overlapping its old socket. */
  maxConnectionsPerPerson: number;
  /** Sockets not yet authenticated, per process: an unauthenticated flood cannot hold memory. */
  maxPendingSockets: number;
  /** A socket with more than this waiting to be written is a reader that cannot keep up: dropped. */
  maxBufferedBytes: number;
  /** Client messages per socket per minute (a ping every 25 s is two). */
  messagesPerMinute: number;
  /** Topics one socket may follow at once (`too_many_topics` beyond). */
  maxTopicsPerConnection: number;
  /** A bus subscription (a school's, a topic's) outlives its last socket this long, so reconnects do not resubscribe. */
  unsubscribeDelayMs: number;
  /** On shutdown, sockets that have not finished the close handshake by then are cut. */
  closeGraceMs: number;
  /**
   * A topic's event is written to this many sockets per turn of the event loop (live.fanout.ts). A write
   * costs 5–13 µs of CPU (bench/RESULTS.md "Transport live positions"): 5,000 take 25–65 ms, so 10,000
   * watchers of one route do not hold the event loop (the ingest, every request) 100–270 ms at a time.
   * Slices of 1,000 let every waiting request run ten times per event: with 4,000 reports/s besides,
   * the last watchers got it 265 ms p95 after the report, 151 ms with 5,000, while the ingest's answers
   * stayed at 53–54 ms p95 either way.
   */
  fanoutSlice: number;
}

export const defaultLiveSettings: LiveSettings = {
  authTimeoutMs: LIVE_AUTH_TIMEOUT_MS,
  heartbeatMs: 30_000,
  revalidateMs: 120_000,
  maxConnectionsPerPerson: 10,
  maxPendingSockets: 2000,
  maxBufferedBytes: 64 * 1024,
  messagesPerMinute: 30,
  maxTopicsPerConnection: LIVE_MAX_TOPICS_PER_SOCKET,
  unsubscribeDelayMs: 30_000,
  closeGraceMs: 1000,
  fanoutSlice: 5000,
};
