import { randomUUID } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, staffNetwork, uniqueEmail } from '../../hotelNetwork';
import { manageTokenFor } from '../../manageLinks';
import { withHotelSettings } from '../../support/hotelSettings';
import { renderHotelRoute, renderRoute } from '../../testUtils';

/**
 * The tax invoice (issue 34): wherever the guest sees the booking, on any device, the invoice
 * opens: from the manage link's page (the token after #, then only in a header) and from the
 * portal's lookup by ID and email (the email in a body). Against the real hotel server of the Jest
 * global setup; this browser holds no copy of these bookings, as another device would not.
 */

afterEach(() => jest.restoreAllMocks());
// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

/** Two Classic Rooms for two nights at ₹3,000, GST 5%: the figures every invoice here shows. */
async function bookedElsewhere() {
  const { booking } = await bookAtHotel({ roomId: 'deluxe', rooms: 2, email: uniqueEmail('invoice') });
  return booking;
}
const totals = () =>
  Object.fromEntries(
    within(document.querySelector('.invoice__totals') as HTMLElement)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
const expectedTotals = { 'Taxable value': '₹12,000.00', CGST: '₹300.00', SGST: '₹300.00', Total: '₹12,600.00' };

describe('Tax invoice (hotel)', () => {
  it('opens on another device from the manage link’s page: the token goes in a header only and leaves the address; the figures are the hotel’s', async () => {
    const booking = await bookedElsewhere();
    const token = await manageTokenFor(booking.bookingId);
    const { user, network, router } = renderHotelRoute(`/manage#${token}`);
    const link = await screen.findByRole('link', { name: /^Tax invoice INV-\d{4}-\d{6}$/ });
    // Opens in a new tab too: the token rides after #, which no server sees.
    expect(link).toHaveAttribute('href', `/invoice/${booking.bookingId}#${token}`);
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeInTheDocument();
    expect(await screen.findByText(booking.bookingId, { selector: 'dd' })).toBeInTheDocument();
    expect(totals()).toEqual(expectedTotals);
    const [asked] = network.calls('GET', `/api/bookings/${booking.bookingId}/invoice`);
    expect(asked!.headers.get('x-manage-token')).toBe(token);
    for (const request of network.requests) expect(request.path + request.query.toString()).not.toContain(token.split('.')[2]);
    // Gone from the address (so not in a printed page's footer or a copied link), kept in this tab's history.
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe(`/invoice/${booking.bookingId}`);
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
    // Back to the manage page, which opens again with the same link.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Your Booking' })).toBeInTheDocument();
    expect(await screen.findByText(booking.bookingId)).toBeInTheDocument();
  });

  it('opens from the portal’s lookup by Booking ID and email: the email goes in a body, never in the address', async () => {
    const booking = await bookedElsewhere();
    const { user, network, router } = renderHotelRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), booking.bookingId);
    await user.type(screen.getByLabelText('Email you booked with'), booking.email);
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: /^Tax invoice INV-/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeInTheDocument();
    expect(await screen.findByText(booking.email, { selector: 'dd' })).toBeInTheDocument();
    expect(totals()).toEqual(expectedTotals);
    const [asked] = network.calls('POST', '/api/bookings/invoice');
    expect(asked!.body).toEqual({ bookingId: booking.bookingId, email: booking.email });
    expect(router.state.location.pathname + router.state.location.search + router.state.location.hash).toBe(
      `/invoice/${booking.bookingId}`,
    );
    // Back to the booking, still found by its email.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(booking.email);
  });

  it('with no proof of the booking says where the invoice opens, and shows nothing of it', async () => {
    const booking = await bookedElsewhere();
    renderHotelRoute(`/invoice/${booking.bookingId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No invoice found for booking ID: ${booking.bookingId}. Open it from your booking: the Manage your booking link in your email, or the Booking Portal with your booking ID and email. The hotel's staff see it when signed in.`,
    );
    expect(screen.getByRole('link', { name: 'Booking Portal' })).toHaveAttribute('href', '/booking-portal');
    expect(screen.queryByText(booking.email)).not.toBeInTheDocument();
  });

  it('prints nothing for legal details the owner has not set (no “GSTIN: not set”), and prints them once set', async () => {
    const booking = await bookedElsewhere();
    const token = await manageTokenFor(booking.bookingId);
    await withHotelSettings({ address: '', gstin: '' }, async () => {
      renderHotelRoute(`/invoice/${booking.bookingId}#${token}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeInTheDocument();
      const hotel = document.querySelector('.invoice__hotel') as HTMLElement;
      await waitFor(() => expect(hotel).toBeInTheDocument());
      expect(hotel.textContent).not.toMatch(/GSTIN|not set/);
      expect(document.querySelector('.invoice__address')).toBeNull();
    });
    await withHotelSettings({ address: '12 River Road\nMunnar, Kerala 685612', gstin: '32ABCDE1234F1Z5' }, async () => {
      renderHotelRoute(`/invoice/${booking.bookingId}#${token}`);
      expect(await screen.findByText('GSTIN: 32ABCDE1234F1Z5')).toBeInTheDocument();
      expect(document.querySelector('.invoice__address')).toHaveTextContent('12 River Road Munnar, Kerala 685612');
    });
  });

  it('prints a checked-in guest’s invoice for the desk (every status prints: issue 35)', async () => {
    const staff = await staffNetwork();
    const csrf = ((await (await staff.fetch('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const post = (path: string, body: unknown) =>
      staff.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      });
    const made = await post('/api/admin/desk/bookings', {
      draftId: randomUUID(),
      channel: 'walk-in',
      roomId: 'deluxe',
      packageIndex: 0,
      rooms: 1,
      checkIn: today,
      checkOut: tomorrow,
      email: uniqueEmail('walk-in'),
    });
    const { booking } = (await made.json()) as { booking: { bookingId: string } };
    expect((await post(`/api/admin/bookings/${booking.bookingId}/status`, { to: 'checked_in' })).status).toBe(200);
    renderHotelRoute(`/invoice/${booking.bookingId}`, { network: staff });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeInTheDocument();
    expect(await screen.findByText(booking.bookingId, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Tax invoice (browser only)', () => {
  it('says invoices are the hotel’s, and asks nothing', async () => {
    renderRoute('/invoice/BK123456');
    expect(
      await screen.findByText('Invoices are issued by the hotel: this site keeps its bookings in this browser only.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print or save as PDF' })).not.toBeInTheDocument();
  });
});
