/**
 * A count with its noun, "1 night", "3 nights", "1,200 bookings": the one plural of the site's
 * screens and emails. `many` is for nouns whose plural is not the singular with an s.
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
}
