import type { To } from 'react-router-dom';

/**
 * The printable tax invoice of a booking (hotel mode): paths.invoice with the ID filled in. Kept
 * out of shared/paths.ts, whose code is in every page's entry chunk; only hotel screens link here.
 */
export function invoicePath(bookingId: string): string {
  return `/invoice/${encodeURIComponent(bookingId)}`;
}

/**
 * What proves the guest's right to the invoice when this browser holds no key for the booking
 * (issue 34: "the invoice is where the guest is"), kept in router state (history state: it
 * survives a reload of the tab and never shows in the address): the manage link's token, or the
 * email the guest looked the booking up with.
 */
export interface InvoiceState {
  manageToken?: string;
  lookupEmail?: string;
}

/**
 * The link to the invoice from where the guest sees the booking. From the manage page the token
 * rides after the address's # (as /manage#<token> does: a # never reaches a server, its logs or
 * another site's Referer), so that the link also opens in a new tab; the invoice page moves it
 * into history state at once. The email goes in router state only.
 */
export function invoiceLink(bookingId: string, proof: InvoiceState = {}): { to: To; state?: InvoiceState } {
  if (proof.manageToken) return { to: { pathname: invoicePath(bookingId), hash: encodeURIComponent(proof.manageToken) } };
  if (proof.lookupEmail) return { to: invoicePath(bookingId), state: { lookupEmail: proof.lookupEmail } };
  return { to: invoicePath(bookingId) };
}
