import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, callHotel, staffNetwork, stayOfItsOwn, uniqueEmail } from '../../hotelNetwork';
import { addDaysTo, deskStaff, hotelToday, settleBill } from '../../support/deskStaff';
import { renderHotelRoute, renderRoute } from '../../testUtils';

/** A booking of this test's own arriving today at the hotel, as a guest made it on the web. */
async function arrivingToday(nights = 2) {
  const checkIn = hotelToday();
  return (await bookAtHotel({ email: uniqueEmail('arrival'), checkIn, checkOut: addDaysTo(checkIn, nights) })).booking;
}

const rowOf = async (listName: string, text: string) =>
  (await within(await screen.findByRole('table', { name: new RegExp(`^${listName}`) })).findByText(text)).closest('tr')!;

// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

describe('Today at the desk (hotel)', () => {
  it('without a session shows only the sign-in form', async () => {
    const { network } = renderHotelRoute('/admin-desk');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(network.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('front desk: today’s arrival, checked in, in the house, checked out early, and the check-out undone', async () => {
    const booking = await arrivingToday();
    const desk = await deskStaff();
    const { user, network } = renderHotelRoute('/admin-desk', { network: desk.network });
    expect(await screen.findByRole('heading', { level: 1, name: 'Today at the desk' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === `Signed in as ${desk.username} (front desk)`,
      ),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Bookings', 'Today at the desk', 'Form C']);
    await waitFor(() => expect(screen.getByLabelText('Day')).toHaveValue(hotelToday()));

    let row = await rowOf('Arrivals', booking.email);
    expect(within(row).getByText('Classic Room')).toBeInTheDocument();
    expect(within(row).getByText(/^2 nights/)).toBeInTheDocument();
    expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `No-show ${booking.bookingId}` })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `Check in ${booking.bookingId}` }));
    // Checking in names the room the guest goes to (issue 38: rooms by number), the one the row shows.
    const room = within(row).getByText(/^Room \d+$/, { selector: '.desk__room-numbers' }).textContent!;
    expect(await screen.findByText(`Booking ${booking.bookingId} checked in: ${room}.`)).toBeInTheDocument();
    expect(network.calls('POST', `/api/admin/bookings/${booking.bookingId}/status`)[0]!.body).toEqual({ to: 'checked_in' });

    row = await rowOf('In the house', booking.email);
    expect(within(row).getByText('Checked in')).toBeInTheDocument();
    row = await rowOf('Arrivals', booking.email);
    // A checked-in guest has a bill (issue 40); it is paid before the check-out.
    expect(within(row).getByRole('link', { name: `Bill of ${booking.bookingId}` })).toHaveAttribute(
      'href',
      `/admin-desk/bill/${booking.bookingId}`,
    );
    await settleBill(desk.network, booking.bookingId);
    await user.click(within(row).getByRole('button', { name: `Check out ${booking.bookingId}` }));
    expect(await screen.findByText(`Booking ${booking.bookingId} checked out.`)).toBeInTheDocument();
    // Left on the arrival day: the stay now ends tomorrow, so it is no longer in the house.
    // This guest's row: other test files' guests may be checked out, or in the house, on the same hotel today.
    await waitFor(async () => expect(within(await rowOf('Arrivals', booking.email)).getByText('Checked out')).toBeInTheDocument());
    expect(screen.queryByRole('table', { name: /^In the house/ })?.textContent ?? '').not.toContain(booking.email);

    row = await rowOf('Arrivals', booking.email);
    await user.click(within(row).getByRole('button', { name: `Undo the last change to ${booking.bookingId}` }));
    expect(await screen.findByText(`Undone: booking ${booking.bookingId} is checked in again.`)).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('In the house', booking.email)).getByText('Checked in')).toBeInTheDocument());

    // The audit names the person.
    const owner = await staffNetwork();
    const audit = (await (await owner.fetch('/api/admin/audit')).json()) as {
      items: Array<{ bookingId: string; action: string; staff: string }>;
    };
    expect(audit.items.filter((entry) => entry.bookingId === booking.bookingId).map((entry) => [entry.action, entry.staff])).toEqual([
      ['undo', desk.username],
      ['check-out', desk.username],
      ['bill-payment', desk.username],
      ['check-in', desk.username],
    ]);
  });

  it('takes a phone booking through the hotel’s rules and lists it among the day’s arrivals', async () => {
    const desk = await deskStaff();
    const email = uniqueEmail('phone');
    const { user, network } = renderHotelRoute('/admin-desk', { network: desk.network });
    const form = await screen.findByRole('region', { name: 'New phone or walk-in booking' });
    await waitFor(() => expect(within(form).getByLabelText('Check-in')).toHaveValue(hotelToday()));
    expect(within(form).getByLabelText('Check-out')).toHaveValue(addDaysTo(hotelToday(), 1));
    await user.selectOptions(within(form).getByLabelText('Room'), 'Suit Room');
    await user.type(within(form).getByLabelText('Guest email'), email);
    await user.type(within(form).getByLabelText('Guest name'), 'Farhan Ali');
    await user.type(within(form).getByLabelText('Guest mobile number'), '9123456780');
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    const done = await screen.findByText(/^Booked BK\d{6}: Suit Room, 1 night from/);
    expect(done).toHaveTextContent(`The confirmation email goes to ${email}.`);
    const [sent] = network.calls('POST', '/api/admin/desk/bookings');
    expect(sent!.body).toMatchObject({
      channel: 'phone',
      roomId: 'executive',
      rooms: 1,
      checkIn: hotelToday(),
      email,
      guestName: 'Farhan Ali',
      guestMobile: '9123456780',
    });
    const bookingId = /BK\d{6}/.exec(done.textContent!)![0];
    const row = await rowOf('Arrivals', email);
    expect(within(row).getByText(bookingId)).toBeInTheDocument();
    // Who it is for, and the number as a link that calls it (issue 34 item 5).
    expect(within(row).getByText('Farhan Ali')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '+91 91234 56780' })).toHaveAttribute('href', 'tel:+919123456780');
    expect(within(form).getByLabelText('Guest name')).toHaveValue('');
    expect(within(row).getByRole('button', { name: `Check in ${bookingId}` })).toBeInTheDocument();
    expect(within(form).getByLabelText('Guest email')).toHaveValue('');
    // The guest finds it as any booking.
    expect((await callHotel('/api/bookings/lookup', { method: 'POST', body: { bookingId, email } })).status).toBe(200);
  });

  it('asks who stays, as the guest is asked on the web: within the room type’s limits, at the hotel’s price for them (issue 40)', async () => {
    const desk = await deskStaff();
    const stay = stayOfItsOwn(2);
    const email = uniqueEmail('phone-family');
    const { user, network } = renderHotelRoute('/admin-desk', { network: desk.network });
    const form = await screen.findByRole('region', { name: 'New phone or walk-in booking' });
    fireEvent.change(within(form).getByLabelText('Check-in'), { target: { value: stay.checkIn } });
    fireEvent.change(within(form).getByLabelText('Check-out'), { target: { value: stay.checkOut } });
    await user.selectOptions(within(form).getByLabelText('Room'), 'Suit Room');
    const guests = await within(form).findByRole('group', { name: 'Guests and meals' });
    // The Suit Room's limits as the owner set them: up to 3 adults (an extra bed) and 2 children.
    const adults = within(guests).getByLabelText('Adults');
    expect(
      within(adults)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3']);
    expect(adults).toHaveValue('2');
    await user.selectOptions(adults, '3');
    await user.selectOptions(within(guests).getByLabelText('Children'), '1');
    await user.selectOptions(within(guests).getByLabelText('Age of child 1'), '8');
    await user.type(within(form).getByLabelText('Guest email'), email);
    await user.type(within(form).getByLabelText('Guest name'), 'Meera Family');
    await user.type(within(form).getByLabelText('Guest mobile number'), '9123456781');
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    const done = await screen.findByText(
      /^Booked BK\d{6}: Suit Room, 2 nights from .*, 3 adults, 1 child \(8\) · Room With Breakfast \(CP\), ₹11,000\./,
    );
    expect(network.calls('POST', '/api/admin/desk/bookings')[0]!.body).toMatchObject({ guests: [{ adults: 3, childAges: [8] }] });
    // Charged as the confirm charges that family on the web: the hotel's quote for them.
    const bookingId = /BK\d{6}/.exec(done.textContent!)![0];
    const quote = await callHotel(
      `/api/stay-quote?roomId=executive&packageIndex=0&rooms=1&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=3:8`,
    );
    const booked = await callHotel('/api/bookings/lookup', { method: 'POST', body: { bookingId, email } });
    const { booking } = booked.body as { booking: { taxablePaise: number; guests: unknown } };
    expect(booking.guests).toEqual([{ adults: 3, childAges: [8] }]);
    expect(booking.taxablePaise).toBe((quote.body as { taxablePaise: number }).taxablePaise);
    // The owner's extra bed and child of 6 or older: ₹1,000 and ₹500 a night on the Suit Room's own price.
    const plain = await callHotel(
      `/api/stay-quote?roomId=executive&packageIndex=0&rooms=1&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
    );
    expect(booking.taxablePaise - (plain.body as { taxablePaise: number }).taxablePaise).toBe(2 * (100_000 + 50_000));
    // The form is ready for the next call: the room's default guests again.
    await waitFor(() => expect(within(form).queryByRole('option', { name: '8', selected: true })).toBeNull());
  });

  it('says why the hotel refuses a phone booking (a stay in the past), and books nothing', async () => {
    const desk = await deskStaff();
    const { user, network } = renderHotelRoute('/admin-desk', { network: desk.network });
    const form = await screen.findByRole('region', { name: 'New phone or walk-in booking' });
    // A date field takes a whole date at once (typing it key by key leaves it empty between keys).
    fireEvent.change(within(form).getByLabelText('Check-in'), { target: { value: addDaysTo(hotelToday(), -3) } });
    await user.type(within(form).getByLabelText('Guest email'), uniqueEmail('late'));
    await user.type(within(form).getByLabelText('Guest name'), 'Late Guest');
    await user.type(within(form).getByLabelText('Guest mobile number'), '+44 7700 900123');
    await user.click(within(form).getByRole('radio', { name: 'At the desk (walk-in)' }));
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/checkIn: must not be/);
    expect(network.calls('POST', '/api/admin/desk/bookings')[0]!.body).toMatchObject({ channel: 'walk-in' });
  });

  it('asks the guest’s name and mobile number too: a number it cannot call is shown under its field, and nothing is sent', async () => {
    const desk = await deskStaff();
    const { user, network } = renderHotelRoute('/admin-desk', { network: desk.network });
    const form = await screen.findByRole('region', { name: 'New phone or walk-in booking' });
    await waitFor(() => expect(within(form).getByLabelText('Check-in')).toHaveValue(hotelToday()));
    await user.type(within(form).getByLabelText('Guest email'), uniqueEmail('badmobile'));
    await user.type(within(form).getByLabelText('Guest name'), 'Farhan Ali');
    const mobile = within(form).getByLabelText('Guest mobile number');
    await user.type(mobile, '55555 55555');
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mobile).toHaveAccessibleDescription(expect.stringContaining('An Indian mobile number has 10 digits'));
    expect(mobile).toHaveFocus();
    expect(network.calls('POST', '/api/admin/desk/bookings')).toHaveLength(0);
  });

  it('shows another day by its date, with only the moves allowed today', async () => {
    const checkIn = addDaysTo(hotelToday(), 5);
    const { booking } = await bookAtHotel({ email: uniqueEmail('later'), checkIn, checkOut: addDaysTo(checkIn, 1) });
    const desk = await deskStaff();
    const { user, network } = renderHotelRoute('/admin-desk', { network: desk.network });
    const day = await screen.findByLabelText('Day');
    await waitFor(() => expect(day).toHaveValue(hotelToday()));
    fireEvent.change(day, { target: { value: checkIn } });
    const row = await rowOf('Arrivals', booking.email);
    // No move of its life yet; moving it to another room is the only thing the desk may do now.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Move']);
    expect(within(row).getByRole('combobox', { name: new RegExp(`^Move ${booking.bookingId} from room \\d+ to$`) })).toBeInTheDocument();
    expect(network.calls('GET', '/api/admin/desk').some((call) => call.query.get('date') === checkIn)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getByLabelText('Day')).toHaveValue(hotelToday()));
  });

  it('front desk: no backups on the dashboard, no bursts, no staff (the owner has them)', async () => {
    const ownerView = renderHotelRoute('/admin-bookings', { network: await staffNetwork() });
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bursts' })).toBeInTheDocument();
    ownerView.unmount();
    const desk = await deskStaff();
    const view = renderHotelRoute('/admin-bookings', { network: desk.network });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('searchbox')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Recent changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bursts' })).not.toBeInTheDocument();
    view.unmount();
    renderHotelRoute('/admin-bursts', { network: desk.network });
    expect(await screen.findByText('Bursts of bookings are for the hotel’s owner: front-desk staff cannot open them.')).toBeInTheDocument();
    expect(desk.network.calls('GET', '/api/admin/bursts')).toEqual([]);
  });
});

describe('A booking’s life in the guest’s view (hotel)', () => {
  it('shows the real status: checked in after the desk checked the guest in', async () => {
    const booking = await arrivingToday(1);
    const desk = await deskStaff();
    const moved = await desk.network.fetch(`/api/admin/bookings/${booking.bookingId}/status`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'hotel-site',
        'x-csrf-token': ((await (await desk.network.fetch('/api/admin/session')).json()) as { csrfToken: string }).csrfToken,
      },
      body: JSON.stringify({ to: 'checked_in' }),
    });
    expect(moved.status).toBe(200);
    renderHotelRoute({ pathname: `/customer-booking/${booking.bookingId}`, state: { lookupEmail: booking.email } });
    const status = await screen.findByText('Status');
    await waitFor(() => expect(status.nextElementSibling).toHaveTextContent('Checked in'));
  });
});

describe('Today at the desk (browser only)', () => {
  it('says it is not offered here', async () => {
    renderRoute('/admin-desk');
    expect(await screen.findByText(/The front desk is not offered here/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
