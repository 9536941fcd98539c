import { screen, waitFor, within } from '@testing-library/react';
import { FakeHotel } from '../../fakeHotel';
import { renderHotelRoute, sampleBooking } from '../../testUtils';

beforeAll(() => import('../../../src/features/admin/HotelAdminPage'), 60_000);
afterEach(() => jest.restoreAllMocks());

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Bookings, newest first' }))
    .getAllByRole('row')
    .slice(1);

/** A hotel with two bookings, and an administrator already signed in unless told otherwise. */
function hotelWithBookings(signedIn = true) {
  const hotel = new FakeHotel();
  hotel.addBooking({ bookingId: 'BK111111', email: 'asha@example.com', totalPrice: 9000 });
  hotel.addBooking({ bookingId: 'BK222222', email: 'ravi@example.com', roomId: 'executive', roomName: 'Suit Room', checkIn: '2030-03-11' });
  hotel.signedIn = signedIn;
  return hotel;
}

async function openDashboard(hotel: FakeHotel) {
  const view = renderHotelRoute('/admin-bookings', { hotel });
  await screen.findByRole('heading', { level: 1, name: 'Admin Booking Dashboard' });
  return view;
}

describe('admin dashboard in hotel mode', () => {
  it('without a session shows only the sign-in form and asks for no booking data', async () => {
    const { hotel } = await openDashboard(hotelWithBookings(false));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/BK111111|asha@example.com/)).not.toBeInTheDocument();
    expect(hotel.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('shows the server’s words for a wrong password and for too many tries', async () => {
    const hotel = hotelWithBookings(false);
    const { user } = await openDashboard(hotel);
    await user.type(await screen.findByLabelText('Name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong name or password.');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    hotel.throttleSeconds = 30;
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 30 seconds.'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('signs in, then lists the hotel’s bookings with the spec’s columns, newest first', async () => {
    const { user, hotel } = await openDashboard(hotelWithBookings(false));
    await user.type(await screen.findByLabelText('Name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Showing 1–2 of 2 bookings')).toBeInTheDocument();
    expect(screen.getByText('Signed in as', { exact: false })).toHaveTextContent('Signed in as admin');
    const headers = within(screen.getByRole('table', { name: 'Bookings, newest first' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Booking ID', 'Email', 'Room', 'Check-In', 'Check-Out', 'Total', 'Status', 'Action']);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['BK222222', 'ravi@example.com', 'Suit Room', '03/11/2030', '03/12/2030', '₹6,000', 'Confirmed', 'Delete']);
    expect(hotel.calls('GET', '/api/admin/bookings')[0]!.query.get('pageSize')).toBe('50');
  });

  it('searches on the server as the admin types, and says when nothing matches', async () => {
    const { user, hotel } = await openDashboard(hotelWithBookings());
    const search = await screen.findByRole('searchbox', { name: 'Search bookings' });
    expect(search).toHaveAttribute('placeholder', 'Search by Booking ID, Email or Room...');
    await screen.findByText('Showing 1–2 of 2 bookings');
    await user.type(search, 'SUIT');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getByText('BK222222')).toBeInTheDocument();
    const searches = hotel.calls('GET', '/api/admin/bookings').map((r) => r.query.get('q'));
    // One question per key, with no wait for typing to pause (the first list had no query).
    expect(searches).toEqual([null, 'S', 'SU', 'SUI', 'SUIT']);

    await user.clear(search);
    await user.type(search, 'villa');
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Bookings, newest first' })).not.toBeInTheDocument();
  });

  it('deletes after the spec’s dialog, then offers Undo, which restores it', async () => {
    const { user, hotel } = await openDashboard(hotelWithBookings());
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Delete booking BK111111' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this booking?');
    expect(hotel.calls('DELETE', /.*/)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete booking BK111111' }));
    expect(await screen.findByText('Booking BK111111 was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const [deleted] = hotel.calls('DELETE', '/api/admin/bookings/BK111111');
    expect(deleted!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(deleted!.headers.get('x-csrf-token')).toBe(hotel.csrfToken);
    expect(await screen.findByText('Booking BK111111 deleted by the administrator')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Booking BK111111 was restored.')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(hotel.calls('POST', '/api/admin/bookings/BK111111/restore')[0]!.headers.get('x-csrf-token')).toBe(hotel.csrfToken);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('pages with the server’s page and total', async () => {
    const hotel = new FakeHotel();
    hotel.signedIn = true;
    for (let i = 0; i < 120; i++) hotel.addBooking({ bookingId: `BK${100000 + i}` });
    const { user } = await openDashboard(hotel);
    expect(await screen.findByText('Showing 1–50 of 120 bookings', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120 bookings')).toBeInTheDocument();
    expect(hotel.calls('GET', '/api/admin/bookings').at(-1)!.query.get('page')).toBe('2');
  }, 20_000);

  it('deleting the only booking on the last page moves to the page before', async () => {
    const hotel = new FakeHotel();
    hotel.signedIn = true;
    for (let i = 0; i < 51; i++) hotel.addBooking({ bookingId: `BK${100000 + i}` });
    const { user } = await openDashboard(hotel);
    await user.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 5000 }));
    expect(await screen.findByText('Showing 51–51 of 51 bookings')).toBeInTheDocument();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete booking BK100000' }));
    expect(await screen.findByText('Showing 1–50 of 50 bookings', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('No bookings found')).not.toBeInTheDocument();
  }, 20_000);

  it('shows the next 60 nights’ occupancy as a table, with full nights called out', async () => {
    const hotel = hotelWithBookings();
    hotel.extraTaken.executive!['2030-01-03'] = 4;
    hotel.extraTaken.executive!['2030-01-04'] = 4;
    await openDashboard(hotel);
    const table = await screen.findByRole('table', { name: /Rooms booked each night for the next 60 nights, from 01\/01\/2030/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(61);
    const suit = within(table)
      .getByRole('rowheader', { name: /Suit Room/ })
      .closest('tr')!;
    expect(within(suit).getAllByRole('cell')[2]).toHaveTextContent('4 (full)');
    expect(screen.getByText(/2 full nights \(01\/03\/2030, 01\/04\/2030\)/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Rooms booked each night/ })).toHaveAttribute('tabindex', '0');
    expect(hotel.calls('GET', '/api/admin/occupancy')[0]!.query.get('days')).toBe('60');
  });

  it('lists recent changes and offers the server’s exports', async () => {
    const hotel = hotelWithBookings();
    hotel.stored.get('BK222222')!.booking.email = 'new@example.com';
    hotel.audit.push({ at: '2030-01-02T09:30:00Z', bookingId: 'BK222222', action: 'email', actor: 'guest', address: '198.51.100.4' });
    await openDashboard(hotel);
    const changes = await screen.findByRole('region', { name: 'Recent changes' });
    expect(await within(changes).findByText('Booking BK222222 email changed by the guest')).toBeInTheDocument();
    expect(within(changes).getByText('from 198.51.100.4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/export?format=csv');
    expect(screen.getByRole('link', { name: 'Download JSON' })).toHaveAttribute('href', '/api/admin/export?format=json');
    // The browser-only panels belong to this browser's bookings, not the hotel's.
    expect(screen.queryByRole('button', { name: 'Download JSON backup' })).not.toBeInTheDocument();
    expect(screen.queryByText('Restore JSON backup')).not.toBeInTheDocument();
  });

  it('imports a browser backup and says what was imported and what was not', async () => {
    const hotel = hotelWithBookings();
    const { user } = await openDashboard(hotel);
    const backup = JSON.stringify({
      format: 'hotelBookings-backup',
      version: 1,
      exportedAt: '2030-01-01T00:00:00Z',
      bookings: [sampleBooking({ bookingId: 'BK333333' }), sampleBooking({ bookingId: 'BK111111' })],
    });
    const file = new File([backup], 'backup.json', { type: 'application/json' });
    await user.upload(await screen.findByLabelText('Import a browser backup'), file);

    expect(await screen.findByText(/Imported 1 booking\. 1 booking was not imported:/)).toBeInTheDocument();
    expect(screen.getByText('BK111111: the hotel already has a booking with this ID')).toBeInTheDocument();
    const [sent] = hotel.calls('POST', '/api/admin/import');
    expect(sent!.body).toEqual([sampleBooking({ bookingId: 'BK333333' }), sampleBooking({ bookingId: 'BK111111' })]);
    expect(sent!.headers.get('x-csrf-token')).toBe(hotel.csrfToken);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
  });

  it('signs out: back to the sign-in form, no booking data on screen', async () => {
    const { user, hotel } = await openDashboard(hotelWithBookings());
    await screen.findByText('Showing 1–2 of 2 bookings');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/BK111111/)).not.toBeInTheDocument();
    expect(hotel.signedIn).toBe(false);
  });

  it('when the hotel cannot be reached, says so and offers to try again', async () => {
    const hotel = hotelWithBookings();
    hotel.outages.push('network');
    const { user } = await openDashboard(hotel);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the hotel. Please check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1–2 of 2 bookings')).toBeInTheDocument();
  });

  it('a session that ended on the server brings back the sign-in form', async () => {
    const hotel = hotelWithBookings();
    const { user } = await openDashboard(hotel);
    await screen.findByText('Showing 1–2 of 2 bookings');
    hotel.signedIn = false;
    await user.type(screen.getByRole('searchbox', { name: 'Search bookings' }), 'asha');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Bookings, newest first' })).not.toBeInTheDocument();
  });
});
