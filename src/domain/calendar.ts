import { nightsBetween } from './dates';

/**
 * An iCalendar file (RFC 5545) for one stay: the confirmation email's attachment, and the
 * browser's "Add to calendar" download, from the same code. An all-day event from check-in to
 * check-out (DTEND is the check-out day, exclusive, as RFC 5545 reads all-day events). The UID
 * is the booking's, so a changed stay (higher SEQUENCE) or a cancel (METHOD:CANCEL) replaces
 * the event a calendar already holds.
 */
export interface StayEvent {
  /** Stable for the booking: `${bookingId}@${domain}`. */
  uid: string;
  /** 0 for the first file, higher for every later one (a change, a cancel). */
  sequence: number;
  checkIn: string;
  checkOut: string;
  summary: string;
  location: string;
  description: string;
  /** When the file is made (DTSTAMP), an ISO timestamp: the domain core never reads the clock itself. */
  stamp: string;
  /** The hotel, as the event's organiser (required by a CANCEL). */
  organizer?: { name: string; email: string };
  /** PUBLISH: add or update the event; CANCEL: remove it. */
  method?: 'PUBLISH' | 'CANCEL';
}

/** Backslash, semicolon, comma and line breaks escaped as a TEXT value needs. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const dateValue = (iso: string) => iso.replace(/-/g, '');

function stampValue(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The whole file, CRLF line ends, ready to attach or download as text/calendar. */
export function stayCalendar(event: StayEvent): string {
  const method = event.method ?? 'PUBLISH';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hotel site//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stampValue(event.stamp)}`,
    `DTSTART;VALUE=DATE:${dateValue(event.checkIn)}`,
    `DTEND;VALUE=DATE:${dateValue(event.checkOut)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.organizer ? [`ORGANIZER;CN=${event.organizer.name.replace(/[";:,]/g, ' ')}:mailto:${event.organizer.email}`] : []),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The hotel as a stay's calendar event names it (src/shared/site.json; the server reads the same file). */
export interface EventHotel {
  name: string;
  address: string[];
  phone: string;
  email?: string;
}

/** The parts of a booking its calendar event tells. */
export interface EventBooking {
  bookingId: string;
  roomName: string;
  rooms: number;
  checkIn: string;
  checkOut: string;
}

/**
 * The event for one booking's stay, as the emails attach it and the browser's "Add to calendar"
 * offers it: the same UID (`<bookingId>@<the site's host>`), summary, place and description.
 */
export function bookingStayEvent(
  booking: EventBooking,
  hotel: EventHotel,
  options: { domain: string; stamp: string; sequence?: number; method?: 'PUBLISH' | 'CANCEL' },
): StayEvent {
  const { bookingId, roomName, rooms, checkIn, checkOut } = booking;
  return {
    uid: `${bookingId}@${options.domain || 'hotel.invalid'}`,
    sequence: options.sequence ?? 0,
    checkIn,
    checkOut,
    summary: `${hotel.name}: ${roomName} (${bookingId})`,
    location: [hotel.name, ...hotel.address].join(', '),
    description: `Booking ${bookingId}: ${rooms} × ${roomName}, ${nightsBetween(checkIn, checkOut)} nights. Phone: ${hotel.phone}`,
    stamp: options.stamp,
    organizer: hotel.email ? { name: hotel.name, email: hotel.email } : undefined,
    method: options.method,
  };
}

/** One all-day event of a published calendar (a room's, a room type's): the nights first to end, exclusive. */
export interface CalendarBlock {
  /** Stable for what it stands for, so a reader updates the event it holds rather than adding one. */
  uid: string;
  first: string;
  /** The check-out: the day after the last night (DTEND of an all-day event). */
  end: string;
  summary: string;
}

/**
 * A calendar others subscribe to (issue 38: Airbnb, Booking.com and the rest read it): all-day
 * VALUE=DATE events, DTEND exclusive, CRLF line ends. An event that goes from the file is gone for
 * its readers (cancelled), which is how every channel reads an iCal feed.
 */
export function publishedCalendar(name: string, events: readonly CalendarBlock[], stamp: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hotel site//Rooms//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events)
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stampValue(stamp)}`,
      `DTSTART;VALUE=DATE:${dateValue(event.first)}`,
      `DTEND;VALUE=DATE:${dateValue(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
