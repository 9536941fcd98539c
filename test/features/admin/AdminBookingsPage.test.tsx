import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute, sampleBooking, seedBookings, storedBookings } from '../../testUtils';

const two = [
  sampleBooking({ bookingId: 'BK111111', email: 'asha@example.com', roomName: 'Classic Room', totalPrice: 9000 }),
  sampleBooking({ bookingId: 'BK222222', email: 'ravi@example.com', roomName: 'Suit Room', checkIn: null }),
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Admin booking dashboard', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the spec columns and one row per booking, newest first', async () => {
    seedBookings(two);
    renderRoute('/admin-bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeInTheDocument();
    const headers = within(await screen.findByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Booking ID', 'Email', 'Room', 'Check-In', 'Check-Out', 'Total', 'Status', 'Action']);
    const [newest, oldest] = bodyRows();
    expect(
      within(newest!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['BK222222', 'ravi@example.com', 'Suit Room', 'Not Selected', '12/03/2026', '₹6,000', 'Confirmed', 'Delete']);
    expect(within(oldest!).getByRole('cell', { name: '₹9,000' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 bookings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete booking BK111111' })).toHaveTextContent(/^Delete$/);
  });

  it('filters as the manager types and says when nothing matches', async () => {
    seedBookings(two);
    const { user } = renderRoute('/admin-bookings');
    const search = await screen.findByRole('searchbox', { name: 'Search bookings' });
    expect(search).toHaveAttribute('placeholder', 'Search by Booking ID, Email or Room...');
    await user.type(search, 'SUIT');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getByText('BK222222')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'villa');
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes only after the dialog is accepted, from the screen and from storage', async () => {
    seedBookings(two);
    const { user } = renderRoute('/admin-bookings');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Delete booking BK111111' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this booking?');
    expect(bodyRows()).toHaveLength(2);
    expect(storedBookings()).toEqual(two);

    await user.click(screen.getByRole('button', { name: 'Delete booking BK111111' }));
    expect(await screen.findByText('Booking BK111111 was deleted.')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(storedBookings()).toEqual([two[1]]);
  });

  it('shows why a delete failed and keeps the row when storage refuses', async () => {
    seedBookings(two);
    const { user } = renderRoute('/admin-bookings');
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.click(await screen.findByRole('button', { name: 'Delete booking BK222222' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/storage for this site is full/);
    expect(bodyRows()).toHaveLength(2);
  });

  // Role queries over a hundred rows are slow in jsdom, more so on a busy machine.
  it('pages through many bookings 50 at a time and starts a new search on page 1', async () => {
    seedBookings(Array.from({ length: 120 }, (_, i) => sampleBooking({ bookingId: `BK${100000 + i}` })));
    const { user } = renderRoute('/admin-bookings');
    expect(await screen.findByText('Showing 1–50 of 120 bookings', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 101–120 of 120 bookings')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('BK100019');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search bookings' }), 'BK1000');
    expect(await screen.findByText('Showing 1–50 of 100 bookings')).toBeInTheDocument();
  }, 20_000);

  it('says how many stored records could not be read and that they are kept', async () => {
    seedBookings([sampleBooking(), { bookingId: 42 }, 'junk']);
    renderRoute('/admin-bookings');
    const notice = await screen.findByRole('region', { name: 'Unreadable booking records' });
    expect(notice).toHaveTextContent(
      '2 stored booking records could not be read, so they are not listed here. They are kept safely in this browser',
    );
    expect(within(notice).getByRole('button', { name: 'Download unreadable records' })).toBeInTheDocument();
  });

  it('says "No bookings found" when nothing is stored', async () => {
    renderRoute('/admin-bookings');
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unreadable booking records' })).not.toBeInTheDocument();
  });
});
