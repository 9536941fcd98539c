import type { Dispatch, Middleware } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { BookingsApi } from './bookingsApi';
import type { BookingRecord } from '../domain/bookingRecord';
import type { ChosenStay } from '../domain/stay';
import type {
  AdminSession,
  AuditEntry,
  AvailabilityReply,
  Booking,
  BookingOutline,
  BurstBooking,
  BurstDeletedReply,
  BurstsReply,
  BookingStatus,
  ClosureBody,
  DeskBookingBody,
  DeskReply,
  HotelSettings,
  InvoiceReply,
  LinkBody,
  ManageChangeBody,
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

import type { Offers } from './offers';

export type { Offers };

/**
 * How a request failed, in one shape for both sources (RTK Query's own): a number is the
 * server's status, 'FETCH_ERROR' / 'TIMEOUT_ERROR' no answer at all, 'CUSTOM_ERROR' this
 * browser's storage refusing. `data.message` is written for a person.
 */
export type SourceError = FetchBaseQueryError;
export type SourceResult<T> = { data: T; error?: undefined } | { error: SourceError; data?: undefined };

/** A refusal from this browser's storage, with its words for the guest. */
export function storageRefusal(message: string, details: Record<string, unknown> = {}): { error: SourceError } {
  return { error: { status: 'CUSTOM_ERROR', error: message, data: { message, ...details } } };
}

export interface ConfirmRequest {
  /** The Booking ID the guest was shown; the hotel may store the booking under a free one. */
  bookingId: string;
  /** The draft's idempotency key: sent again on a retry, the booking is stored once. */
  draftId: string;
  /** The secret this browser keeps with its copy (the hotel keeps its hash). */
  guestKey: string;
  email: string;
  stay: ChosenStay;
}

export interface Confirmed {
  booking: BookingRecord;
  /** False when this browser refused to keep its own copy (the hotel has the booking all the same). */
  keptHere: boolean;
  /** Hotel mode with payments (issue 37): the booking holds its rooms until paid; its payment page makes the link to pay. */
  awaitingPayment?: boolean;
}

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

export interface BookingQuery {
  bookingId: string;
  /** The key this browser kept with its copy, when it has one. */
  guestKey?: string;
}

export interface EmailChange {
  bookingId: string;
  email: string;
  /** One of the two proofs the hotel takes: the key this browser kept, or the booking's email now. */
  guestKey?: string;
  currentEmail?: string;
}

export interface ListQuery {
  q: string;
  page: number;
  pageSize: number;
}

/** A booking in the staff list: the hotel says whether it is cancelled; this browser's bookings are all confirmed. */
export type ListedBooking = BookingRecord & {
  status?: BookingStatus;
  /** Hotel mode (issue 37): what the hotel holds for it (payments less refunds) and what is still due, paise. */
  paidPaise?: number;
  duePaise?: number;
};

export interface BookingsPage {
  /** Newest first. */
  items: ListedBooking[];
  page: number;
  pageSize: number;
  total: number;
  /** False past the hotel's counting limit: then `total` is a lower bound. */
  totalExact: boolean;
}

export interface ImportOutcome {
  added: number;
  /** Bookings already here, left as they are. */
  skipped: number;
  /** Entries in the file that could not be read at all. */
  unreadable: number;
  /** Bookings the keeper refused, each with why. */
  refused: Array<{ bookingId: string; reason: string }>;
}

export type ExportFormat = 'csv' | 'json';

/** One address (as the hotel names it) or one email, and how far back to look. */
export type BurstFilter = ({ address: string; email?: undefined } | { email: string; address?: undefined }) & { hours: number };

/** A new stay for the booking a manage link opens: the link's token (sent in a header, never in a URL) and the stay. */
export type ManageChange = ManageChangeBody & { token: string };

/** Which of the owner's rules to remove. */
export interface RuleRemoval {
  kind: 'price-rules' | 'closures' | 'min-stays';
  id: number;
}

/**
 * One source of bookings behind the bookings API (bookingsApi.ts): the hotel's server
 * (hotelSource.ts) or this browser's storage (features/bookings/browserSource.ts). Each call gets
 * the store's dispatch and state, as RTK Query's queryFn does. A call a source does not offer is
 * never made: the screens read `offers` first.
 */
export interface BookingSource {
  offers: Offers;
  confirm(request: ConfirmRequest, store: StoreAccess): Promise<SourceResult<Confirmed>>;
  getBooking(query: BookingQuery, store: StoreAccess): Promise<SourceResult<{ booking: BookingRecord | BookingOutline }>>;
  changeEmail(change: EmailChange, store: StoreAccess): Promise<SourceResult<{ booking: BookingRecord }>>;
  list(query: ListQuery, store: StoreAccess): Promise<SourceResult<BookingsPage>>;
  remove(bookingId: string, store: StoreAccess): Promise<SourceResult<{ bookingId: string }>>;
  importBackup(text: string, store: StoreAccess): Promise<SourceResult<ImportOutcome>>;
  exportBookings(format: ExportFormat, store: StoreAccess): Promise<SourceResult<string>>;
  // Offered by the hotel only (see Offers).
  lookup?(query: { bookingId: string; email: string }, store: StoreAccess): Promise<SourceResult<{ booking: BookingRecord }>>;
  restore?(bookingId: string, store: StoreAccess): Promise<SourceResult<{ bookingId: string }>>;
  availability?(stay: StayQuery, store: StoreAccess): Promise<SourceResult<AvailabilityReply>>;
  occupancy?(query: { days: number }, store: StoreAccess): Promise<SourceResult<OccupancyReply>>;
  audit?(store: StoreAccess): Promise<SourceResult<{ items: AuditEntry[] }>>;
  bursts?(query: { hours: number }, store: StoreAccess): Promise<SourceResult<BurstsReply>>;
  burstBookings?(filter: BurstFilter, store: StoreAccess): Promise<SourceResult<{ items: BurstBooking[] }>>;
  deleteBurst?(filter: BurstFilter, store: StoreAccess): Promise<SourceResult<BurstDeletedReply>>;
  outbox?(query: { limit: number }, store: StoreAccess): Promise<SourceResult<OutboxReply>>;
  resendMessage?(id: number, store: StoreAccess): Promise<SourceResult<{ resent: number }>>;
  /** The booking a manage link opens, its cancellation policy and whether it can still be changed. */
  manage?(token: string, store: StoreAccess): Promise<SourceResult<ManageReply>>;
  /** The new stay's total and rooms left, before the guest confirms it; changes nothing. */
  quoteChange?(change: ManageChange, store: StoreAccess): Promise<SourceResult<QuoteReply>>;
  changeStay?(change: ManageChange, store: StoreAccess): Promise<SourceResult<ManageReply>>;
  cancelStay?(token: string, store: StoreAccess): Promise<SourceResult<ManageReply>>;
  /** Mails the booking's manage link when the ID and email match; the answer is the same either way. */
  emailLink?(body: LinkBody, store: StoreAccess): Promise<SourceResult<{ message: string }>>;
  desk?(query: { date?: string }, store: StoreAccess): Promise<SourceResult<DeskReply>>;
  moveBooking?(move: { bookingId: string; to: StatusMove }, store: StoreAccess): Promise<SourceResult<MoveReply>>;
  undoBookingMove?(bookingId: string, store: StoreAccess): Promise<SourceResult<MoveReply>>;
  /** A phone booking held for its payment (issue 37) comes with its link (`payment.payUrl`) for the desk to give the guest. */
  deskBooking?(body: DeskBookingBody, store: StoreAccess): Promise<SourceResult<{ booking: Booking; payment?: PaymentSummary }>>;
  staff?(store: StoreAccess): Promise<SourceResult<StaffReply>>;
  addStaff?(body: NewStaffBody, store: StoreAccess): Promise<SourceResult<{ username: string }>>;
  removeStaff?(username: string, store: StoreAccess): Promise<SourceResult<null>>;
  setStaffPassword?(change: { username: string; password: string }, store: StoreAccess): Promise<SourceResult<null>>;
  // Rooms, prices, closures, GST and invoices (offers.prices).
  prices?(query: { from?: string; days: number }, store: StoreAccess): Promise<SourceResult<PricesReply>>;
  saveRoomType?(change: { roomId: string; body: RoomTypeBody }, store: StoreAccess): Promise<SourceResult<unknown>>;
  setOutOfService?(change: { roomId: string; body: OutOfServiceBody }, store: StoreAccess): Promise<SourceResult<unknown>>;
  addPriceRule?(body: PriceRuleBody, store: StoreAccess): Promise<SourceResult<unknown>>;
  addClosure?(body: ClosureBody, store: StoreAccess): Promise<SourceResult<unknown>>;
  addMinStay?(body: MinStayBody, store: StoreAccess): Promise<SourceResult<unknown>>;
  removeRule?(removal: RuleRemoval, store: StoreAccess): Promise<SourceResult<null>>;
  saveHotelSettings?(settings: HotelSettings, store: StoreAccess): Promise<SourceResult<HotelSettings>>;
  /** With the guest's key: the guest's copy; without: the admin's (a signed-in session). */
  invoice?(query: BookingQuery, store: StoreAccess): Promise<SourceResult<InvoiceReply>>;
  // Payments (offers.payments, issue 37).
  paymentPolicy?(query: PaymentPolicyQuery, store: StoreAccess): Promise<SourceResult<PaymentPolicyReply>>;
  bookingPayment?(query: BookingPaymentQuery, store: StoreAccess): Promise<SourceResult<GuestPaymentReply | PaymentSummary>>;
  payAgain?(query: BookingPaymentQuery, store: StoreAccess): Promise<SourceResult<GuestPaymentReply>>;
  voucher?(query: VoucherQuery, store: StoreAccess): Promise<SourceResult<VoucherReply>>;
  managePayment?(token: string, store: StoreAccess): Promise<SourceResult<PaymentSummary>>;
  paymentSettings?(store: StoreAccess): Promise<SourceResult<PaymentSettingsReply>>;
  savePaymentSettings?(body: PaymentSettingsBody, store: StoreAccess): Promise<SourceResult<PaymentSettingsReply>>;
  payments?(query: AdminPaymentsQuery, store: StoreAccess): Promise<SourceResult<AdminPaymentsReply>>;
  reconcilePayments?(store: StoreAccess): Promise<SourceResult<ReconcileReply>>;
  session?(store: StoreAccess): Promise<SourceResult<AdminSession | null>>;
  signIn?(credentials: { username: string; password: string }, store: StoreAccess): Promise<SourceResult<AdminSession>>;
  signOut?(store: StoreAccess): Promise<SourceResult<null>>;
}

/** The store as a source sees it: RTK Query's queryFn api (its dispatch, state, abort signal and extra). */
export type StoreAccess = BaseQueryApi;

/** The thunk extra argument that carries the store's source (set once, when the store is made). */
export interface SourceHolder {
  source?: BookingSource;
}

/** A source ready to join a store: the bookings API it answers, itself, and what the store must run for it. */
export interface ConnectedSource {
  api: BookingsApi;
  source: BookingSource;
  middleware: Middleware[];
}

/** What each source's module exports, for the store to load it lazily (app/StoreProvider.tsx). */
export type ConnectSource = (dispatch: Dispatch) => ConnectedSource;
