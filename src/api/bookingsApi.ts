import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery, setupListeners } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';
import type { BookingRecord } from '../domain/bookingRecord';
import type {
  AdminSession,
  AuditEntry,
  AvailabilityReply,
  BookingOutline,
  BurstBooking,
  BurstDeletedReply,
  Booking,
  BurstsReply,
  ClosureBody,
  DeskBookingBody,
  DeskReply,
  HotelSettings,
  InvoiceReply,
  LinkBody,
  ManageReply,
  MinStayBody,
  MoveReply,
  NewStaffBody,
  OccupancyReply,
  OutboxReply,
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
  OutOfServiceBody,
  PriceRuleBody,
  PricesReply,
  QuoteReply,
  RoomTypeBody,
  StaffReply,
  StatusMove,
  StayQuery,
} from '../domain/wire';
import type {
  BookingPaymentQuery,
  VoucherQuery,
  BookingQuery,
  BookingSource,
  BookingsPage,
  BurstFilter,
  Confirmed,
  ConfirmRequest,
  EmailChange,
  ExportFormat,
  ImportOutcome,
  ListQuery,
  ManageChange,
  RuleRemoval,
  SourceError,
  SourceHolder,
  SourceResult,
  StoreAccess,
} from './source';

/** Everything a change to the bookings can alter on the staff screens. */
const bookingsChanged = ['Bookings', 'Availability', 'Occupancy', 'Audit', 'Bursts', 'Desk', 'Payments'] as const;

const notOffered: SourceError = { status: 'CUSTOM_ERROR', error: 'Not offered', data: { message: 'This site does not offer that.' } };

/**
 * Runs one call on the store's source (RTK Query's queryFn, the documented way to put a source
 * other than plain HTTP behind an API). The source is the one the store was made with: the
 * hotel's server or this browser's storage (app/StoreProvider.tsx chooses).
 */
function onSource<T>(call: (source: BookingSource, store: StoreAccess) => Promise<SourceResult<T>> | undefined) {
  return async (api: StoreAccess & { extra: unknown }): Promise<SourceResult<T>> => {
    const { source } = api.extra as SourceHolder;
    const result = source ? await call(source, api) : undefined;
    if (!result) return { error: notOffered };
    // A staff call answered 401: the session has ended (expired, or signed out in another tab).
    if (result.error?.status === 401 && source?.offers.signIn)
      api.dispatch(bookingsApi.util.upsertQueryData('getSession', undefined, null) as unknown);
    return result;
  };
}

/**
 * The one API the screens ask for everything about bookings. Its data is cached per argument,
 * refetched when a change invalidates it, and shows in Redux DevTools, whichever source answers.
 */
export const bookingsApi = createApi({
  reducerPath: 'bookingsApi',
  baseQuery: fakeBaseQuery<SourceError>(),
  // A guest whose phone lost signal sees fresh data when it comes back.
  refetchOnReconnect: true,
  tagTypes: [
    'Session',
    'Bookings',
    'Booking',
    'Availability',
    'Occupancy',
    'Audit',
    'Bursts',
    'Outbox',
    'Manage',
    'Desk',
    'Staff',
    'Prices',
    'Invoice',
    'Payments',
  ],
  endpoints: (build) => ({
    /** The signed-in staff member, or null when nobody is signed in. */
    getSession: build.query<AdminSession | null, void>({
      queryFn: (_arg, api) => onSource((source, store) => source.session?.(store))(api),
      providesTags: ['Session'],
    }),
    signIn: build.mutation<AdminSession, { username: string; password: string }>({
      queryFn: (credentials, api) => onSource((source, store) => source.signIn?.(credentials, store))(api),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(bookingsApi.util.upsertQueryData('getSession', undefined, data));
      },
    }),
    signOut: build.mutation<null, void>({
      queryFn: (_arg, api) => onSource((source, store) => source.signOut?.(store))(api),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!done) return;
        // Nothing the staff member saw stays in this tab's memory after signing out.
        dispatch(bookingsApi.util.resetApiState());
        dispatch(bookingsApi.util.upsertQueryData('getSession', undefined, null));
      },
    }),
    getAvailability: build.query<AvailabilityReply, StayQuery>({
      queryFn: (stay, api) => onSource((source, store) => source.availability?.(stay, store))(api),
      // Rooms come and go with every booking: a guest returning to the screen sees fresh counts.
      keepUnusedDataFor: 30,
      providesTags: ['Availability'],
    }),
    /**
     * The hotel's nightly prices for a stay, as the confirmation screen shows its total before
     * confirming (issue 22). The same answer as getAvailability, but no change refetches it: a
     * confirm being retried must not set off other requests meanwhile.
     */
    getStayPrices: build.query<AvailabilityReply, StayQuery>({
      queryFn: (stay, api) => onSource((source, store) => source.availability?.(stay, store))(api),
      keepUnusedDataFor: 30,
    }),
    /** Confirms the draft: 'taken' in error.data means the Booking ID went to another booking meanwhile. */
    confirmBooking: build.mutation<Confirmed, ConfirmRequest>({
      queryFn: (request, api) => onSource((source, store) => source.confirm(request, store))(api),
      invalidatesTags: ['Availability', 'Bookings', 'Occupancy'],
    }),
    /** With the booking's guest key (or in this browser): all of it. Otherwise: that it exists, and its dates. */
    getBooking: build.query<{ booking: BookingRecord | BookingOutline }, BookingQuery>({
      queryFn: (query, api) => onSource((source, store) => source.getBooking(query, store))(api),
      providesTags: ['Booking'],
    }),
    /** All of it when the email matches the booking's (any case); otherwise the same 404 as an unknown ID. */
    lookupBooking: build.query<{ booking: BookingRecord }, { bookingId: string; email: string }>({
      queryFn: (query, api) => onSource((source, store) => source.lookup?.(query, store))(api),
      providesTags: ['Booking'],
    }),
    changeEmail: build.mutation<{ booking: BookingRecord }, EmailChange>({
      queryFn: (change, api) => onSource((source, store) => source.changeEmail(change, store))(api),
      // The screen puts the answer in the cache itself: asking the hotel again would spend the guest's lookups.
      invalidatesTags: ['Bookings', 'Audit'],
    }),
    /** Bookings whose ID, email or room contain `q` (any case), newest first, a page at a time. */
    listBookings: build.query<BookingsPage, ListQuery>({
      queryFn: (query, api) => onSource((source, store) => source.list(query, store))(api),
      providesTags: ['Bookings'],
    }),
    deleteBooking: build.mutation<{ bookingId: string }, string>({
      queryFn: (bookingId, api) => onSource((source, store) => source.remove(bookingId, store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    restoreBooking: build.mutation<{ bookingId: string }, string>({
      queryFn: (bookingId, api) => onSource((source, store) => source.restore?.(bookingId, store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    getOccupancy: build.query<OccupancyReply, { days: number }>({
      queryFn: (query, api) => onSource((source, store) => source.occupancy?.(query, store))(api),
      providesTags: ['Occupancy'],
    }),
    getAudit: build.query<{ items: AuditEntry[] }, void>({
      queryFn: (_arg, api) => onSource((source, store) => source.audit?.(store))(api),
      providesTags: ['Audit'],
    }),
    /** The addresses and emails with the most bookings made in the last `hours`, most first. */
    getBursts: build.query<BurstsReply, { hours: number }>({
      queryFn: (query, api) => onSource((source, store) => source.bursts?.(query, store))(api),
      providesTags: ['Bursts'],
    }),
    /** The live bookings made from one address or for one email in the last `hours`, newest first. */
    getBurstBookings: build.query<{ items: BurstBooking[] }, BurstFilter>({
      queryFn: (filter, api) => onSource((source, store) => source.burstBookings?.(filter, store))(api),
      providesTags: ['Bursts'],
    }),
    /** Deletes them all at once (soft: each can be restored for 30 days). */
    deleteBurst: build.mutation<BurstDeletedReply, BurstFilter>({
      queryFn: (filter, api) => onSource((source, store) => source.deleteBurst?.(filter, store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** The hotel's emails, newest first, each with its state and rendered message (the hotel only). */
    getOutbox: build.query<OutboxReply, { limit: number }>({
      queryFn: (query, api) => onSource((source, store) => source.outbox?.(query, store))(api),
      providesTags: ['Outbox'],
    }),
    /** Sends one message again: due now, tries counted afresh, the same Message-ID (held again without SMTP). */
    resendMessage: build.mutation<{ resent: number }, number>({
      queryFn: (id, api) => onSource((source, store) => source.resendMessage?.(id, store))(api),
      invalidatesTags: ['Outbox'],
    }),
    /** The booking a manage link opens (the token from the link's #, sent in a header). */
    getManagedBooking: build.query<ManageReply, string>({
      queryFn: (token, api) => onSource((source, store) => source.manage?.(token, store))(api),
      providesTags: ['Manage'],
    }),
    /** The new total of a changed stay, before the guest confirms it (a mutation: each quote is asked afresh). */
    quoteStayChange: build.mutation<QuoteReply, ManageChange>({
      queryFn: (change, api) => onSource((source, store) => source.quoteChange?.(change, store))(api),
    }),
    /** Changes the dates or rooms: all of the new stay or nothing; the screen's manage data becomes the answer. */
    changeStay: build.mutation<ManageReply, ManageChange>({
      queryFn: (change, api) => onSource((source, store) => source.changeStay?.(change, store))(api),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(bookingsApi.util.upsertQueryData('getManagedBooking', token, data));
      },
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    cancelStay: build.mutation<ManageReply, string>({
      queryFn: (token, api) => onSource((source, store) => source.cancelStay?.(token, store))(api),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(bookingsApi.util.upsertQueryData('getManagedBooking', token, data));
      },
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** "Email me my booking link": the same answer whether the ID and email match or not. */
    emailBookingLink: build.mutation<{ message: string }, LinkBody>({
      queryFn: (body, api) => onSource((source, store) => source.emailLink?.(body, store))(api),
    }),
    /** A day at the front desk (the hotel's today without a date): arrivals, departures, guests in the house. */
    getDesk: build.query<DeskReply, { date?: string }>({
      queryFn: (query, api) => onSource((source, store) => source.desk?.(query, store))(api),
      providesTags: ['Desk'],
    }),
    /** Check in, check out, no-show or cancel: only the moves the rules allow (src/domain/bookingStatus.ts). */
    moveBooking: build.mutation<MoveReply, { bookingId: string; to: StatusMove }>({
      queryFn: (move, api) => onSource((source, store) => source.moveBooking?.(move, store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** Undoes the booking's last move. */
    undoBookingMove: build.mutation<MoveReply, string>({
      queryFn: (bookingId, api) => onSource((source, store) => source.undoBookingMove?.(bookingId, store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** A phone or walk-in booking entered by staff (same inventory, same IDs, the guest's email). */
    createDeskBooking: build.mutation<{ booking: Booking; payment?: PaymentSummary }, DeskBookingBody>({
      queryFn: (body, api) => onSource((source, store) => source.deskBooking?.(body, store))(api),
      invalidatesTags: [...bookingsChanged],
    }),
    getStaff: build.query<StaffReply, void>({
      queryFn: (_arg, api) => onSource((source, store) => source.staff?.(store))(api),
      providesTags: ['Staff'],
    }),
    addStaff: build.mutation<{ username: string }, NewStaffBody>({
      queryFn: (body, api) => onSource((source, store) => source.addStaff?.(body, store))(api),
      invalidatesTags: ['Staff'],
    }),
    removeStaff: build.mutation<null, string>({
      queryFn: (username, api) => onSource((source, store) => source.removeStaff?.(username, store))(api),
      invalidatesTags: ['Staff'],
    }),
    setStaffPassword: build.mutation<null, { username: string; password: string }>({
      queryFn: (change, api) => onSource((source, store) => source.setStaffPassword?.(change, store))(api),
      invalidatesTags: ['Staff'],
    }),
    /** The owner's calendar: each night's price, rooms left and closure per room type, the rules and the legal details. */
    getPrices: build.query<PricesReply, { from?: string; days: number }>({
      queryFn: (query, api) => onSource((source, store) => source.prices?.(query, store))(api),
      providesTags: ['Prices'],
    }),
    saveRoomType: build.mutation<unknown, { roomId: string; body: RoomTypeBody }>({
      queryFn: (change, api) => onSource((source, store) => source.saveRoomType?.(change, store))(api),
      invalidatesTags: ['Prices', 'Availability', 'Occupancy'],
    }),
    setOutOfService: build.mutation<unknown, { roomId: string; body: OutOfServiceBody }>({
      queryFn: (change, api) => onSource((source, store) => source.setOutOfService?.(change, store))(api),
      invalidatesTags: ['Prices', 'Availability', 'Occupancy'],
    }),
    addPriceRule: build.mutation<unknown, PriceRuleBody>({
      queryFn: (body, api) => onSource((source, store) => source.addPriceRule?.(body, store))(api),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    addClosure: build.mutation<unknown, ClosureBody>({
      queryFn: (body, api) => onSource((source, store) => source.addClosure?.(body, store))(api),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    addMinStay: build.mutation<unknown, MinStayBody>({
      queryFn: (body, api) => onSource((source, store) => source.addMinStay?.(body, store))(api),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    removeRule: build.mutation<null, RuleRemoval>({
      queryFn: (removal, api) => onSource((source, store) => source.removeRule?.(removal, store))(api),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    saveHotelSettings: build.mutation<HotelSettings, HotelSettings>({
      queryFn: (settings, api) => onSource((source, store) => source.saveHotelSettings?.(settings, store))(api),
      invalidatesTags: ['Prices', 'Invoice'],
    }),
    /** A booking's tax invoice: the guest's with its key, the admin's without. */
    getInvoice: build.query<InvoiceReply, BookingQuery>({
      queryFn: (query, api) => onSource((source, store) => source.invoice?.(query, store))(api),
      providesTags: ['Invoice'],
    }),
    /** The owner's payment policy in force, and with a stay what it costs now and at the hotel (issue 37). */
    getPaymentPolicy: build.query<PaymentPolicyReply, PaymentPolicyQuery>({
      queryFn: (query, api) => onSource((source, store) => source.paymentPolicy?.(query, store))(api),
      providesTags: ['Payments'],
    }),
    /** A booking's money: the guest's (with its key, and the booking) or staff's (without). */
    getBookingPayment: build.query<GuestPaymentReply | PaymentSummary, BookingPaymentQuery>({
      queryFn: (query, api) => onSource((source, store) => source.bookingPayment?.(query, store))(api),
      providesTags: ['Payments'],
    }),
    /** A hold not paid in time: its rooms again (while free) and a new link; or the link it has. */
    payAgain: build.mutation<GuestPaymentReply, BookingPaymentQuery>({
      queryFn: (query, api) => onSource((source, store) => source.payAgain?.(query, store))(api),
      invalidatesTags: ['Payments', 'Availability'],
    }),
    getVoucher: build.query<VoucherReply, VoucherQuery>({
      queryFn: (query, api) => onSource((source, store) => source.voucher?.(query, store))(api),
      providesTags: ['Payments'],
    }),
    getManagePayment: build.query<PaymentSummary, string>({
      queryFn: (token, api) => onSource((source, store) => source.managePayment?.(token, store))(api),
      providesTags: ['Payments', 'Manage'],
    }),
    getPaymentSettings: build.query<PaymentSettingsReply, void>({
      queryFn: (_arg, api) => onSource((source, store) => source.paymentSettings?.(store))(api),
      providesTags: ['Payments'],
    }),
    savePaymentSettings: build.mutation<PaymentSettingsReply, PaymentSettingsBody>({
      queryFn: (body, api) => onSource((source, store) => source.savePaymentSettings?.(body, store))(api),
      invalidatesTags: ['Payments'],
    }),
    /** The Payments screen: every payment, refund, event and voucher, and what needs the owner's attention. */
    getPayments: build.query<AdminPaymentsReply, AdminPaymentsQuery>({
      queryFn: (query, api) => onSource((source, store) => source.payments?.(query, store))(api),
      providesTags: ['Payments'],
    }),
    reconcilePayments: build.mutation<ReconcileReply, void>({
      queryFn: (_arg, api) => onSource((source, store) => source.reconcilePayments?.(store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** A JSON backup's text: what the keeper lacks is added, nothing it has is changed. */
    importBackup: build.mutation<ImportOutcome, string>({
      queryFn: (text, api) => onSource((source, store) => source.importBackup(text, store))(api),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** Every booking as a file's text, fetched when asked for (a mutation: nothing to keep in the cache). */
    exportBookings: build.mutation<string, ExportFormat>({
      queryFn: (format, api) => onSource((source, store) => source.exportBookings(format, store))(api),
    }),
  }),
});

export type BookingsApi = typeof bookingsApi;

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSignOutMutation,
  useGetAvailabilityQuery,
  useGetStayPricesQuery,
  useConfirmBookingMutation,
  useGetBookingQuery,
  useLookupBookingQuery,
  useLazyLookupBookingQuery,
  useChangeEmailMutation,
  useListBookingsQuery,
  useDeleteBookingMutation,
  useRestoreBookingMutation,
  useGetOccupancyQuery,
  useGetAuditQuery,
  useImportBackupMutation,
  useExportBookingsMutation,
  useGetBurstsQuery,
  useGetBurstBookingsQuery,
  useDeleteBurstMutation,
  useGetOutboxQuery,
  useResendMessageMutation,
  useGetManagedBookingQuery,
  useQuoteStayChangeMutation,
  useChangeStayMutation,
  useCancelStayMutation,
  useEmailBookingLinkMutation,
  useGetDeskQuery,
  useMoveBookingMutation,
  useUndoBookingMoveMutation,
  useCreateDeskBookingMutation,
  useGetStaffQuery,
  useAddStaffMutation,
  useRemoveStaffMutation,
  useSetStaffPasswordMutation,
  useGetPricesQuery,
  useSaveRoomTypeMutation,
  useSetOutOfServiceMutation,
  useAddPriceRuleMutation,
  useAddClosureMutation,
  useAddMinStayMutation,
  useRemoveRuleMutation,
  useSaveHotelSettingsMutation,
  useGetInvoiceQuery,
  useGetPaymentPolicyQuery,
  useGetBookingPaymentQuery,
  usePayAgainMutation,
  useGetVoucherQuery,
  useGetManagePaymentQuery,
  useGetPaymentSettingsQuery,
  useSavePaymentSettingsMutation,
  useGetPaymentsQuery,
  useReconcilePaymentsMutation,
} = bookingsApi;

/** A full booking, as opposed to the outline the hotel shows without a key or email. */
export function isFullBooking(booking: BookingRecord | BookingOutline | undefined): booking is BookingRecord {
  return booking !== undefined && 'email' in booking;
}

/** Refetches what is on screen when the tab regains focus or the network returns. */
export function followBrowserEvents(dispatch: Parameters<typeof setupListeners>[0]): () => void {
  return setupListeners(dispatch);
}

/** The store as RTK Query's own cache thunks (util.updateQueryData and the like) see it: with the API's cache. */
type ApiState = { [path in BookingsApi['reducerPath']]: ReturnType<BookingsApi['reducer']> };
/** Dispatch for the API's cache thunks; the app's AppDispatch does not name the API's state, which joins the store later. */
export const useApiDispatch = useDispatch.withTypes<ThunkDispatch<ApiState, unknown, UnknownAction>>();
