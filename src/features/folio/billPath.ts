/**
 * A stay's running bill at the desk (issue 40): paths.adminBill with the ID filled in. Kept out of
 * shared/paths.ts, whose code is in every page's entry chunk; only the desk links here.
 */
export function billPath(bookingId: string): string {
  return `/admin-desk/bill/${encodeURIComponent(bookingId)}`;
}
