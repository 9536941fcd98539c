import { screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, futureStay, shownDate, staffNetwork, uniqueEmail } from '../../hotelNetwork';
import type { SourceKind } from '../../testUtils';
import { renderHotelRoute, renderRoute, renderWithSource, sampleBooking, seedBookings } from '../../testUtils';

const headings = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

/**
 * Two bookings in the source, the second made last: in this browser's storage, or at the hotel
 * (which other tests share, so the screen shows theirs too). Answers what the newer one's card shows.
 */
async function twoBookings(source: SourceKind) {
  if (source === 'browser') {
    seedBookings([
      sampleBooking({ bookingId: 'BK111111' }),
      sampleBooking({ bookingId: 'BK222222', roomName: 'Suit Room', email: 'ravi@example.com', totalPrice: 12000 }),
    ]);
    return {
      older: 'BK111111',
      newer: 'BK222222',
      texts: ['Confirmed', 'ravi@example.com', 'Suit Room', '12/01/2026', '12/03/2026', '₹12,000'],
    };
  }
  const older = await bookAtHotel();
  const stay = futureStay(3);
  const email = uniqueEmail('ravi');
  const newer = await bookAtHotel({ roomId: 'executive', rooms: 1, email, ...stay });
  return {
    older: older.booking.bookingId,
    newer: newer.booking.bookingId,
    // A Suit Room's discounted price, ₹4,000, for 3 nights.
    texts: ['Confirmed', email, 'Suit Room', shownDate(stay.checkIn), shownDate(stay.checkOut), '₹12,000'],
  };
}

/** Opens the screen; at the hotel, as a signed-in administrator. */
async function open(source: SourceKind) {
  const network = source === 'hotel' ? await staffNetwork() : undefined;
  const view = renderWithSource(source, '/view-bookings', { network });
  expect(await screen.findByRole('heading', { level: 1, name: 'All Booked Rooms' })).toBeInTheDocument();
  return view;
}

describe.each(['browser', 'hotel'] as const)('All booked rooms (%s)', (source) => {
  it('shows one card per booking, newest first, with every field the spec lists', async () => {
    const { older, newer, texts } = await twoBookings(source);
    const { user, router } = await open(source);
    await screen.findByRole('heading', { level: 2, name: older });
    const order = headings();
    expect(order.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(newer)).toBeLessThan(order.indexOf(older));
    const card = within(screen.getByRole('heading', { level: 2, name: newer }).closest('article')!);
    for (const text of texts) expect(card.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/^\d[\d,]* bookings, newest first$/)).toBeInTheDocument();

    await user.click(card.getByRole('link', { name: `View Details for booking ${newer}` }));
    expect(router.state.location.pathname).toBe(`/customer-booking/${newer}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
  });
});

describe('All booked rooms, browser only', () => {
  it('says Not Selected for a stay without a check-out', async () => {
    const { rooms: _rooms, ...old } = sampleBooking({ bookingId: 'BK111111', checkOut: null });
    seedBookings([old, sampleBooking({ bookingId: 'BK222222' })]);
    renderRoute('/view-bookings');
    const cards = await screen.findAllByRole('article');
    expect(headings()).toEqual(['BK222222', 'BK111111']);
    expect(within(cards[1]!).getByText('Not Selected')).toBeInTheDocument();
    expect(screen.getByText('2 bookings, newest first')).toBeInTheDocument();
  });

  // Role queries over a hundred rows are slow in jsdom, more so on a busy machine.
  it('shows a batch at a time when there are thousands', async () => {
    seedBookings(Array.from({ length: 130 }, (_, i) => sampleBooking({ bookingId: `BK${100000 + i}` })));
    const { user } = renderRoute('/view-bookings');
    // Sixty cards take a while to render in jsdom on a busy machine.
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(60);
    await user.click(screen.getByRole('button', { name: 'Show more bookings' }));
    await user.click(screen.getByRole('button', { name: 'Show more bookings' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(130));
    expect(screen.queryByRole('button', { name: 'Show more bookings' })).not.toBeInTheDocument();
  }, 20_000);

  it('says so when nothing is booked', async () => {
    renderRoute('/view-bookings');
    expect(await screen.findByText('No rooms have been booked yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('All booked rooms, hotel only', () => {
  it('needs a signed-in administrator: the sign-in form and no cards otherwise', async () => {
    await bookAtHotel();
    const { network } = renderHotelRoute('/view-bookings');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(network.calls('GET', '/api/admin/bookings')).toHaveLength(0);
  });

  it('shows 60 at a time, asking the server for the next batch', async () => {
    // At least 61 bookings at the hotel, ours the newest 61 when the screen opens.
    const ours: string[] = [];
    for (let batch = 0; batch < 61; batch += 10) {
      const made = await Promise.all(Array.from({ length: Math.min(10, 61 - batch) }, () => bookAtHotel()));
      ours.push(...made.map((m) => m.booking.bookingId));
    }
    const { user, network } = await open('hotel');
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(60);
    const total = /^Showing 60 of (\d[\d,]*)$/.exec(screen.getByText(/^Showing 60 of/).textContent ?? '');
    expect(Number(total![1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(61);
    await user.click(screen.getByRole('button', { name: 'Show more bookings' }));
    // The second batch follows the first: all 61 of ours are shown. (Which of ours is the oldest
    // is not known: each ten were made at once.)
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(60));
    for (const bookingId of ours) expect(screen.getByRole('heading', { level: 2, name: bookingId })).toBeInTheDocument();
    expect(network!.calls('GET', '/api/admin/bookings').map((r) => [r.query.get('page'), r.query.get('pageSize')])).toEqual([
      ['1', '60'],
      ['2', '60'],
    ]);
  }, 30_000);
});
