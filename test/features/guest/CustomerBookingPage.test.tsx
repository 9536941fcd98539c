import { screen, waitFor } from '@testing-library/react';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { HotelNetwork, bookAtHotel, callHotel, shownDate, staffNetwork, uniqueEmail } from '../../hotelNetwork';
import type { SourceKind } from '../../testUtils';
import { renderHotelRoute, renderRoute, renderWithSource, sampleBooking, seedBookings, storedBookings } from '../../testUtils';

const facts = () => Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

/**
 * A booking of 2 Suit Rooms made from this browser: kept in its storage, or made at the hotel
 * (the real test server) with this browser keeping its copy and guest key in hotelBookings.
 */
async function bookingMadeHere(source: SourceKind) {
  if (source === 'browser') {
    const record = sampleBooking({ roomName: 'Suit Room', rooms: 2, totalPrice: 16000 });
    seedBookings([record]);
    return { record, guestKey: undefined, bookingId: record.bookingId, email: record.email, checkIn: '12/01/2026', checkOut: '12/03/2026' };
  }
  const { booking, guestKey } = await bookAtHotel({ roomId: 'executive', rooms: 2, email: uniqueEmail('asha') });
  const { bookingId, roomName, checkIn, checkOut, totalPrice, email, rooms, createdAt } = booking as typeof booking &
    Record<string, string>;
  const record = { bookingId, roomName, checkIn, checkOut, totalPrice, email, rooms, createdAt, guestKey };
  seedBookings([record]);
  return { record, guestKey, bookingId, email, checkIn: shownDate(checkIn), checkOut: shownDate(checkOut) };
}

describe.each(['browser', 'hotel'] as const)('Guest booking view (%s)', (source) => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the booking made here with its email in a labelled field', async () => {
    const made = await bookingMadeHere(source);
    renderWithSource(source, `/customer-booking/${made.bookingId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(made.email);
    expect(facts()).toEqual({
      'Booking ID': made.bookingId,
      Status: 'Confirmed',
      Room: 'Suit Room',
      'Check-In': made.checkIn,
      'Check-Out': made.checkOut,
      'Number of Rooms': '2',
      'Total Price': '₹16,000',
      // The hotel's GST (2 rooms x 2 nights at ₹4,000, 2.5% + 2.5%) and its invoice; this browser alone has no tax to show.
      ...(source === 'hotel'
        ? {
            GST: '₹800.00 (CGST ₹400.00 + SGST ₹400.00)',
            'Total with tax': '₹16,800.00',
            Invoice: expect.stringMatching(/^Tax invoice INV-\d{4}-\d{6}$/),
          }
        : {}),
    });
    if (source === 'hotel')
      expect(screen.getByRole('link', { name: /^Tax invoice / })).toHaveAttribute('href', `/invoice/${made.bookingId}`);
  });

  it('saves a new email, says so, and this browser’s copy follows', async () => {
    const made = await bookingMadeHere(source);
    const { user } = renderWithSource(source, `/customer-booking/${made.bookingId}`);
    const field = await screen.findByRole('textbox', { name: 'Email' });
    const newEmail = source === 'browser' ? 'new@example.com' : uniqueEmail('new');
    await user.clear(field);
    await user.type(field, `  ${newEmail} `);
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByText('Email saved successfully!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
    await waitFor(() => expect(storedBookings()).toEqual([expect.objectContaining({ ...made.record, email: newEmail })]));
  });

  it('alerts on a blank email and keeps the booking’s email', async () => {
    const made = await bookingMadeHere(source);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, network } = renderWithSource(source, `/customer-booking/${made.bookingId}`);
    await user.clear(await screen.findByRole('textbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(alert).toHaveBeenCalledWith('Please enter your email!');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(storedBookings()).toEqual([made.record]);
    expect(network?.calls('PUT', /.*/) ?? []).toEqual([]);
  });

  it('finds an ID typed in lower case', async () => {
    const made = await bookingMadeHere(source);
    renderWithSource(source, `/customer-booking/${made.bookingId.toLowerCase()}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(made.email);
  });

  it.each([
    ['an unknown ID', 'BK000000', 'BK000000'],
    ['markup', encodeURIComponent('<script>alert(1)</script>'), '<script>alert(1)</script>'],
    ['an over-long ID', 'X'.repeat(300), `${'X'.repeat(80)}…`],
  ])('says Booking Not Found for %s, showing the ID as text', async (_name, path, shown) => {
    await bookingMadeHere(source);
    renderWithSource(source, `/customer-booking/${path}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No booking found with ID:', { exact: false })).toHaveTextContent(`No booking found with ID: ${shown}`);
    expect(document.querySelector('main script')).toBeNull();
  });
});

describe('Guest booking view, browser only', () => {
  afterEach(() => jest.restoreAllMocks());

  // Its own ID: a store left over from an earlier test may still write its copy of the record.
  it('shows 1 room for a record from the earlier site, which has no rooms field', async () => {
    const { rooms: _rooms, ...old } = sampleBooking({ bookingId: 'BK777777', checkIn: '12/01/2026', totalPrice: '6000' });
    seedBookings([old]);
    renderRoute('/customer-booking/BK777777');
    await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' });
    expect(facts()).toMatchObject({ 'Number of Rooms': '1', 'Check-In': '12/01/2026', 'Total Price': '₹6,000' });
  });

  it('saves a new email into the stored record and leaves the others alone', async () => {
    seedBookings([sampleBooking(), sampleBooking({ bookingId: 'BK999999' })]);
    const { user } = renderRoute('/customer-booking/BK123456');
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(field);
    await user.type(field, '  new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Email saved successfully!');
    expect(storedBookings()).toEqual([
      expect.objectContaining(sampleBooking({ email: 'new@example.com' })),
      sampleBooking({ bookingId: 'BK999999' }),
    ]);
  });

  it('shows the storage problem and keeps the stored email when the write is refused', async () => {
    seedBookings([sampleBooking()]);
    const { user } = renderRoute('/customer-booking/BK123456');
    const field = await screen.findByRole('textbox', { name: 'Email' });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/storage for this site is full/);
    expect(screen.queryByText('Email saved successfully!')).not.toBeInTheDocument();
    expect(field).toHaveValue('new@example.com');
    expect(storedBookings()).toEqual([sampleBooking()]);
  });
});

it('says why nothing can be found when the browser refuses this site storage', async () => {
  const blocked = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  renderRoute('/customer-booking/BK123456', { bookingStorage: createBookingStorage(blocked) });
  expect(await screen.findByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeInTheDocument();
  expect(screen.getByText(/does not allow this site to store data/)).toBeInTheDocument();
});

describe('Guest booking view, hotel only: guest keys and lookup by email', () => {
  afterEach(() => jest.restoreAllMocks());

  it('with the guest key kept in hotelBookings, reads the whole booking with X-Guest-Key', async () => {
    const made = await bookingMadeHere('hotel');
    const { network } = renderHotelRoute(`/customer-booking/${made.bookingId}`);
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(made.email);
    const [get] = network.calls('GET', `/api/bookings/${made.bookingId}`);
    expect(get!.headers.get('x-guest-key')).toBe(made.guestKey);
    expect(network.calls('POST', '/api/bookings/lookup')).toHaveLength(0);
  });

  it('with the email from the portal, looks it up (POST /api/bookings/lookup)', async () => {
    const email = uniqueEmail('asha');
    const { booking } = await bookAtHotel({ roomId: 'executive', rooms: 2, email });
    const { network } = renderHotelRoute({
      pathname: `/customer-booking/${booking.bookingId}`,
      state: { lookupEmail: email.toUpperCase() },
    });
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(email);
    expect(facts()).toMatchObject({ Room: 'Suit Room', 'Number of Rooms': '2', 'Check-In': shownDate(booking.checkIn) });
    expect(network.calls('GET', /\/api\/bookings\//)).toHaveLength(0);
    expect(network.calls('POST', '/api/bookings/lookup')[0]!.body).toEqual({ bookingId: booking.bookingId, email: email.toUpperCase() });
  });

  it('with neither, shows only that it exists and its dates, and asks for the booking’s email', async () => {
    const email = uniqueEmail('asha');
    const { booking } = await bookAtHotel({ roomId: 'executive', rooms: 2, email });
    const { user, network } = renderHotelRoute(`/customer-booking/${booking.bookingId}`);
    expect(await screen.findByLabelText('Email you booked with')).toBeInTheDocument();
    expect(facts()).toEqual({
      'Booking ID': booking.bookingId,
      Status: 'Confirmed',
      'Check-In': shownDate(booking.checkIn),
      'Check-Out': shownDate(booking.checkOut),
    });
    expect(screen.queryByText(new RegExp(`${email}|Suit Room`))).not.toBeInTheDocument();
    expect(network.calls('GET', `/api/bookings/${booking.bookingId}`)[0]!.headers.get('x-guest-key')).toBeNull();

    await user.type(screen.getByLabelText('Email you booked with'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Show my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email does not match this booking.');

    await user.clear(screen.getByLabelText('Email you booked with'));
    await user.type(screen.getByLabelText('Email you booked with'), email);
    await user.click(screen.getByRole('button', { name: 'Show my booking' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(email);
    expect(facts()).toMatchObject({ Room: 'Suit Room', 'Number of Rooms': '2' });
    // The answer to the form is the answer shown: no second lookup.
    expect(network.calls('POST', '/api/bookings/lookup')).toHaveLength(2);
  });

  it('saves a new email with the guest key, and the hotel has it', async () => {
    const made = await bookingMadeHere('hotel');
    const { user, network } = renderHotelRoute(`/customer-booking/${made.bookingId}`);
    const field = await screen.findByRole('textbox', { name: 'Email' });
    const newEmail = uniqueEmail('new');
    await user.clear(field);
    await user.type(field, newEmail);
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByText('Email saved successfully!')).toBeInTheDocument();
    const [put] = network.calls('PUT', `/api/bookings/${made.bookingId}/email`);
    expect(put!.body).toEqual({ email: newEmail });
    expect(put!.headers.get('x-guest-key')).toBe(made.guestKey);
    expect(put!.headers.get('x-requested-with')).toBe('hotel-site');
    // The hotel finds it by the new email only.
    expect((await callHotel('/api/bookings/lookup', { method: 'POST', body: { bookingId: made.bookingId, email: newEmail } })).status).toBe(
      200,
    );
    expect(
      (await callHotel('/api/bookings/lookup', { method: 'POST', body: { bookingId: made.bookingId, email: made.email } })).status,
    ).toBe(404);
  });

  it('saves a new email with the current one as proof, and keeps the page working with the new one', async () => {
    const email = uniqueEmail('asha');
    const { booking } = await bookAtHotel({ email });
    const { user, network, router } = renderHotelRoute({
      pathname: `/customer-booking/${booking.bookingId}`,
      state: { lookupEmail: email },
    });
    const field = await screen.findByRole('textbox', { name: 'Email' });
    const newEmail = uniqueEmail('new');
    await user.clear(field);
    await user.type(field, newEmail);
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByText('Email saved successfully!')).toBeInTheDocument();
    expect(network.calls('PUT', `/api/bookings/${booking.bookingId}/email`)[0]!.body).toEqual({ email: newEmail, currentEmail: email });
    await waitFor(() => expect(router.state.location.state).toEqual({ lookupEmail: newEmail }));
    expect(router.state.location.pathname).toBe(`/customer-booking/${booking.bookingId}`);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
    expect(network.calls('POST', '/api/bookings/lookup')).toHaveLength(1);
    expect(
      (await callHotel('/api/bookings/lookup', { method: 'POST', body: { bookingId: booking.bookingId, email: newEmail } })).status,
    ).toBe(200);
  });

  it('shows the hotel’s words when it refuses a change of email: the same address, or a cancelled stay (issue 35)', async () => {
    const made = await bookingMadeHere('hotel');
    const { user, network } = renderHotelRoute(`/customer-booking/${made.bookingId}`);
    const field = await screen.findByRole('textbox', { name: 'Email' });
    // The same address in other letters: nothing changes, nothing is mailed.
    await user.clear(field);
    await user.type(field, made.email.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking already uses that email address: nothing was changed, and nothing was sent.',
    );
    expect(screen.queryByText('Email saved successfully!')).not.toBeInTheDocument();
    // Cancelled meanwhile (by the guest's manage link, or the hotel): its email stays.
    const staff = await staffNetwork();
    const csrf = ((await (await staff.fetch('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
    const cancelled = await staff.fetch(`/api/admin/bookings/${made.bookingId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': csrf },
      body: JSON.stringify({ to: 'cancelled' }),
    });
    expect(cancelled.status).toBe(200);
    await user.clear(field);
    await user.type(field, uniqueEmail('late'));
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking is cancelled. Its email address can no longer be changed; for anything about it, please call the hotel.',
    );
    expect(network.calls('PUT', `/api/bookings/${made.bookingId}/email`)).toHaveLength(2);
    expect(
      (await callHotel('/api/bookings/lookup', { method: 'POST', body: { bookingId: made.bookingId, email: made.email } })).status,
    ).toBe(200);
  });

  it('when the hotel cannot be reached, says so instead of Not Found, and tries again', async () => {
    const { booking } = await bookAtHotel();
    const network = new HotelNetwork();
    network.outages.push('network');
    const { user } = renderHotelRoute(`/customer-booking/${booking.bookingId}`, { network });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the hotel.');
    expect(screen.queryByText('Booking Not Found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email you booked with')).toBeInTheDocument();
  });
});
