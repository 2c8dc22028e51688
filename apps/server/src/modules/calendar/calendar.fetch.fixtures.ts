import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { addDays } from '@patio/core/calendar/times';

// Tiny feed servers on 127.0.0.1 for the calendar import tests: a good feed (changeable while the
// test runs), one that answers 500, one that never answers, one that is not a calendar, one that is
// too big, and redirect chains.

export interface FeedServer {
  /** http://127.0.0.1:{port} */
  base: string;
  /** What /feed.ics answers now (a test may change it between imports). */
  feed: { status: number; body: string };
  /** How many requests each path got. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

function compact(date: string): string {
  return date.replaceAll('-', '');
}

/**
 * A feed with, `days` from today: a weekly Madrid-time event (6 times, the 2nd left out by EXDATE, the
 * 3rd moved an hour later, the 4th cancelled), an all-day event of two days, an event in UTC, a
 * floating one, one in a Windows zone defined by its own VTIMEZONE, and one long past.
 */
export function sampleFeed(today: string, days = 7): string {
  const d = (n: number) => compact(addDays(today, days + n));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Feed//ES',
    'BEGIN:VTIMEZONE',
    'TZID:Romance Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T030000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010101T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:weekly-1@test',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=Europe/Madrid:${d(0)}T100000`,
    `DTEND;TZID=Europe/Madrid:${d(0)}T110000`,
    'RRULE:FREQ=WEEKLY;COUNT=6',
    `EXDATE;TZID=Europe/Madrid:${d(7)}T100000`,
    'SUMMARY:Entrenamiento \\, fútbol',
    'LOCATION:Cancha',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekly-1@test',
    'DTSTAMP:20260101T000000Z',
    `RECURRENCE-ID;TZID=Europe/Madrid:${d(14)}T100000`,
    `DTSTART;TZID=Europe/Madrid:${d(14)}T110000`,
    `DTEND;TZID=Europe/Madrid:${d(14)}T120000`,
    'SUMMARY:Entrenamiento (movido)',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekly-1@test',
    'DTSTAMP:20260101T000000Z',
    `RECURRENCE-ID;TZID=Europe/Madrid:${d(21)}T100000`,
    `DTSTART;TZID=Europe/Madrid:${d(21)}T100000`,
    `DTEND;TZID=Europe/Madrid:${d(21)}T110000`,
    'STATUS:CANCELLED',
    'SUMMARY:Entrenamiento',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:holiday@test',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${d(2)}`,
    `DTEND;VALUE=DATE:${d(4)}`,
    'SUMMARY:Puente festivo',
    'DESCRIPTION:Sin clases\\nNo hay transporte',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:utc@test',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${d(1)}T150000Z`,
    `DTEND:${d(1)}T160000Z`,
    'SUMMARY:Llamada',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:floating@test',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${d(1)}T080000`,
    `DTEND:${d(1)}T090000`,
    'SUMMARY:Desayuno',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:windows@test',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=Romance Standard Time:${d(5)}T180000`,
    `DTEND;TZID=Romance Standard Time:${d(5)}T190000`,
    'SUMMARY:Consejo',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:old@test',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20000101T100000Z',
    'DTEND:20000101T110000Z',
    'SUMMARY:Hace mucho',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A feed of one single event, for tests that only need something to import. */
export function oneEventFeed(uid: string, title: string, start: string): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//ES', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART:${compact(start)}T150000Z`, `DTEND:${compact(start)}T160000Z`, `SUMMARY:${title}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
}

const HUGE_CHUNK = Buffer.alloc(1024 * 1024, 'X');

function route(path: string, res: ServerResponse, server: FeedServer): void {
  const redirect = /^\/redirect\/(\d+)$/.exec(path);
  if (redirect) {
    const left = Number(redirect[1]);
    res.writeHead(302, { location: left <= 1 ? '/feed.ics' : `/redirect/${left - 1}` }).end();
    return;
  }
  switch (path) {
    case '/feed.ics':
      res.writeHead(server.feed.status, { 'content-type': 'text/calendar; charset=utf-8' }).end(server.feed.body);
      return;
    case '/error.ics':
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      return;
    case '/hang.ics':
      // Headers never come: the fetch must give up on its own.
      return;
    case '/page.html':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Not a calendar</body></html>');
      return;
    case '/huge.ics':
      // Chunked, no declared length: the reader must stop counting at 5 MB.
      res.writeHead(200, { 'content-type': 'text/calendar' });
      void (async () => {
        res.write('BEGIN:VCALENDAR\r\n');
        for (let i = 0; i < 6 && !res.destroyed; i++) if (!res.write(HUGE_CHUNK)) await once(res, 'drain');
        res.end();
      })().catch(() => {});
      return;
    case '/declared-huge.ics':
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(6 * 1024 * 1024) });
      res.end();
      return;
    case '/ftp-redirect':
      res.writeHead(302, { location: 'ftp://127.0.0.1/feed.ics' }).end();
      return;
    default:
      res.writeHead(404).end();
  }
}

/** Starts the feed server on a free port of 127.0.0.1. */
export async function startFeedServer(body = ''): Promise<FeedServer> {
  const sockets = new Set<Socket>();
  const hits = new Map<string, number>();
  let http: Server | null = null;
  const server: FeedServer = {
    base: '',
    feed: { status: 200, body },
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http?.close(() => resolve());
      }),
  };
  http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    route(path, res, server);
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  server.base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}
