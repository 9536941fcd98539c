/**
 * Hotel mode with payments (issue 37): paths.bookingPayment and paths.voucher with their IDs filled
 * in. Kept out of shared/paths.ts, whose code is in every page's entry chunk; only hotel screens
 * link here (as invoicePath.ts does for the invoice).
 */
export function bookingPaymentPath(bookingId: string): string {
  return `/booking-payment/${encodeURIComponent(bookingId)}`;
}

export function voucherPath(bookingId: string, voucherNumber: string): string {
  return `/voucher/${encodeURIComponent(bookingId)}/${encodeURIComponent(voucherNumber)}`;
}
