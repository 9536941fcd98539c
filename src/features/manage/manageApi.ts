import { bookingsApi, bookingsChanged } from '../../api/bookingsApi';
import type { ManageChangeBody, ManageReply, QuoteReply } from '../../domain/wire';

/** A new stay for the booking a manage link opens: the link's token (sent in a header, never in a URL) and the stay. */
export type ManageChange = ManageChangeBody & { token: string };

/** The manage link's token, from the link's #: in this header only, never in a URL (server/API.md). */
// The name is written out: a value from domain/wire.ts would bring its schemas into the bundle (wire.ts's manageTokenHeader).
const manageHeader = (token: string) => ({ 'X-Manage-Token': token });

export const manageApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The booking a manage link opens, its cancellation policy and whether it can still be changed. */
    getManagedBooking: build.query<ManageReply, string>({
      query: (token) => ({ url: 'manage', headers: manageHeader(token) }),
      providesTags: ['Manage'],
    }),
    /** The new total and rooms left of a changed stay, before the guest confirms it; changes nothing (a mutation: each quote is asked afresh). */
    quoteStayChange: build.mutation<QuoteReply, ManageChange>({
      query: ({ token, checkIn, checkOut, rooms }) => ({
        url: 'manage/quote',
        method: 'POST',
        body: { checkIn, checkOut, rooms },
        headers: manageHeader(token),
      }),
    }),
    /** Changes the dates or rooms: all of the new stay or nothing; the screen's manage data becomes the answer. */
    changeStay: build.mutation<ManageReply, ManageChange>({
      query: ({ token, checkIn, checkOut, rooms }) => ({
        url: 'manage',
        method: 'PUT',
        body: { checkIn, checkOut, rooms },
        headers: manageHeader(token),
      }),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(manageApi.util.upsertQueryData('getManagedBooking', token, data));
      },
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    cancelStay: build.mutation<ManageReply, string>({
      query: (token) => ({ url: 'manage/cancel', method: 'POST', headers: manageHeader(token) }),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(manageApi.util.upsertQueryData('getManagedBooking', token, data));
      },
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
  }),
});

export const { useGetManagedBookingQuery, useQuoteStayChangeMutation, useChangeStayMutation, useCancelStayMutation } = manageApi;
