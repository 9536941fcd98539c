import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { hotelOffers } from '../../api/offers';
import { bookingsApi, followBrowserEvents } from '../../api/bookingsApi';
import type { BookingSource, ConnectSource, SourceResult, StoreAccess } from '../../api/source';
import type { RootState } from '../../app/store';
import type { BookingRecord } from '../../domain/bookingRecord';
import { isCompleteStay } from '../../domain/stay';
import type { AdminSession, Booking } from '../../domain/wire';
import { parseBackup } from './bookingsBackup';
import { toStoredRecord } from '../../domain/bookingRecord';
import { selectBookingById } from './bookingsSlice';
import { changeBookingEmail, confirmBooking } from './bookingsThunks';

/** Sent with every request that changes something: the server refuses them without it (server/API.md). */
export const clientHeader = { name: 'X-Requested-With', value: 'hotel-site' } as const;

/** An answer slower than this counts as no answer, so the guest is told rather than left waiting. */
const requestTimeoutMs = 15_000;

const bookingPath = (bookingId: string) => `bookings/${encodeURIComponent(bookingId)}`;
const adminBookingPath = (bookingId: string) => `admin/bookings/${encodeURIComponent(bookingId)}`;
const staffPath = (username: string) => `admin/staff/${encodeURIComponent(username)}`;
/** The guest's proof, sent as the X-Guest-Key header. */
const keyHeader = (guestKey: string | undefined) => (guestKey ? { 'X-Guest-Key': guestKey } : undefined);

/** The manage link's token, from the link's #: in this header only, never in a URL (server/API.md). */
// The name is written out: a value from domain/wire.ts would bring its schemas into the bundle (wire.ts's manageTokenHeader).
const manageHeader = (token: string) => ({ 'X-Manage-Token': token });

type Dispatch = (action: unknown) => Promise<{ type: string }>;

/**
 * The hotel's server (server/API.md) behind the bookings API. Every booking is the hotel's; the
 * guest's device also keeps its own copy of the bookings it made (with their guest keys) in
 * hotelBookings, so that it still lists them offline and can prove them later.
 */
export function createHotelSource(): BookingSource {
  // Every staff change must carry the session's CSRF token: kept from the session's answers.
  let csrfToken: string | undefined;
  const remember = (session: AdminSession | null) => {
    csrfToken = session?.csrfToken;
    return session;
  };

  const fetchJson = fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'same-origin',
    timeout: requestTimeoutMs,
    // Looked up at call time (not when this module loads), so that tests can point it at a server.
    fetchFn: (input, init) => fetch(input, init),
    prepareHeaders(headers, { arg }) {
      if (typeof arg === 'string' || ['GET', 'HEAD'].includes((arg.method ?? 'GET').toUpperCase())) return headers;
      headers.set(clientHeader.name, clientHeader.value);
      if (arg.url.startsWith('admin/') && csrfToken) headers.set('X-CSRF-Token', csrfToken);
      return headers;
    },
  });
  const request = <T>(store: StoreAccess, args: string | FetchArgs) => fetchJson(args, store, {}) as Promise<SourceResult<T>>;

  /** This browser's copy of a booking it made, with the key that proves it. */
  const keepCopy = (store: StoreAccess, booking: Booking, guestKey: string) => {
    // Field order as the reader gives it back, so the stored text is reused as it is.
    const record: BookingRecord = {
      bookingId: booking.bookingId,
      roomName: booking.roomName,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      totalPrice: booking.totalPrice,
      email: booking.email,
      rooms: booking.rooms,
      createdAt: booking.createdAt,
      guestKey,
      ...(booking.invoiceNumber !== undefined
        ? {
            taxablePaise: booking.taxablePaise,
            cgstPaise: booking.cgstPaise,
            sgstPaise: booking.sgstPaise,
            invoiceNumber: booking.invoiceNumber,
          }
        : {}),
    };
    return (store.dispatch as unknown as Dispatch)(confirmBooking(record)).then((action) => ({
      booking: record,
      keptHere: action.type.endsWith('/fulfilled'),
    }));
  };

  return {
    offers: hotelOffers,

    async confirm({ draftId, bookingId, guestKey, email, stay }, store) {
      if (!isCompleteStay(stay))
        return { error: { status: 400, data: { error: 'Bad Request', message: 'Please choose your dates and at least one room first.' } } };
      const body = {
        draftId,
        bookingId,
        roomId: stay.roomId,
        packageIndex: stay.packageIndex,
        rooms: stay.roomCount,
        checkIn: stay.startDate,
        checkOut: stay.endDate,
        email: email.trim(),
        guestKey,
      };
      const result = await request<{ booking: Booking }>(store, { url: 'bookings', method: 'POST', body });
      if (result.error) return result;
      // Held for its payment (issue 37): kept here all the same, with its key, to see and pay it from this device.
      const kept = await keepCopy(store, result.data.booking, guestKey);
      return { data: result.data.booking.status === 'awaiting_payment' ? { ...kept, awaitingPayment: true } : kept };
    },

    getBooking: ({ bookingId, guestKey }, store) => request(store, { url: bookingPath(bookingId), headers: keyHeader(guestKey) }),

    lookup: (body, store) => request(store, { url: 'bookings/lookup', method: 'POST', body }),

    async changeEmail({ bookingId, email, guestKey, currentEmail }, store) {
      const body = currentEmail === undefined ? { email } : { email, currentEmail };
      const result = await request<{ booking: Booking }>(store, {
        url: `${bookingPath(bookingId)}/email`,
        method: 'PUT',
        body,
        headers: keyHeader(guestKey),
      });
      if (result.error) return result;
      // This browser's own copy follows; the hotel's answer stands even if this browser refuses the write.
      const saved = result.data.booking;
      if (selectBookingById(store.getState() as RootState, saved.bookingId))
        await (store.dispatch as unknown as Dispatch)(changeBookingEmail({ bookingId: saved.bookingId, email: saved.email }));
      return result;
    },

    list: ({ q, page, pageSize }, store) =>
      request(store, { url: 'admin/bookings', params: { ...(q.trim() ? { q: q.trim() } : {}), page, pageSize } }),

    async remove(bookingId, store) {
      const result = await request<{ booking: Booking }>(store, { url: adminBookingPath(bookingId), method: 'DELETE' });
      return result.error ? result : { data: { bookingId: result.data.booking.bookingId } };
    },

    async restore(bookingId, store) {
      const result = await request<{ booking: Booking }>(store, { url: `${adminBookingPath(bookingId)}/restore`, method: 'POST' });
      return result.error ? result : { data: { bookingId: result.data.booking.bookingId } };
    },

    async importBackup(text, store) {
      const parsed = parseBackup(text);
      if ('problem' in parsed) return { error: { status: 'CUSTOM_ERROR', error: parsed.problem, data: { message: parsed.problem } } };
      // The records as the browser-only mode stores them: the server reads them the same way.
      const result = await request<{ imported: number; conflicts: Array<{ bookingId: string; reason: string }> }>(store, {
        url: 'admin/import',
        method: 'POST',
        body: parsed.records.map(toStoredRecord),
      });
      if (result.error) return result;
      return { data: { added: result.data.imported, skipped: 0, unreadable: parsed.unreadable, refused: result.data.conflicts } };
    },

    exportBookings: (format, store) => request(store, { url: 'admin/export', params: { format }, responseHandler: 'text' }),

    availability: ({ checkIn, checkOut }, store) => request(store, { url: 'availability', params: { checkIn, checkOut } }),

    occupancy: ({ days }, store) => request(store, { url: 'admin/occupancy', params: { days } }),

    audit: (store) => request(store, 'admin/audit'),
    bursts: ({ hours }, store) => request(store, { url: 'admin/bursts', params: { hours } }),
    burstBookings: (filter, store) => request(store, { url: 'admin/bursts/bookings', params: filter }),
    deleteBurst: (filter, store) => request(store, { url: 'admin/bursts/bookings', method: 'DELETE', params: filter }),
    outbox: ({ limit }, store) => request(store, { url: 'admin/outbox', params: { limit } }),
    resendMessage: (id, store) => request(store, { url: `admin/outbox/${encodeURIComponent(String(id))}/resend`, method: 'POST' }),

    manage: (token, store) => request(store, { url: 'manage', headers: manageHeader(token) }),
    quoteChange: ({ token, checkIn, checkOut, rooms }, store) =>
      request(store, { url: 'manage/quote', method: 'POST', body: { checkIn, checkOut, rooms }, headers: manageHeader(token) }),
    changeStay: ({ token, checkIn, checkOut, rooms }, store) =>
      request(store, { url: 'manage', method: 'PUT', body: { checkIn, checkOut, rooms }, headers: manageHeader(token) }),
    cancelStay: (token, store) => request(store, { url: 'manage/cancel', method: 'POST', headers: manageHeader(token) }),
    emailLink: ({ bookingId, email }, store) => request(store, { url: 'bookings/link', method: 'POST', body: { bookingId, email } }),

    desk: ({ date }, store) => request(store, { url: 'admin/desk', params: date ? { date } : {} }),
    moveBooking: ({ bookingId, to }, store) =>
      request(store, { url: `${adminBookingPath(bookingId)}/status`, method: 'POST', body: { to } }),
    undoBookingMove: (bookingId, store) => request(store, { url: `${adminBookingPath(bookingId)}/undo`, method: 'POST' }),
    deskBooking: (body, store) => request(store, { url: 'admin/desk/bookings', method: 'POST', body }),
    staff: (store) => request(store, 'admin/staff'),
    addStaff: (body, store) => request(store, { url: 'admin/staff', method: 'POST', body }),
    removeStaff: (username, store) => request(store, { url: staffPath(username), method: 'DELETE' }),
    setStaffPassword: ({ username, password }, store) =>
      request(store, { url: `${staffPath(username)}/password`, method: 'PUT', body: { password } }),

    prices: ({ from, days }, store) => request(store, { url: 'admin/prices', params: { ...(from ? { from } : {}), days } }),
    saveRoomType: ({ roomId, body }, store) =>
      request(store, { url: `admin/room-types/${encodeURIComponent(roomId)}`, method: 'PUT', body }),
    setOutOfService: ({ roomId, body }, store) =>
      request(store, { url: `admin/room-types/${encodeURIComponent(roomId)}/out-of-service`, method: 'PUT', body }),
    addPriceRule: (body, store) => request(store, { url: 'admin/price-rules', method: 'POST', body }),
    addClosure: (body, store) => request(store, { url: 'admin/closures', method: 'POST', body }),
    addMinStay: (body, store) => request(store, { url: 'admin/min-stays', method: 'POST', body }),
    async removeRule({ kind, id }, store) {
      const result = await request<unknown>(store, { url: `admin/${kind}/${id}`, method: 'DELETE' });
      return result.error ? result : { data: null };
    },
    saveHotelSettings: (settings, store) => request(store, { url: 'admin/hotel-settings', method: 'PUT', body: settings }),
    invoice: ({ bookingId, guestKey }, store) =>
      request(store, {
        url: guestKey ? `${bookingPath(bookingId)}/invoice` : `${adminBookingPath(bookingId)}/invoice`,
        headers: keyHeader(guestKey),
      }),

    paymentPolicy: (query, store) => request(store, { url: 'payment-policy', params: query }),
    bookingPayment: ({ bookingId, guestKey }, store) =>
      request(store, {
        url: guestKey ? `${bookingPath(bookingId)}/payment` : `${adminBookingPath(bookingId)}/payment`,
        headers: keyHeader(guestKey),
      }),
    payAgain: ({ bookingId, guestKey }, store) =>
      request(store, { url: `${bookingPath(bookingId)}/payment`, method: 'POST', headers: keyHeader(guestKey) }),
    voucher: ({ bookingId, voucherNumber, guestKey }, store) =>
      request(store, {
        url: guestKey
          ? `${bookingPath(bookingId)}/vouchers/${encodeURIComponent(voucherNumber)}`
          : `admin/vouchers/${encodeURIComponent(voucherNumber)}`,
        headers: keyHeader(guestKey),
      }),
    managePayment: (token, store) => request(store, { url: 'manage/payment', headers: manageHeader(token) }),
    paymentSettings: (store) => request(store, 'admin/payment-settings'),
    savePaymentSettings: (body, store) => request(store, { url: 'admin/payment-settings', method: 'PUT', body }),
    payments: (query, store) => request(store, { url: 'admin/payments', params: query }),
    reconcilePayments: (store) => request(store, { url: 'admin/payments/reconcile', method: 'POST' }),

    async session(store) {
      const result = await request<AdminSession>(store, 'admin/session');
      // Nobody signed in is an answer here, not a failure.
      if (result.error?.status === 401 || result.error?.status === 403) return { data: remember(null) };
      return result.error ? result : { data: remember(result.data)! };
    },

    async signIn(credentials, store) {
      const result = await request<AdminSession>(store, { url: 'admin/sign-in', method: 'POST', body: credentials });
      if (result.data) remember(result.data);
      return result;
    },

    async signOut(store) {
      const result = await request<null>(store, { url: 'admin/sign-out', method: 'POST' });
      if (!result.error) remember(null);
      return result.error ? result : { data: null };
    },
  };
}

export const connectSource: ConnectSource = (dispatch) => {
  // What is on screen is the hotel's: asked again when the tab regains focus or the network returns.
  followBrowserEvents(dispatch);
  return { api: bookingsApi, source: createHotelSource(), middleware: [] };
};
