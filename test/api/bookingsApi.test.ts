import { waitFor } from '@testing-library/react';
import { bookingsApi } from '../../src/api/bookingsApi';
import { adminApi } from '../../src/features/admin/adminApi';
import { guestApi } from '../../src/features/guest/guestApi';
import { HotelNetwork, bookAtHotel, callHotel, staffPassword } from '../hotelNetwork';
import { makeTestStore } from '../testUtils';

/** A store made for the hotel's source, reaching the real test server through `network`. */
function hotelStore() {
  const network = new HotelNetwork();
  globalThis.fetch = network.fetch as typeof fetch;
  const { store } = makeTestStore({ source: 'hotel' });
  return { network, store };
}

const signIn = { username: 'admin', password: staffPassword };

describe('the bookings API over the hotel’s source', () => {
  it('joins the one store: its cache sits beside the slices, whichever the source', () => {
    const { store } = hotelStore();
    expect(Object.keys(store.getState())).toEqual(['offers', 'selection', 'confirmation', 'bookings', 'bookingsApi']);
    expect(Object.keys(makeTestStore().store.getState())).toEqual(['offers', 'selection', 'confirmation', 'bookings', 'bookingsApi']);
  });

  it('reads "nobody signed in" from the server’s 401 rather than failing', async () => {
    const { store, network } = hotelStore();
    const result = await store.dispatch(bookingsApi.endpoints.getSession.initiate());
    expect(result.data).toBeNull();
    expect(result.error).toBeUndefined();
    expect(network.calls('GET', '/api/admin/session')).toHaveLength(1);
  });

  it('sends X-Requested-With on changes only, and the CSRF token on staff changes once signed in', async () => {
    const { store, network } = hotelStore();
    await store.dispatch(bookingsApi.endpoints.getSession.initiate());
    expect(network.requests[0]!.headers.get('x-requested-with')).toBeNull();

    const signedIn = await store.dispatch(bookingsApi.endpoints.signIn.initiate(signIn));
    expect(signedIn.data).toEqual({ username: 'admin', role: 'owner', csrfToken: expect.any(String) });
    const csrfToken = signedIn.data!.csrfToken;
    const [signInRequest] = network.calls('POST', '/api/admin/sign-in');
    expect(signInRequest!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(signInRequest!.headers.get('x-csrf-token')).toBeNull();
    // The session's cache entry now holds the token, without asking the server again.
    const session = () => bookingsApi.endpoints.getSession.select()(store.getState() as never).data;
    await waitFor(() => expect(session()).toEqual(signedIn.data));
    expect(network.calls('GET', '/api/admin/session')).toHaveLength(1);

    // A staff change the real server takes only with both headers.
    const { booking } = await bookAtHotel();
    const deleted = await store.dispatch(adminApi.endpoints.deleteBooking.initiate(booking.bookingId));
    expect(deleted.data).toEqual({ bookingId: booking.bookingId });
    const [deleteRequest] = network.calls('DELETE', `/api/admin/bookings/${booking.bookingId}`);
    expect(deleteRequest!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(deleteRequest!.headers.get('x-csrf-token')).toBe(csrfToken);
    // A guest's change carries no staff token.
    await store.dispatch(
      guestApi.endpoints.changeEmail.initiate({ bookingId: 'BK000000', email: 'a@example.com', currentEmail: 'b@example.com' }),
    );
    const [put] = network.calls('PUT', '/api/bookings/BK000000/email');
    expect(put!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(put!.headers.get('x-csrf-token')).toBeNull();
    // A read carries neither.
    await store.dispatch(adminApi.endpoints.getAudit.initiate());
    expect(network.calls('GET', '/api/admin/audit')[0]!.headers.get('x-csrf-token')).toBeNull();

    await store.dispatch(bookingsApi.endpoints.signOut.initiate());
    const [signOutRequest] = network.calls('POST', '/api/admin/sign-out');
    expect(signOutRequest!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(signOutRequest!.headers.get('x-csrf-token')).toBe(csrfToken);
    await waitFor(() => expect(session()).toBeNull());
  });

  it('without the CSRF token the real server refuses a staff change', async () => {
    // The check the header above exists for: the server's own answer to a change without it.
    const { store, network } = hotelStore();
    await store.dispatch(bookingsApi.endpoints.signIn.initiate(signIn));
    const { booking } = await bookAtHotel();
    const refused = await network.fetch(`/api/admin/bookings/${booking.bookingId}`, {
      method: 'DELETE',
      headers: { 'x-requested-with': 'hotel-site' },
    });
    expect(refused.status).toBe(403);
    // Still there: an unknown or deleted ID would answer 404.
    expect((await callHotel(`/api/bookings/${booking.bookingId}`)).status).toBe(200);
  });

  it('a staff call answered 401 ends the session in the cache: the screens show sign-in again', async () => {
    const { store, network } = hotelStore();
    await store.dispatch(bookingsApi.endpoints.signIn.initiate(signIn));
    const session = () => bookingsApi.endpoints.getSession.select()(store.getState() as never).data;
    await waitFor(() => expect(session()).toMatchObject({ username: 'admin' }));
    // Signed out elsewhere (another tab): the server ends the session; this store does not know yet.
    await network.fetch('/api/admin/sign-out', { method: 'POST', headers: { 'x-requested-with': 'hotel-site' } });

    const listed = await store.dispatch(bookingsApi.endpoints.listBookings.initiate({ q: '', page: 1, pageSize: 50 }));
    expect(listed.error).toMatchObject({ status: 401 });
    await waitFor(() => expect(session()).toBeNull());
  });

  it('a network failure is an error the screens can tell apart', async () => {
    const { store, network } = hotelStore();
    network.outages.push('network');
    const result = await store.dispatch(bookingsApi.endpoints.getSession.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
