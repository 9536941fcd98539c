import { adminBookingPath, bookingPath, bookingsApi, keyHeader } from '../../api/bookingsApi';
import type { BookingQuery } from '../../api/bookingsApi';
import type { InvoiceReply } from '../../domain/pricesWire';

/** A booking's tax invoice: the guest's proof, any of them (issue 34); without one, staff's copy. */
export interface InvoiceQuery extends BookingQuery {
  /** The manage link's token (sent in the X-Manage-Token header). */
  manageToken?: string;
  /** The email the guest looked the booking up with (sent in a body, never in a URL). */
  lookupEmail?: string;
}

export const invoiceApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The guest's copy: with the email in a body (never a URL), else the key or the manage link's
     * token in headers; with none, staff's copy (a signed-in session).
     */
    getInvoice: build.query<InvoiceReply, InvoiceQuery>({
      query: ({ bookingId, guestKey, manageToken, lookupEmail }) =>
        lookupEmail
          ? { url: 'bookings/invoice', method: 'POST', body: { bookingId, email: lookupEmail } }
          : {
              url: `${guestKey || manageToken ? bookingPath(bookingId) : adminBookingPath(bookingId)}/invoice`,
              // The name is written out: a value from domain/wire.ts would bring its schemas into the bundle.
              headers: { ...keyHeader(guestKey), ...(manageToken ? { 'X-Manage-Token': manageToken } : {}) },
            },
      providesTags: ['Invoice'],
    }),
  }),
});

export const { useGetInvoiceQuery } = invoiceApi;
