/**
 * One booking's Form C at the desk (issue 40): paths.adminFormCBooking with the ID filled in. Kept
 * out of shared/paths.ts, whose code is in every page's entry chunk; only the desk links here.
 */
export function formCPath(bookingId: string): string {
  return `/admin-desk/form-c/${encodeURIComponent(bookingId)}`;
}
