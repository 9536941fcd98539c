import { waitFor } from '@testing-library/react';
import { hotelApi } from '../../../src/features/hotel/hotelApi';
import { FakeHotel, installFakeHotel } from '../../fakeHotel';
import { makeTestStore } from '../../testUtils';

function hotelStore() {
  const hotel = installFakeHotel(new FakeHotel());
  const { store } = makeTestStore({ hotelApi });
  return { hotel, store };
}

describe('the hotel API (RTK Query)', () => {
  afterEach(() => delete (globalThis as { fetch?: unknown }).fetch);

  it('joins the one store: its cache sits beside the slices', () => {
    const { store } = hotelStore();
    expect(Object.keys(store.getState())).toEqual(['selection', 'confirmation', 'bookings', 'hotelApi']);
  });

  it('leaves the store as it was when not given (browser-only)', () => {
    const { store } = makeTestStore();
    expect(Object.keys(store.getState())).toEqual(['selection', 'confirmation', 'bookings']);
  });

  it('reads "nobody signed in" from a 401 rather than failing', async () => {
    const { store, hotel } = hotelStore();
    const result = await store.dispatch(hotelApi.endpoints.getAdminSession.initiate());
    expect(result.data).toBeNull();
    expect(hotel.calls('GET', '/api/admin/session')).toHaveLength(1);
  });

  it('sends X-Requested-With on changes only, and the CSRF token on admin changes once signed in', async () => {
    const { store, hotel } = hotelStore();
    await store.dispatch(hotelApi.endpoints.getAdminSession.initiate());
    expect(hotel.requests[0]!.headers.get('x-requested-with')).toBeNull();

    const signIn = await store.dispatch(hotelApi.endpoints.signIn.initiate({ username: 'admin', password: 'correct horse' }));
    expect(signIn.data).toEqual({ username: 'admin', csrfToken: 'csrf-token-1' });
    const [signInRequest] = hotel.calls('POST', '/api/admin/sign-in');
    expect(signInRequest!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(signInRequest!.headers.get('x-csrf-token')).toBeNull();
    // The session's cache entry now holds the token, without asking the server again.
    const session = () => hotelApi.endpoints.getAdminSession.select()(store.getState() as never).data;
    await waitFor(() => expect(session()).toEqual(signIn.data));

    await store.dispatch(hotelApi.endpoints.signOut.initiate());
    const [signOutRequest] = hotel.calls('POST', '/api/admin/sign-out');
    expect(signOutRequest!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(signOutRequest!.headers.get('x-csrf-token')).toBe('csrf-token-1');
    await waitFor(() => expect(session()).toBeNull());
  });

  it('a network failure is an error the screens can tell apart', async () => {
    const { store, hotel } = hotelStore();
    hotel.outages.push('network');
    const result = await store.dispatch(hotelApi.endpoints.getAdminSession.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
