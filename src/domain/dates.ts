/**
 * Dates travel through the store and storage as YYYY-MM-DD strings (serializable, sortable);
 * guests see them as MM/DD/YYYY. These helpers avoid moment so that screens without the date
 * picker do not load it.
 */
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = isoDate.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function formatDisplayDate(value: string | null | undefined, fallback = 'Not Selected'): string {
  if (!isIsoDate(value)) return fallback;
  const [y, m, d] = value.split('-');
  return `${m}/${d}/${y}`;
}

/** Whole nights between two ISO dates; 0 when either is missing or the order is wrong. */
export function nightsBetween(checkIn: string | null | undefined, checkOut: string | null | undefined): number {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) return 0;
  const nights = (Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000;
  return nights > 0 ? Math.round(nights) : 0;
}

/** Today in this device's time zone as YYYY-MM-DD: the browser-only site's today (its bookings are the guest's). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Where the hotel is unless it says otherwise (the server's HOTEL_TIME_ZONE, the page's hotel-time-zone tag). */
export const defaultHotelTimeZone = 'Asia/Kolkata';

// One formatter per time zone, kept: making one costs 50 µs of CPU or more (measured: a quarter of
// the server's CPU per confirm in bench:api went to making them), using one costs 1 µs.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date (YYYY-MM-DD) at `timeZone` of an instant. The hotel's "today" is this at its zone, on
 * the server and in the browser in hotel mode alike: a guest abroad, whose own date is a day
 * behind or ahead of India's for hours of every day, is offered the nights the hotel sells.
 */
export function dateInZone(timeZone: string, at: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/**
 * Reads dates written by the earlier version of the site (MM/DD/YYYY, full ISO timestamps or
 * Date strings) as YYYY-MM-DD; null when there is no usable date.
 */
export function toIsoDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '' || value === 'Not Selected') return null;
  if (typeof value !== 'string') return undefined;
  if (isIsoDate(value)) return value;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (us) {
    const candidate = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
    return isIsoDate(candidate) ? candidate : undefined;
  }
  // Timestamps and Date strings: the calendar day in the guest's time zone.
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : todayIso(parsed);
}

/** The date `days` after an ISO date, as YYYY-MM-DD (calendar days: no time zone or daylight saving involved). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A moment (an ISO timestamp) in the guest's time zone as MM/DD/YYYY HH:MM; the text as it is when unreadable. */
export function formatDisplayDateTime(timestamp: string): string {
  const at = new Date(timestamp);
  if (Number.isNaN(at.getTime())) return timestamp;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDisplayDate(todayIso(at))} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
