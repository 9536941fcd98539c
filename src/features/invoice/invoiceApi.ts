import { adminBookingPath, bookingPath, bookingsApi, keyHeader } from '../../api/bookingsApi';
import type { BookingQuery } from '../../api/bookingsApi';
import type { InvoiceReply } from '../../domain/wire';

export const invoiceApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** A booking's tax invoice: the guest's with its key, the admin's (a signed-in session) without. */
    getInvoice: build.query<InvoiceReply, BookingQuery>({
      query: ({ bookingId, guestKey }) => ({
        url: `${guestKey ? bookingPath(bookingId) : adminBookingPath(bookingId)}/invoice`,
        headers: keyHeader(guestKey),
      }),
      providesTags: ['Invoice'],
    }),
  }),
});

export const { useGetInvoiceQuery } = invoiceApi;
