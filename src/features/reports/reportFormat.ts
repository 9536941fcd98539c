import { formatPaise } from '../../domain/tax';
import { formatCount } from '../../shared/money';

/**
 * How the reports screen writes its figures: counts with Indian grouping, money in rupees and
 * paise, ratios to one decimal, dates as "1 Dec 2026". A figure the hotel could not work out (no
 * rooms to sell, no stays) is a dash, and its words say why.
 */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longMonths = [
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
];

export const count = (n: number) => formatCount(n);
export const money = (paise: number | null) => (paise === null ? '—' : formatPaise(paise));
export const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
export const oneDecimal = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** 2026-12-01 as "1 Dec 2026" (or "1 Dec" without the year). */
export function shortDate(iso: string, withYear = true): string {
  const day = `${Number(iso.slice(8, 10))} ${months[Number(iso.slice(5, 7)) - 1]}`;
  return withYear ? `${day} ${iso.slice(0, 4)}` : day;
}

/** 2026-12 (or 2026-12-01) as "December 2026". */
export function monthName(iso: string): string {
  return `${longMonths[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** 2026-12 as "Dec 2026" (a chart's axis). */
export function shortMonth(iso: string): string {
  return `${months[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** Where a booking came from, as the owner says it. */
export function sourceName(source: string): string {
  const names: Record<string, string> = { website: 'Website', phone: 'Phone', 'walk-in': 'Walk-in', import: 'Imported' };
  return names[source] ?? source;
}

/** The order sources are drawn and listed in. */
export const sourceOrder = ['website', 'phone', 'walk-in', 'import'];
export const sourceRank = (source: string) => {
  const rank = sourceOrder.indexOf(source);
  return rank === -1 ? sourceOrder.length : rank;
};
