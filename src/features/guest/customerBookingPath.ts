/**
 * A guest's view of one booking: paths.customerBooking with the ID filled in. Kept out of
 * shared/paths.ts, whose code is in every page's entry chunk; only screens link here.
 */
export function customerBookingPath(bookingId: string): string {
  return `/customer-booking/${encodeURIComponent(bookingId)}`;
}
