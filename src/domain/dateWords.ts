/**
 * Dates in words, as the site's screens, emails and messages say them (YYYY-MM-DD in, whatever
 * this device's zone: a date here is a calendar day, not an instant). Written once for the server
 * and the browser.
 */

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Sunday first, as Date's getUTCDay counts them. */
const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const monthOf = (iso: string) => monthNames[Number(iso.slice(5, 7)) - 1]!;
const shortMonthOf = (iso: string) => monthOf(iso).slice(0, 3);

/** The weekday of a date, "Mon". */
export const weekdayOf = (iso: string) => weekdayNames[new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay()]!;

/** 2026-12-24 as "24 December 2026", or with its weekday "Thu, 24 December 2026". */
export function longDate(iso: string, { weekday = false } = {}): string {
  const date = `${Number(iso.slice(8, 10))} ${monthOf(iso)} ${iso.slice(0, 4)}`;
  return weekday ? `${weekdayOf(iso)}, ${date}` : date;
}

/** 2026-12-01 as "1 Dec 2026", or "1 Dec" without the year. */
export function shortDate(iso: string, withYear = true): string {
  const day = `${Number(iso.slice(8, 10))} ${shortMonthOf(iso)}`;
  return withYear ? `${day} ${iso.slice(0, 4)}` : day;
}

/** 2026-12 (or any date in it) as "December 2026". */
export const monthName = (iso: string) => `${monthOf(iso)} ${iso.slice(0, 4)}`;

/** 2026-12 as "Dec 2026" (a chart's axis). */
export const shortMonth = (iso: string) => `${shortMonthOf(iso)} ${iso.slice(0, 4)}`;
