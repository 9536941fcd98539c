import { adminBookingPath, bookingPath, bookingsApi, bookingsChanged, keyHeader } from '../../api/bookingsApi';
import type {
  AdminPaymentsQuery,
  AdminPaymentsReply,
  GuestPaymentReply,
  PaymentPolicyQuery,
  PaymentPolicyReply,
  PaymentSettingsBody,
  PaymentSettingsReply,
  PaymentSummary,
  ReconcileReply,
  VoucherReply,
} from '../../domain/paymentsWire';

/** A booking's money, asked with the key this browser kept for it (or, for staff, without). */
export interface BookingPaymentQuery {
  bookingId: string;
  guestKey?: string;
}

/** A receipt or refund voucher: the guest's with its key, staff's without. */
export interface VoucherQuery {
  bookingId: string;
  voucherNumber: string;
  guestKey?: string;
}

/** Payments through Razorpay (issue 37, offers.payments): the guest's and the owner's, as server/API.md declares them. */
export const paymentApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The owner's payment policy in force, and with a stay what it costs now and at the hotel. */
    getPaymentPolicy: build.query<PaymentPolicyReply, PaymentPolicyQuery>({
      query: (query) => ({ url: 'payment-policy', params: query }),
      providesTags: ['Payments'],
    }),
    /** A booking's money: the guest's (with its key, and the booking) or staff's (without). */
    getBookingPayment: build.query<GuestPaymentReply | PaymentSummary, BookingPaymentQuery>({
      query: ({ bookingId, guestKey }) => ({
        url: `${guestKey ? bookingPath(bookingId) : adminBookingPath(bookingId)}/payment`,
        headers: keyHeader(guestKey),
      }),
      providesTags: ['Payments'],
    }),
    /** The link to pay a held booking (made when first asked); a hold not paid in time: its rooms again, while free, and a new link. */
    payAgain: build.mutation<GuestPaymentReply, BookingPaymentQuery>({
      query: ({ bookingId, guestKey }) => ({ url: `${bookingPath(bookingId)}/payment`, method: 'POST', headers: keyHeader(guestKey) }),
      invalidatesTags: ['Payments', 'Availability'],
    }),
    getVoucher: build.query<VoucherReply, VoucherQuery>({
      query: ({ bookingId, voucherNumber, guestKey }) => ({
        url: guestKey
          ? `${bookingPath(bookingId)}/vouchers/${encodeURIComponent(voucherNumber)}`
          : `admin/vouchers/${encodeURIComponent(voucherNumber)}`,
        headers: keyHeader(guestKey),
      }),
      providesTags: ['Payments'],
    }),
    /** The manage link's view of the booking's money (the token in the X-Manage-Token header). */
    getManagePayment: build.query<PaymentSummary, string>({
      query: (token) => ({ url: 'manage/payment', headers: { 'X-Manage-Token': token } }),
      providesTags: ['Payments', 'Manage'],
    }),
    getPaymentSettings: build.query<PaymentSettingsReply, void>({
      query: () => 'admin/payment-settings',
      providesTags: ['Payments'],
    }),
    savePaymentSettings: build.mutation<PaymentSettingsReply, PaymentSettingsBody>({
      query: (body) => ({ url: 'admin/payment-settings', method: 'PUT', body }),
      invalidatesTags: ['Payments'],
    }),
    /** The Payments screen: every payment, refund, event and voucher, and what needs the owner's attention. */
    getPayments: build.query<AdminPaymentsReply, AdminPaymentsQuery>({
      query: (query) => ({ url: 'admin/payments', params: query }),
      providesTags: ['Payments'],
    }),
    /** Asks Razorpay now about every open hold and refund. */
    reconcilePayments: build.mutation<ReconcileReply, void>({
      query: () => ({ url: 'admin/payments/reconcile', method: 'POST' }),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
  }),
});

export const {
  useGetPaymentPolicyQuery,
  useGetBookingPaymentQuery,
  usePayAgainMutation,
  useGetVoucherQuery,
  useGetManagePaymentQuery,
  useGetPaymentSettingsQuery,
  useSavePaymentSettingsMutation,
  useGetPaymentsQuery,
  useReconcilePaymentsMutation,
} = paymentApi;
