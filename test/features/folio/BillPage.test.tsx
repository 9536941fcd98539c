import { screen, waitFor, within } from '@testing-library/react';
import { parseRupees } from '../../../src/features/folio/rupees';
import { bookAtHotel, uniqueEmail } from '../../hotelNetwork';
import { addDaysTo, csrfOf, deskStaff, hotelToday } from '../../support/deskStaff';
import { renderHotelRoute } from '../../testUtils';

// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

describe('a stay’s bill at the desk (hotel)', () => {
  it('the front desk posts a charge, reverses it once, takes the balance, and the check-out then goes through', async () => {
    const checkIn = hotelToday();
    const { booking } = await bookAtHotel({ email: uniqueEmail('bill'), checkIn, checkOut: addDaysTo(checkIn, 1) });
    const desk = await deskStaff();
    const checkedIn = await desk.network.fetch(`/api/admin/bookings/${booking.bookingId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': await csrfOf(desk.network) },
      body: JSON.stringify({ to: 'checked_in' }),
    });
    expect(checkedIn.status).toBe(200);

    const { user } = renderHotelRoute(`/admin-desk/bill/${booking.bookingId}`, { network: desk.network });
    expect(await screen.findByRole('heading', { level: 1, name: `Bill ${booking.bookingId}` })).toBeInTheDocument();
    await screen.findByLabelText('Balance', { exact: true });
    const due = () =>
      within(screen.getByLabelText('Balance', { exact: true }))
        .getAllByRole('definition')
        .at(-1)!.textContent;
    const roomOnly = due();
    expect(screen.getByText('Nothing posted yet: the bill is the room nights.')).toBeInTheDocument();

    // Laundry, twice: ₹300 + 9% + 9% each.
    const charge = screen.getByRole('form', { name: 'Post a charge' });
    await user.selectOptions(within(charge).getByLabelText('Service'), await within(charge).findByRole('option', { name: /^Laundry/ }));
    await user.clear(within(charge).getByLabelText('Quantity'));
    await user.type(within(charge).getByLabelText('Quantity'), '2');
    await user.click(within(charge).getByRole('button', { name: 'Post charge' }));
    expect(await screen.findByText('Posted: Laundry × 2.')).toBeInTheDocument();
    const lines = await screen.findByRole('table', { name: 'Lines' });
    const laundry = await within(lines).findByText('Laundry × 2 at ₹300.00');
    const row = laundry.closest('tr')!;
    expect(within(row).getByText('₹708.00')).toBeInTheDocument();
    expect(within(row).getByText('₹108.00 (18%)')).toBeInTheDocument();
    expect(within(row).getByText(`by ${desk.username}`)).toBeInTheDocument();

    // Reversed: a line of its own naming it; the first is not offered again.
    await user.click(within(row).getByRole('button', { name: 'Reverse Laundry × 2 at ₹300.00' }));
    expect(await screen.findByText('Reversal of: Laundry × 2 at ₹300.00')).toBeInTheDocument();
    await waitFor(() => expect(within(lines).queryAllByRole('button', { name: /^Reverse/ })).toHaveLength(0));
    expect(due()).toBe(roomOnly);

    // Check-out refused while due, with the amount; the amount offered is the balance.
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${roomOnly} is still due on this bill: take the payment or ask the owner.`);
    expect(screen.queryByRole('button', { name: /owner\)$/ })).not.toBeInTheDocument();
    const pay = screen.getByRole('form', { name: 'Take a payment' });
    await user.selectOptions(within(pay).getByLabelText('Paid by'), 'UPI');
    await user.click(within(pay).getByRole('button', { name: 'Take payment' }));
    expect(await screen.findByText(`Received ${roomOnly} by UPI.`)).toBeInTheDocument();
    await waitFor(() => expect(due()).toBe('₹0.00'));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText(`Booking ${booking.bookingId} checked out.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Post a charge' })).not.toBeInTheDocument());
  });

  it('an amount typed in rupees is paise, and anything else is refused', () => {
    expect(parseRupees('1500')).toBe(150000);
    expect(parseRupees('₹ 1,500.5')).toBe(150050);
    expect(parseRupees('0.01')).toBe(1);
    for (const typed of ['', '0', '1.234', '-5', 'abc', '1e3']) expect(parseRupees(typed)).toBeNull();
  });
});
