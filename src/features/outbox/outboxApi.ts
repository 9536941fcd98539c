import { bookingsApi } from '../../api/bookingsApi';
import type { OutboxReply } from '../../domain/outboxWire';

export const outboxApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The hotel's emails, newest first, each with its state and rendered message (the hotel only). */
    getOutbox: build.query<OutboxReply, { limit: number }>({
      query: ({ limit }) => ({ url: 'admin/outbox', params: { limit } }),
      providesTags: ['Outbox'],
    }),
    /** Sends one message again: due now, tries counted afresh, the same Message-ID (held again without SMTP). */
    resendMessage: build.mutation<{ resent: number }, number>({
      query: (id) => ({ url: `admin/outbox/${encodeURIComponent(String(id))}/resend`, method: 'POST' }),
      invalidatesTags: ['Outbox'],
    }),
  }),
});

export const { useGetOutboxQuery, useResendMessageMutation } = outboxApi;
