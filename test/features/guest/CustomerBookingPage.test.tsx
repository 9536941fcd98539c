import { screen } from '@testing-library/react';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { renderRoute, sampleBooking, seedBookings, storedBookings } from '../../testUtils';

const facts = () => Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('Guest booking view', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the booking with its stored email in a labelled field', async () => {
    seedBookings([sampleBooking({ rooms: 2, totalPrice: 12000 })]);
    renderRoute('/customer-booking/BK123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(facts()).toEqual({
      'Booking ID': 'BK123456',
      Status: 'Confirmed',
      Room: 'Classic Room',
      'Check-In': '12/01/2026',
      'Check-Out': '12/03/2026',
      'Number of Rooms': '2',
      'Total Price': '₹12,000',
    });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('guest@example.com');
  });

  // Its own ID: a store left over from an earlier test may still write its copy of the record.
  it('shows 1 room for a record from the earlier site, which has no rooms field', async () => {
    const { rooms: _rooms, ...old } = sampleBooking({ bookingId: 'BK777777', checkIn: '12/01/2026', totalPrice: '6000' });
    seedBookings([old]);
    renderRoute('/customer-booking/BK777777');
    await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' });
    expect(facts()).toMatchObject({ 'Number of Rooms': '1', 'Check-In': '12/01/2026', 'Total Price': '₹6,000' });
  });

  it('saves a new email into the stored record and says so', async () => {
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

  it('alerts on a blank email and keeps the stored one', async () => {
    seedBookings([sampleBooking()]);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = renderRoute('/customer-booking/BK123456');
    await user.clear(await screen.findByRole('textbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(alert).toHaveBeenCalledWith('Please enter your email!');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(storedBookings()).toEqual([sampleBooking()]);
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

  it('finds an ID typed in lower case', async () => {
    seedBookings([sampleBooking()]);
    renderRoute('/customer-booking/bk123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown ID', 'BK000000', 'BK000000'],
    ['markup', encodeURIComponent('<script>alert(1)</script>'), '<script>alert(1)</script>'],
    ['an over-long ID', 'X'.repeat(300), `${'X'.repeat(80)}…`],
  ])('says Booking Not Found for %s, showing the ID as text', async (_name, path, shown) => {
    seedBookings([sampleBooking()]);
    renderRoute(`/customer-booking/${path}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No booking found with ID:', { exact: false })).toHaveTextContent(`No booking found with ID: ${shown}`);
    expect(document.querySelector('main script')).toBeNull();
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
