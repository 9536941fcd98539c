import { bookingsApi } from '../../api/bookingsApi';
import type { FormCParticulars } from '../../domain/formC';
import type { FormCPendingReply, FormCReply, FormCSettings } from '../../domain/formCWire';

/** The path of a booking's Form C under /api (the ID as typed in the address, encoded). */
const formCPath = (bookingId: string) => `admin/form-c/${encodeURIComponent(bookingId)}`;

/** Where the FRRO export of a booking downloads from (a link, asked only when the button is pressed). */
export const formCExportUrl = (bookingId: string, format: 'csv' | 'json') => `/api/${formCPath(bookingId)}/export?format=${format}`;

/**
 * Form C for guests from abroad (issue 40). Every change answers with the booking's Form C as it
 * now is, which replaces the cached one; the pending list (tagged with the desk's day) is asked again.
 */
export const formCApi = bookingsApi.injectEndpoints({
  endpoints: (build) => {
    const write = <Arg extends { bookingId: string }>(request: (arg: Arg) => { url: string; method: string; body?: unknown }) =>
      build.mutation<FormCReply, Arg>({
        query: request,
        invalidatesTags: ['Desk'],
        async onQueryStarted({ bookingId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(formCApi.util.upsertQueryData('getFormC', bookingId, data));
        },
      });
    return {
      getFormC: build.query<FormCReply, string>({ query: (bookingId) => ({ url: formCPath(bookingId) }) }),
      /** Checked-in arrivals of today and yesterday whose Form C is unanswered or incomplete. */
      getFormCPending: build.query<FormCPendingReply, void>({ query: () => ({ url: 'admin/form-c' }), providesTags: ['Desk'] }),
      answerForeignGuests: write<{ foreignGuests: boolean; bookingId: string }>(({ bookingId, foreignGuests }) => ({
        url: `${formCPath(bookingId)}/answer`,
        method: 'PUT',
        body: { foreignGuests },
      })),
      addFormCGuest: write<{ guest: FormCParticulars; bookingId: string }>(({ bookingId, guest }) => ({
        url: `${formCPath(bookingId)}/guests`,
        method: 'POST',
        body: guest,
      })),
      changeFormCGuest: write<{ guestId: number; guest: FormCParticulars; bookingId: string }>(({ bookingId, guestId, guest }) => ({
        url: `${formCPath(bookingId)}/guests/${guestId}`,
        method: 'PUT',
        body: guest,
      })),
      removeFormCGuest: write<{ guestId: number; bookingId: string }>(({ bookingId, guestId }) => ({
        url: `${formCPath(bookingId)}/guests/${guestId}`,
        method: 'DELETE',
      })),
      /** The desk submitted it on the FRRO portal: from then on its guests cannot be removed. */
      markFormCSubmitted: write<{ bookingId: string }>(({ bookingId }) => ({
        url: `${formCPath(bookingId)}/submitted`,
        method: 'PUT',
        body: {},
      })),
      getFormCSettings: build.query<FormCSettings, void>({ query: () => ({ url: 'admin/form-c-settings' }) }),
      setFormCSettings: build.mutation<FormCSettings, FormCSettings>({
        query: (body) => ({ url: 'admin/form-c-settings', method: 'PUT', body }),
        async onQueryStarted(_, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(formCApi.util.upsertQueryData('getFormCSettings', undefined, data));
        },
      }),
    };
  },
});

export const {
  useGetFormCQuery,
  useGetFormCPendingQuery,
  useAnswerForeignGuestsMutation,
  useAddFormCGuestMutation,
  useChangeFormCGuestMutation,
  useRemoveFormCGuestMutation,
  useMarkFormCSubmittedMutation,
  useGetFormCSettingsQuery,
  useSetFormCSettingsMutation,
} = formCApi;
