import { addDays } from '../../domain/dates';
import { longDate } from '../../domain/dateWords';

/** Dates, amounts and weekdays as the Prices & rooms screen words them. */

/** Monday first, as the calendar's columns. */
export const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export { longDate, monthName } from '../../domain/dateWords';

/** "8000" or "7,500.01" (rupees) as paise; null when it is not an amount. */
export function toPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as the rupees a field shows: "8000" or "7500.01". */
export const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** Monday 1 .. Sunday 7 of an ISO date. */
export const isoWeekday = (iso: string) => ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** " (Fri, Sat nights)" for a rule on some weekdays; nothing for every night. */
export const weekdaysWords = (weekdays: readonly number[] | null) =>
  weekdays ? ` (${weekdays.map((d) => weekdayNames[d - 1]).join(', ')} nights)` : '';

/** "the night of 24 December 2026" or "the nights from 24 December 2026 to 2 January 2027". */
export const nightsWords = (r: { firstNight: string; lastNight: string }) =>
  r.firstNight === r.lastNight
    ? `the night of ${longDate(r.firstNight)}`
    : `the nights from ${longDate(r.firstNight)} to ${longDate(r.lastNight)}`;

/** "24 December 2026" or "24 December 2026 – 2 January 2027". */
export const spanWords = (r: { firstNight: string; lastNight: string }) =>
  r.firstNight === r.lastNight ? longDate(r.firstNight) : `${longDate(r.firstNight)} – ${longDate(r.lastNight)}`;

/** The first day of the month `count` months after the month of `iso` (YYYY-MM-01). */
export function monthStart(iso: string, count = 0): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const month = y * 12 + (m - 1) + count;
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month of `iso`. */
export const monthEnd = (iso: string) => addDays(monthStart(iso, 1), -1);
