/**
 * The printable tax invoice of a booking (hotel mode): paths.invoice with the ID filled in. Kept
 * out of shared/paths.ts, whose code is in every page's entry chunk; only hotel screens link here.
 */
export function invoicePath(bookingId: string): string {
  return `/invoice/${encodeURIComponent(bookingId)}`;
}
