import { useMemo } from 'react';
import { bookingStayEvent, stayCalendar } from '../domain/calendar';
import type { EventHotel } from '../domain/calendar';
import { nightsBetween } from '../domain/dates';
import site from './site.json';

export interface CalendarStay {
  bookingId: string;
  roomName: string;
  rooms?: number;
  checkIn: string | null;
  checkOut: string | null;
}

/**
 * The hotel as the emails' calendar file names it. The build writes the details into this code
 * as a constant (webpack.config.js, DefinePlugin) and so leaves out the other branch: read from
 * site.json here, they would join the store chunk's copy of site.json, which the booking screen's
 * budget counts. Elsewhere (tests, the prerender step) they come from site.json.
 */
const hotel: EventHotel = process.env.HOTEL_CONTACT ? (JSON.parse(process.env.HOTEL_CONTACT) as EventHotel) : site;

/** The file's name: the booking ID, kept to characters every file system takes. */
export const calendarFileName = (bookingId: string) => `stay-${bookingId.replace(/[^A-Za-z0-9_-]/g, '') || 'booking'}.ics`;

/**
 * "Add to calendar": the stay as an iCalendar file, downloaded from this page (nothing is sent
 * anywhere). The same event as the confirmation email's attachment (src/domain/calendar.ts), with
 * the same UID when the site is reached at the address its emails use, so a calendar that already
 * holds the stay updates it rather than adding another. None for a stay without dates.
 */
export function AddToCalendar({ stay, className = 'button button--secondary' }: { stay: CalendarStay; className?: string }) {
  const { bookingId, roomName, rooms = 1, checkIn, checkOut } = stay;
  const href = useMemo(() => {
    if (!checkIn || !checkOut || nightsBetween(checkIn, checkOut) < 1) return null;
    const text = stayCalendar(
      bookingStayEvent({ bookingId, roomName, rooms, checkIn, checkOut }, hotel, {
        domain: typeof window === 'undefined' ? '' : window.location.hostname,
        stamp: new Date().toISOString(),
      }),
    );
    return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
  }, [bookingId, roomName, rooms, checkIn, checkOut]);
  if (!href) return null;
  return (
    <a className={className} href={href} download={calendarFileName(bookingId)}>
      Add to calendar
    </a>
  );
}
