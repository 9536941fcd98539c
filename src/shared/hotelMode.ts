import { dateInZone, defaultHotelTimeZone } from '../domain/dates';

/**
 * Hotel mode: the project's own Node server serves the site and keeps the bookings, and says so
 * with <meta name="hotel-mode" content="on"> in every page it serves. The same build on a static
 * host has no such tag and stays browser-only. The tag is read once, the first time anything asks,
 * so no request is ever made to find out.
 */
let mode: boolean | undefined;

function readMeta(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector('meta[name="hotel-mode"]')?.getAttribute('content')?.trim().toLowerCase() === 'on';
}

export function isHotelMode(): boolean {
  mode ??= readMeta();
  return mode;
}

/** Tests choose the mode; `undefined` reads the page's tag again on the next question. */
export function forceHotelMode(on: boolean | undefined): void {
  mode = on;
}

/** The hotel's time zone, as its server says in <meta name="hotel-time-zone"> (HOTEL_TIME_ZONE), India by default. */
function hotelTimeZone(): string {
  if (typeof document === 'undefined') return defaultHotelTimeZone;
  return document.querySelector('meta[name="hotel-time-zone"]')?.getAttribute('content')?.trim() || defaultHotelTimeZone;
}

/** The hotel's date (YYYY-MM-DD) of an instant, whatever this device's zone: the day the desk took a payment. */
export function hotelDate(at: Date): string {
  try {
    return dateInZone(hotelTimeZone(), at);
  } catch {
    // A zone this browser does not know: India's, the hotel's unless its server says otherwise.
    return dateInZone(defaultHotelTimeZone, at);
  }
}
