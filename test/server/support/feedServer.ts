import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '../../../src/domain/dates';

/**
 * A channel's calendar server in the test process, on loopback: each path answers what the test
 * set (a calendar, a status, a page, a redirect, a huge body, or nothing at all), and counts how
 * often it was read, as Airbnb's or Booking.com's servers would be read by the hotel.
 */
export type FeedAnswer =
  | { calendar: string; contentType?: string }
  | { status: number; body?: string; contentType?: string }
  | { redirect: string }
  | { hang: true }
  | { junkBytes: number; declareLength: boolean };

export interface FeedServer {
  base: string;
  /** What a path answers from now on. */
  set(path: string, answer: FeedAnswer): void;
  /** Reads of each path so far. */
  hits: Map<string, number>;
  url(path: string): string;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path);
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if ('calendar' in answer) {
      response.writeHead(200, { 'content-type': answer.contentType ?? 'text/calendar; charset=utf-8' }).end(answer.calendar);
    } else if ('status' in answer) {
      response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/html' }).end(answer.body ?? '');
    } else if ('redirect' in answer) {
      response.writeHead(302, { location: answer.redirect }).end();
    } else if ('hang' in answer) {
      // Headers sent, then nothing: a server that stalls mid-answer.
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n');
      hanging.add(response);
    } else {
      const chunk = Buffer.alloc(64 * 1024, 'A');
      response.writeHead(200, {
        'content-type': 'text/calendar',
        ...(answer.declareLength ? { 'content-length': String(answer.junkBytes) } : {}),
      });
      response.write('BEGIN:VCALENDAR\r\nX-JUNK:');
      let sent = 0;
      const pump = () => {
        while (sent < answer.junkBytes) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => undefined);
      pump();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    hits,
    set: (path, answer) => answers.set(path, answer),
    url: (path) => base + path,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const compact = (iso: string) => iso.replace(/-/g, '');
const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** A stay of the feed's: nights `first` to the day before `end`, as days from `today`. */
export interface FeedStay {
  uid: string;
  first: number;
  end: number;
}

/** An Airbnb listing's calendar export, as Airbnb writes it: all-day events, "Reserved" for its own sales and "Airbnb (Not available)" for blocked nights. */
export function airbnbCalendar(today: string, reserved: FeedStay[], blocked: FeedStay[] = []): string {
  const event = (stay: FeedStay, summary: string, description?: string) => [
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${compact(addDays(today, stay.end))}`,
    `DTSTART;VALUE=DATE:${compact(addDays(today, stay.first))}`,
    `UID:${stay.uid}@airbnb.com`,
    ...(description ? [`DESCRIPTION:${description}`] : []),
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ];
  return crlf([
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...reserved.flatMap((stay) =>
      event(
        stay,
        'Reserved',
        'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCD1234\\nPhone Number (Last 4 Digits): 4321',
      ),
    ),
    ...blocked.flatMap((stay) => event(stay, 'Airbnb (Not available)')),
    'END:VCALENDAR',
  ]);
}

/** A Booking.com room's calendar export: "CLOSED - Not available" for every night it will not sell. */
export function bookingComCalendar(today: string, closed: FeedStay[]): string {
  return crlf([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//admin.booking.com//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...closed.flatMap((stay) => [
      'BEGIN:VEVENT',
      `UID:${stay.uid}@booking.com`,
      'DTSTAMP:20261120T101500Z',
      `DTSTART;VALUE=DATE:${compact(addDays(today, stay.first))}`,
      `DTEND;VALUE=DATE:${compact(addDays(today, stay.end))}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}

/** A timed event of a generic exporter (Google Calendar, Outlook, a property system): DTSTART and DTEND as written. */
export interface TimedEvent {
  uid: string;
  start: string;
  end?: string;
  summary?: string;
  /** Raw extra lines (DURATION:P2D, STATUS:CANCELLED, RRULE:…). */
  extra?: string[];
}

/** A generic exporter's calendar: a VTIMEZONE of its own and events in any form RFC 5545 allows. */
export function genericCalendar(events: TimedEvent[]): string {
  return crlf([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example Property System//Calendar 3.1//EN',
    'X-WR-TIMEZONE:Asia/Kolkata',
    // A Windows zone name with its own definition, as Outlook writes it: +05:30, no daylight saving.
    'BEGIN:VTIMEZONE',
    'TZID:India Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      'DTSTAMP:20261120T101500Z',
      `DTSTART${event.start}`,
      ...(event.end ? [`DTEND${event.end}`] : []),
      `SUMMARY:${event.summary ?? 'Busy'}`,
      ...(event.extra ?? []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}
