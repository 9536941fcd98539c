/**
 * A whole number grouped the Indian way: 120000 as "1,20,000". Written out rather than with
 * toLocaleString('en-IN'), whose formatter costs a phone about 25 ms to build (src/shared/money.ts).
 */
export function groupedIndian(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * A count with its noun, "1 night", "3 nights", "1,200 bookings": the one plural of the site's
 * screens and emails. `many` is for nouns whose plural is not the singular with an s.
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${groupedIndian(count)} ${count === 1 ? one : many}`;
}
