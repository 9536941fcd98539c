import { adminBookingPath, bookingsApi } from '../../api/bookingsApi';
import type { ChargeBody, FolioReply, PaymentBody, Service, ServiceBody, ServicesReply } from '../../domain/folioWire';

/** The running bill at the desk and the owner's catalogue of services (issue 40; server/API.md "The bill at the desk"). */
export const folioApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    getServices: build.query<ServicesReply, void>({
      query: () => ({ url: 'admin/services' }),
      providesTags: ['Services'],
    }),
    /** Adds a service (no id) or changes one: the owner's. */
    saveService: build.mutation<Service, ServiceBody & { id?: number }>({
      query: ({ id, ...body }) =>
        id ? { url: `admin/services/${id}`, method: 'PUT', body } : { url: 'admin/services', method: 'POST', body },
      invalidatesTags: ['Services'],
    }),
    getBill: build.query<FolioReply, string>({
      query: (bookingId) => ({ url: `${adminBookingPath(bookingId)}/bill` }),
      providesTags: ['Bill'],
    }),
    postCharge: build.mutation<FolioReply, ChargeBody & { bookingId: string }>({
      query: ({ bookingId, ...body }) => ({ url: `${adminBookingPath(bookingId)}/bill/charges`, method: 'POST', body }),
      invalidatesTags: ['Bill', 'Invoice'],
    }),
    postPayment: build.mutation<FolioReply, PaymentBody & { bookingId: string }>({
      query: ({ bookingId, ...body }) => ({ url: `${adminBookingPath(bookingId)}/bill/payments`, method: 'POST', body }),
      invalidatesTags: ['Bill', 'Invoice'],
    }),
    reverseLine: build.mutation<FolioReply, { bookingId: string; lineId: number; note?: string }>({
      query: ({ bookingId, lineId, note }) => ({
        url: `${adminBookingPath(bookingId)}/bill/lines/${lineId}/reversal`,
        method: 'POST',
        body: note ? { note } : {},
      }),
      invalidatesTags: ['Bill', 'Invoice'],
    }),
  }),
});

export const {
  useGetServicesQuery,
  useSaveServiceMutation,
  useGetBillQuery,
  usePostChargeMutation,
  usePostPaymentMutation,
  useReverseLineMutation,
} = folioApi;
