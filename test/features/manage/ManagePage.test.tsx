import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { priceStay } from '../../../src/domain/stay';
import { addDays, dateInZone } from '../../../src/domain/dates';
import { bookAtHotel, callHotel, shownDate, stayOfItsOwn, uniqueEmail } from '../../hotelNetwork';
import { managedAtHotel, manageTokenFor } from '../../manageLinks';
import { renderHotelRoute, renderRoute } from '../../testUtils';

const facts = (root: HTMLElement = document.body) =>
  Object.fromEntries(
    within(root)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const bookingCard = () => screen.getByText('Booking ID').closest('.card') as HTMLElement;
// The hotel's today (India), which the free period counts from, whatever this machine's zone.
const today = () => dateInZone('Asia/Kolkata');

/** A booking made at the hotel, and the manage link's token as its confirmation email carries it. */
async function bookedWithLink(overrides: Record<string, unknown> = {}) {
  const { booking } = await bookAtHotel({ email: uniqueEmail('manage'), ...overrides });
  const token = await manageTokenFor(booking.bookingId);
  return { booking, token };
}

async function openManage(token: string) {
  const view = renderHotelRoute(`/manage#${token}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Manage Your Booking' })).toBeInTheDocument();
  await screen.findByText('Booking ID');
  return view;
}

afterEach(() => jest.restoreAllMocks());
// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

describe('Manage Your Booking (hotel)', () => {
  it('opens the booking from the link after #, shows all of it as Confirmed, and sends the token only in a header', async () => {
    const { booking, token } = await bookedWithLink({ roomId: 'executive', rooms: 2 });
    const { network } = await openManage(token);
    expect(facts(bookingCard())).toEqual({
      'Booking ID': booking.bookingId,
      Status: 'Confirmed',
      Room: 'Suit Room',
      'Check-In': shownDate(booking.checkIn),
      'Check-Out': shownDate(booking.checkOut),
      'Number of Rooms': '2',
      'Total Price': rupees(booking.totalPrice),
      // Priced by the hotel (issue 22): two Suit Rooms for two nights at ₹4,000, taxed at 5%.
      GST: '₹800.00 (CGST ₹400.00 + SGST ₹400.00)',
      'Total with tax': '₹16,800.00',
      Invoice: expect.stringMatching(/^Tax invoice INV-\d{4}-\d{6}$/),
    });
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', `stay-${booking.bookingId}.ics`);
    expect(screen.getByRole('heading', { level: 2, name: 'Change your stay' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cancel your booking' })).toBeInTheDocument();
    // The token travels in X-Manage-Token, never in an address the server could log.
    const [opened] = network.calls('GET', '/api/manage');
    expect(opened!.headers.get('x-manage-token')).toBe(token);
    for (const request of network.requests) expect(request.path + request.query.toString()).not.toContain(token.split('.')[2]);
  });

  it('shows the new total before the guest confirms a change; confirming changes the stay at the hotel', async () => {
    const stay = stayOfItsOwn(2);
    const { booking, token } = await bookedWithLink({ roomId: 'deluxe', rooms: 1, ...stay });
    const { user, network } = await openManage(token);
    const newIn = addDays(stay.checkIn, 7);
    const newOut = addDays(stay.checkIn, 10);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: newIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: newOut } });
    await user.selectOptions(screen.getByLabelText('Number of Rooms'), '2');
    await user.click(screen.getByRole('button', { name: 'See the new total' }));

    const quote = await screen.findByRole('group', { name: 'Your new stay' });
    const newTotal = (priceStay('deluxe', 0, 2, newIn, newOut) as { totalPrice: number }).totalPrice;
    expect(facts(quote)).toEqual({
      'Check-In': shownDate(newIn),
      'Check-Out': shownDate(newOut),
      Nights: '3',
      'Number of Rooms': '2',
      'Total now': rupees(booking.totalPrice),
      'New total': rupees(newTotal),
    });
    // Seen, not yet done: the hotel still has the stay as booked.
    expect((await managedAtHotel(token)).body.booking).toMatchObject({ checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: 1 });
    expect(network.calls('PUT', '/api/manage')).toEqual([]);

    await user.click(within(quote).getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your stay was changed. We have emailed you the new details.');
    await waitFor(() =>
      expect(facts(bookingCard())).toMatchObject({
        'Check-In': shownDate(newIn),
        'Check-Out': shownDate(newOut),
        'Number of Rooms': '2',
        'Total Price': rupees(newTotal),
      }),
    );
    const [put] = network.calls('PUT', '/api/manage');
    expect(put!.body).toEqual({ checkIn: newIn, checkOut: newOut, rooms: 2 });
    expect(put!.headers.get('x-manage-token')).toBe(token);
    expect(put!.headers.get('x-requested-with')).toBe('hotel-site');
    expect((await managedAtHotel(token)).body.booking).toMatchObject({ checkIn: newIn, checkOut: newOut, rooms: 2, totalPrice: newTotal });
  });

  it('when the rooms go before the guest confirms: shows how many are left and changes nothing', async () => {
    const stay = stayOfItsOwn(2);
    const { booking, token } = await bookedWithLink({ roomId: 'executive', rooms: 1, ...stay });
    // Another stay of the hotel's 4 Suit Rooms with 3 taken: one left.
    const other = { checkIn: addDays(stay.checkIn, 20), checkOut: addDays(stay.checkIn, 22) };
    await bookAtHotel({ roomId: 'executive', rooms: 3, ...other });
    const { user } = await openManage(token);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: other.checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: other.checkOut } });
    await user.click(screen.getByRole('button', { name: 'See the new total' }));
    const quote = await screen.findByRole('group', { name: 'Your new stay' });
    // Meanwhile another guest takes the last one.
    await bookAtHotel({ roomId: 'executive', rooms: 1, ...other });
    await user.click(within(quote).getByRole('button', { name: 'Confirm the change' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No Suit Rooms are left for those dates.');
    expect(screen.queryByRole('group', { name: 'Your new stay' })).not.toBeInTheDocument();
    expect(facts(bookingCard())).toMatchObject({ 'Check-In': shownDate(stay.checkIn), 'Check-Out': shownDate(stay.checkOut) });
    expect((await managedAtHotel(token)).body.booking).toMatchObject({
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      rooms: 1,
      totalPrice: booking.totalPrice,
      status: 'confirmed',
    });
  });

  it('states the cancellation policy before the guest confirms; cancelled, the booking reads Cancelled here and on the guest view', async () => {
    const { booking, token } = await bookedWithLink();
    const { user } = await openManage(token);
    const freeUntil = new Date(`${addDays(booking.checkIn, -2)}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(
      screen.getByText(`Cancellation is free until 2 days before check-in: you can cancel here until ${freeUntil}.`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const ask = screen.getByRole('group', { name: 'Confirm the cancellation' });
    expect(ask).toHaveTextContent(`Cancel booking ${booking.bookingId}?`);
    // Asked, not yet done.
    expect((await managedAtHotel(token)).body.booking.status).toBe('confirmed');
    await user.click(within(ask).getByRole('button', { name: 'Yes, cancel my booking' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your booking is cancelled. We have emailed you a confirmation.');
    expect(facts(bookingCard()).Status).toBe('Cancelled');
    expect(screen.queryByRole('heading', { name: 'Change your stay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect((await managedAtHotel(token)).body.booking.status).toBe('cancelled');
  });

  it('after the free period says to call the hotel, with its phone, and offers no cancel', async () => {
    // A Suit Room from tomorrow: the desk's tests take the Classic Rooms of tonight and tomorrow.
    const { token } = await bookedWithLink({ roomId: 'executive', checkIn: addDays(today(), 1), checkOut: addDays(today(), 3) });
    await openManage(token);
    expect(
      screen.getByText('Cancellation is free until 2 days before check-in. To cancel now, please call the hotel on +91 00000 00000.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call the hotel: +91 00000 00000' })).toHaveAttribute('href', 'tel:+910000000000');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('a tampered link shows the hotel’s message and the way to ask for a new link', async () => {
    const { token } = await bookedWithLink();
    const last = token.slice(-1);
    const tampered = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    const { user, router } = renderHotelRoute(`/manage#${tampered}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking link is not valid or has expired. Ask for a new one with your booking ID and email address.',
    );
    expect(screen.queryByText('Booking ID')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hotel Booking Portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking-portal');
  });

  it('without a token asks the hotel nothing and points to the portal', async () => {
    const { network } = renderHotelRoute('/manage');
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking link is not complete.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/booking-portal');
    expect(network.calls('GET', '/api/manage')).toEqual([]);
  });
});

describe('Guest booking view (hotel): a cancelled booking', () => {
  it('reads Cancelled, without Add to calendar', async () => {
    const { booking, token } = await bookedWithLink();
    expect((await callHotel('/api/manage/cancel', { method: 'POST', body: {}, headers: { 'x-manage-token': token } })).status).toBe(200);
    renderHotelRoute({ pathname: `/customer-booking/${booking.bookingId}`, state: { lookupEmail: booking.email } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    await waitFor(() => expect(facts().Status).toBe('Cancelled'));
    expect(facts()['Booking ID']).toBe(booking.bookingId);
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});

describe('/manage, browser only', () => {
  it('is the site’s not-found page', async () => {
    renderRoute('/manage#BK123456.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Manage Your Booking')).not.toBeInTheDocument();
  });
});
