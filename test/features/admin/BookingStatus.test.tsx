import { screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, callHotel, staffNetwork } from '../../hotelNetwork';
import { renderHotelRoute, renderRoute, sampleBooking, seedBookings } from '../../testUtils';

/**
 * The dashboard's Status column: the hotel says whether a guest cancelled (issue 24); the spec's
 * browser-only bookings are all Confirmed. The booking is cancelled through the real API, with the
 * manage link the guest was mailed (read from the hotel's Outbox: the Jest server holds its mail).
 */

async function manageTokenOf(email: string): Promise<string> {
  const network = await staffNetwork();
  const reply = (await (await network.fetch('/api/admin/outbox?limit=200')).json()) as { items: Array<{ to: string; text: string }> };
  const text = reply.items.find((item) => item.to === email)?.text ?? '';
  const token = /\/manage#(\S+)/.exec(text)?.[1];
  if (!token) throw new Error(`no manage link mailed to ${email}`);
  return token;
}

const bookingsTable = () => screen.findByRole('table', { name: 'Bookings, newest first' });
const statusOf = async (bookingId: string) => {
  const row = (await within(await bookingsTable()).findByText(bookingId)).closest('tr')!;
  return within(row).getAllByRole('cell')[6]!.textContent;
};

jest.setTimeout(40_000);

describe('Status column (hotel)', () => {
  it('shows Cancelled for a booking the guest cancelled with the mailed link, Confirmed for the others, and the audit says so', async () => {
    const tag = `status.${Date.now().toString(36)}`;
    // Check-in months ahead: free cancellation.
    const kept = await bookAtHotel({ email: `kept.${tag}@example.com` });
    const gone = await bookAtHotel({ email: `gone.${tag}@example.com` });
    const token = await manageTokenOf(gone.booking.email);
    // A JSON body is ignored (server/API.md); the client sends one, as the manage page does.
    const cancel = await callHotel('/api/manage/cancel', { method: 'POST', headers: { 'x-manage-token': token }, body: {} });
    expect(cancel.status).toBe(200);
    expect(cancel.body.booking.status).toBe('cancelled');

    const network = await staffNetwork();
    const { user } = renderHotelRoute('/admin-bookings', { network });
    await user.click(await screen.findByRole('searchbox', { name: 'Search bookings' }));
    await user.paste(tag);
    expect(await screen.findByText('Showing 1–2 of 2 bookings')).toBeInTheDocument();
    expect(
      within(await bookingsTable())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Booking ID', 'Email', 'Room', 'Check-In', 'Check-Out', 'Total', 'Status', 'Action']);
    expect(await statusOf(gone.booking.bookingId)).toBe('Cancelled');
    expect(await statusOf(kept.booking.bookingId)).toBe('Confirmed');

    const changes = screen.getByRole('region', { name: 'Recent changes' });
    expect(await within(changes).findByText(`Booking ${gone.booking.bookingId} cancelled by the guest`)).toBeInTheDocument();
  });

  it('names a guest’s change of dates in the recent changes', async () => {
    const { booking } = await bookAtHotel();
    const token = await manageTokenOf(booking.email);
    const day = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
    const change = await callHotel('/api/manage', {
      method: 'PUT',
      headers: { 'x-manage-token': token },
      body: { checkIn: day(booking.checkIn, 1), checkOut: day(booking.checkOut, 1), rooms: 1 },
    });
    expect(change.status).toBe(200);

    const { user } = renderHotelRoute('/admin-bookings', { network: await staffNetwork() });
    await user.click(await screen.findByRole('searchbox', { name: 'Search bookings' }));
    await user.paste(booking.email);
    expect(await screen.findByText('Showing 1–1 of 1 booking')).toBeInTheDocument();
    const changes = await screen.findByRole('region', { name: 'Recent changes' });
    await waitFor(() =>
      expect(within(changes).getByText(`Booking ${booking.bookingId} dates or rooms changed by the guest`)).toBeInTheDocument(),
    );
    expect(await statusOf(booking.bookingId)).toBe('Confirmed');
  });
});

describe('Status column (browser only)', () => {
  it('stays as the spec shows it: every booking Confirmed', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK100001' }), sampleBooking({ bookingId: 'BK100002', email: 'other@example.com' })]);
    renderRoute('/admin-bookings');
    const rows = within(await bookingsTable())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[6]!.textContent)).toEqual(['Confirmed', 'Confirmed']);
  });
});
