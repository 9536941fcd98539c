import { formatPaise } from '../../domain/tax';
import { formatCount } from '../../shared/money';

/**
 * How the reports screen writes its figures: counts with Indian grouping, money in rupees and
 * paise, ratios to one decimal, dates as "1 Dec 2026". A figure the hotel could not work out (no
 * rooms to sell, no stays) is a dash, and its words say why.
 */

export { monthName, shortDate, shortMonth } from '../../domain/dateWords';

export const count = (n: number) => formatCount(n);
export const money = (paise: number | null) => (paise === null ? '—' : formatPaise(paise));
export const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
export const oneDecimal = (value: number | null) => (value === null ? '—' : value.toFixed(1));

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
