import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { addDays, dateInZone, formatDisplayDate, todayIso } from '../../../src/domain/dates';
import { datesChosen, roomCountChosen } from '../../../src/features/selection/selectionSlice';
import { HotelNetwork, bookAtHotel, signInStaff, stayOfItsOwn } from '../../hotelNetwork';
import type { SourceKind } from '../../testUtils';
import { renderHotelRoute, renderWithSource } from '../../testUtils';
import { quietReactDates } from './quietReactDates';

quietReactDates();
afterEach(() => jest.restoreAllMocks());

// The screen is a lazy route; loading it (and react-dates) once up front keeps each test's own time short.
beforeAll(() => import('../../../src/features/booking/BookingPage'), 60_000);

/** Sets this device's clock to `now` and keeps it there; the screen's timers, React's and the network's keep real time. */
function deviceClockAt(now: Date) {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

function roomSection(name: string) {
  return screen.getByRole('region', { name });
}

async function openBooking(options: Parameters<typeof renderWithSource>[2] = {}, source: SourceKind = 'browser') {
  const view = renderWithSource(source, '/booking', options);
  // The first render loads the screen's chunk with react-dates, which takes a moment in jsdom.
  await screen.findByRole('heading', { level: 1, name: 'Book a Room' }, { timeout: 5000 });
  // The picker takes its placeholder's place once the screen has painted (its inputs take typed dates until then).
  await waitFor(() => expect(document.querySelector('.date-range__placeholder')).toBeNull());
  return view;
}

describe.each(['browser', 'hotel'] as const)('booking screen (%s)', (source) => {
  it('opens the date picker modal under StrictMode (the patched portal shows)', async () => {
    const { user } = await openBooking({}, source);
    expect(screen.queryByRole('application', { name: 'Calendar' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Check-in'));
    const calendar = await screen.findByRole('application', { name: 'Calendar' });
    // withPortal renders the calendar into its own node on body, outside the app's root.
    expect(calendar.closest('#root, body > div:first-child')).toBeNull();
    expect(document.body).toContainElement(calendar);
  });

  it('labels both date inputs and captions the picker Select Date Range', async () => {
    await openBooking({}, source);
    expect(screen.getByRole('group', { name: 'Select Date Range' })).toBeInTheDocument();
    expect(screen.getByLabelText('Check-in')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(screen.getByLabelText('Check-out')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  });

  it('shows both rooms, and the catalogue prices only where this browser keeps the bookings', async () => {
    await openBooking({}, source);
    const classic = roomSection('Classic Room');
    expect(within(classic).getByRole('img')).toHaveAccessibleName(/Classic Room/);
    expect(within(classic).getByText('Tax Exclusive')).toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2', '3']);
  });

  it('choosing rooms locks the other package until Reset Selection', async () => {
    const { user, store } = await openBooking({}, source);
    expect(screen.queryByRole('button', { name: 'Reset Selection' })).not.toBeInTheDocument();
    await user.selectOptions(within(roomSection('Suit Room')).getByLabelText('Room(s)'), '2');

    const classic = roomSection('Classic Room');
    expect(within(classic).getByLabelText('Room(s)')).toBeDisabled();
    expect(within(classic).getByRole('button', { name: 'Book' })).toBeDisabled();
    expect(within(roomSection('Suit Room')).getByRole('button', { name: 'Book' })).toBeEnabled();
    expect(store.getState().selection).toMatchObject({ roomId: 'executive', packageIndex: 0, roomCount: 2 });

    await user.click(screen.getByRole('button', { name: 'Reset Selection' }));
    expect(within(classic).getByLabelText('Room(s)')).toBeEnabled();
    expect(within(roomSection('Suit Room')).getByLabelText('Room(s)')).toHaveValue('0');
    expect(screen.queryByRole('button', { name: 'Reset Selection' })).not.toBeInTheDocument();
  });

  it('More Info discloses the room details', async () => {
    const { user } = await openBooking({}, source);
    const suit = roomSection('Suit Room');
    const details = within(suit).getByRole('list', { name: 'Suit Room details', hidden: true });
    expect(details).not.toBeVisible();
    await user.click(within(suit).getByText('More Info'));
    expect(details).toBeVisible();
    expect(within(details).getByText('Private balcony')).toBeInTheDocument();
  });

  it('Search without dates opens the picker; with dates each package shows the stay', async () => {
    const { user, store } = await openBooking({}, source);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('application', { name: 'Calendar' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-10', endDate: '2099-01-13' })));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(within(roomSection('Classic Room')).getByText('3 nights: ₹9,000 per room')).toBeInTheDocument();
    expect(within(roomSection('Suit Room')).getByText('3 nights: ₹12,000 per room')).toBeInTheDocument();
  });

  it('typed text that is not a date shows the message and leaves the stored dates alone', async () => {
    const { user, store } = await openBooking({}, source);
    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-10', endDate: '2099-01-13' })));
    const checkOut = screen.getByLabelText('Check-out');
    // Typing over the selected date, so the input never stands empty (which clears a date).
    await user.tripleClick(checkOut);
    await user.keyboard('13/45/20');
    expect(checkOut).toHaveValue('13/45/20');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByText('Date input not valid.')).toBeInTheDocument();
    expect(store.getState().selection).toMatchObject({ startDate: '2099-01-10', endDate: '2099-01-13' });
  });

  it('a valid typed date is stored as YYYY-MM-DD and clears the message', async () => {
    const { user, store } = await openBooking({}, source);
    const checkIn = screen.getByLabelText('Check-in');
    await user.type(checkIn, 'soon');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByText('Date input not valid.')).toBeInTheDocument();
    await user.clear(checkIn);
    await user.type(checkIn, '01/10/2099');
    await waitFor(() => expect(store.getState().selection.startDate).toBe('2099-01-10'));
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
  });

  it('dates typed in the wrong order: said where the dates are, as an error, and Book stays on the screen pointing at it', async () => {
    const { user, store, router } = await openBooking({}, source);
    await user.type(screen.getByLabelText('Check-in'), '01/10/2099');
    await user.keyboard('{Escape}');
    const checkOut = screen.getByLabelText('Check-out');
    await user.click(checkOut);
    await user.keyboard('{Escape}');
    await user.type(checkOut, '01/05/2099');
    await user.tab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Date input not valid. Check-out must be after check-in.');
    expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
    expect(checkOut).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Check-in')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('group', { name: 'Select Date Range' })).toHaveAccessibleDescription(alert.textContent!);
    expect(store.getState().selection).toMatchObject({ startDate: '2099-01-10', endDate: null });

    await user.selectOptions(within(roomSection('Suit Room')).getByLabelText('Room(s)'), '1');
    await user.click(within(roomSection('Suit Room')).getByRole('button', { name: 'Book' }));
    expect(router.state.location.pathname).toBe('/booking');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.queryByRole('application', { name: 'Calendar' })).not.toBeInTheDocument();

    // Put right, the message goes and Book books.
    await user.tripleClick(checkOut);
    await user.keyboard('01/12/2099');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(checkOut).toHaveAttribute('aria-invalid', 'false');
    await user.keyboard('{Escape}');
    await user.click(within(roomSection('Suit Room')).getByRole('button', { name: 'Book' }));
    await screen.findByRole('heading', { level: 1, name: 'Booking Confirmation' });
  });

  it('a stay of more than 90 nights is refused where the dates are, at once; Search and Book stay on the screen', async () => {
    const { user, store, router, network } = await openBooking({}, source);
    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-01', endDate: '2099-04-11' })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A stay can be at most 90 nights. Please choose an earlier check-out date.');
    expect(alert).not.toHaveTextContent(/checkOut|Date input not valid/);
    expect(screen.getByLabelText('Check-out')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByText(/nights: ₹/)).not.toBeInTheDocument();
    expect(alert).toHaveFocus();
    await user.click(within(roomSection('Classic Room')).getByRole('button', { name: 'Book' }));
    expect(router.state.location.pathname).toBe('/booking');
    // The hotel is not asked about a stay it would refuse.
    expect(network?.calls('GET', '/api/availability').filter((c) => c.query.get('checkIn') === '2099-01-01') ?? []).toEqual([]);

    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-01', endDate: '2099-03-31' })));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('dates kept from an earlier visit that have passed are refused where the dates are', async () => {
    const { user, store, router } = await openBooking({}, source);
    const today = new Date();
    const iso = (offset: number) =>
      new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset).toLocaleDateString('sv').slice(0, 10);
    act(() => void store.dispatch(datesChosen({ startDate: iso(-2), endDate: iso(1) })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Date input not valid. Check-in cannot be before today.');
    expect(screen.getByLabelText('Check-in')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(roomSection('Classic Room')).getByRole('button', { name: 'Book' }));
    expect(router.state.location.pathname).toBe('/booking');
  });

  it.each(['{Tab}', '{Escape}'])(
    'before the picker has come, its placeholder says a typed check-in is not a date when the guest presses %s, and the picker waits',
    async (key) => {
      renderWithSource(source, '/booking');
      await screen.findByRole('heading', { level: 1, name: 'Book a Room' }, { timeout: 5000 });
      // No pause between keys (delay: null): the picker, which comes a frame after the screen, finds the guest typing.
      const user = userEvent.setup({ delay: null });
      const checkIn = screen.getByLabelText('Check-in');
      expect(checkIn).toHaveClass('date-range__placeholder-input');
      await user.type(checkIn, '99/99/9999');
      await user.keyboard(key);
      expect(screen.getByRole('alert')).toHaveTextContent('Date input not valid. Please type dates as MM/DD/YYYY.');
      expect(checkIn).toHaveAttribute('aria-invalid', 'true');
      // The picker would show the chosen dates (none) and lose what the message is about: it waits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(screen.getByLabelText('Check-in')).toBe(checkIn);
      expect(checkIn).toHaveValue('99/99/9999');
      // Put right, the message goes, and the picker takes the place with the date.
      await user.clear(checkIn);
      await user.type(checkIn, '01/10/2099');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.click(screen.getByRole('heading', { level: 1 }));
      await waitFor(() => expect(document.querySelector('.date-range__placeholder')).toBeNull());
      expect(screen.getByLabelText('Check-in')).toHaveValue('01/10/2099');
    },
  );

  it('Book takes the guest to the confirmation screen with the choice kept', async () => {
    const { user, router } = await openBooking({}, source);
    await user.selectOptions(within(roomSection('Classic Room')).getByLabelText('Room(s)'), '3');
    await user.click(within(roomSection('Classic Room')).getByRole('button', { name: 'Book' }));
    await screen.findByRole('heading', { level: 1, name: 'Booking Confirmation' });
    expect(router.state.location.pathname).toBe('/booking-details');
    expect(await screen.findByText('Classic Room')).toBeInTheDocument();
  });
});

describe('booking screen, browser only', () => {
  it('shows both rooms with the spec’s prices in Indian format and the discounted price tax exclusive', async () => {
    await openBooking();
    const classic = roomSection('Classic Room');
    expect(within(classic).getByRole('img')).toHaveAccessibleName(/Classic Room/);
    expect(within(classic).getByText('₹3,000')).toBeInTheDocument();
    expect(within(classic).getByText('₹3,500').tagName).toBe('S');
    expect(within(classic).getByText('Tax Exclusive')).toBeInTheDocument();
    const suit = roomSection('Suit Room');
    expect(within(suit).getByText('₹4,000')).toBeInTheDocument();
    expect(within(suit).getByText('₹4,500').tagName).toBe('S');
    expect(
      within(suit)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2', '3']);
  });

  it('says so when this browser refuses to store bookings', async () => {
    // redux-persist logs each refused write; the screen's notice is what this test is about.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusing = createBookingStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await openBooking({ bookingStorage: refusing });
    expect(screen.getByRole('alert')).toHaveTextContent('bookings cannot be saved in this browser');
  });

  it('shows no rooms left for chosen dates: this browser cannot know them', async () => {
    const { store } = await openBooking();
    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-10', endDate: '2099-01-13' })));
    expect(screen.getByLabelText('Check-in')).toHaveValue('01/10/2099');
    expect(screen.queryByText(/left for these dates/)).not.toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2', '3']);
  });
});

const optionsOf = (name: string) =>
  within(roomSection(name))
    .getAllByRole('option')
    .map((o) => o.textContent);

/**
 * Three nights no other test books, with `taken` of the hotel's 4 Suit Rooms booked (by other
 * guests, on the real server) on the second night only: the stay's rooms left are 4 - taken.
 */
async function suitsTaken(taken: number) {
  const { checkIn, checkOut } = stayOfItsOwn(3);
  const second = { checkIn: addDays(checkIn, 1), checkOut: addDays(checkIn, 2) };
  for (let left = taken; left > 0; left -= 3) await bookAtHotel({ roomId: 'executive', rooms: Math.min(3, left), ...second });
  return { startDate: checkIn, endDate: checkOut };
}

describe('booking screen, hotel only: rooms left', () => {
  it('without dates asks the hotel only for its prices of the coming 90 nights (and its payment policy), and offers 0 to 3 rooms', async () => {
    const { network } = await openBooking({}, 'hotel');
    // The cards' "from" price: the lowest of an open night among the coming 90.
    expect(await within(roomSection('Classic Room')).findByText('(the lowest of the next 90 nights)')).toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2', '3']);
    expect(screen.queryByText(/left for these dates/)).not.toBeInTheDocument();
    const asked = network!.requests.map((r) => `${r.method} ${r.path} ${r.query.get('checkIn')}..${r.query.get('checkOut')}`);
    const today = dateInZone('Asia/Kolkata');
    // The payment policy's sentence below the rooms (issue 37) asks for no stay.
    expect(asked.sort()).toEqual([`GET /api/availability ${today}..${addDays(today, 90)}`, 'GET /api/payment-policy null..null']);
  });

  it('More Info says who a room takes and what its price includes, as the owner set them (issue 40)', async () => {
    const { user } = await openBooking({}, 'hotel');
    const suit = roomSection('Suit Room');
    const details = within(suit).getByRole('list', { name: 'Suit Room details', hidden: true });
    await user.click(within(suit).getByText('More Info'));
    expect(await within(details).findByText('Up to 3 adults and 2 children; the price includes 2 adults')).toBeVisible();
    const classic = roomSection('Classic Room');
    await user.click(within(classic).getByText('More Info'));
    expect(within(classic).getByText('Up to 3 adults and 1 child; the price includes 2 adults')).toBeVisible();
  });

  it("a guest whose device is a day behind the hotel's (abroad, at 2 am in India) is offered the hotel's nights from the hotel's today", async () => {
    // Only the device's clock is set (no timers): 2 am of the hotel's today, which is the day
    // before on this device (the screens' tests run in UTC: test/support/hotelServerSetup.ts).
    const hotelToday = dateInZone('Asia/Kolkata');
    const twoAmInIndia = new Date(`${hotelToday}T02:00:00+05:30`);
    expect(todayIso(twoAmInIndia)).toBe(addDays(hotelToday, -1));
    deviceClockAt(twoAmInIndia);
    try {
      const { user, network, store } = await openBooking({}, 'hotel');
      expect(await within(roomSection('Classic Room')).findByText('(the lowest of the next 90 nights)')).toBeInTheDocument();
      const asked = network!.requests.filter((r) => r.path === '/api/availability').map((r) => r.query.get('checkIn'));
      expect(asked).toEqual([hotelToday]);
      // The device's today is the hotel's yesterday: a night the hotel no longer sells.
      await user.type(screen.getByLabelText('Check-in'), formatDisplayDate(addDays(hotelToday, -1)));
      await user.keyboard('{Escape}');
      await user.type(screen.getByLabelText('Check-out'), formatDisplayDate(addDays(hotelToday, 1)));
      await user.keyboard('{Escape}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Date input not valid. Check-in cannot be before today.');
      // The picker took no day before the hotel's today.
      expect(store.getState().selection.startDate).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('for the chosen dates shows the rooms left and offers no more than that', async () => {
    const stay = await suitsTaken(2);
    const { store, network } = await openBooking({}, 'hotel');
    act(() => void store.dispatch(datesChosen(stay)));

    expect(await within(roomSection('Suit Room')).findByText('2 rooms left for these dates')).toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2']);
    expect(within(roomSection('Classic Room')).getByText('8 rooms left for these dates')).toBeInTheDocument();
    expect(optionsOf('Classic Room')).toEqual(['0', '1', '2', '3']);
    expect(screen.getByText('Rooms left for these dates are shown with each room.')).toBeInTheDocument();
    const asked = network!.calls('GET', '/api/availability').map((call) => Object.fromEntries(call.query));
    expect(asked).toContainEqual({ checkIn: stay.startDate, checkOut: stay.endDate });
  });

  it('says a sold-out room is sold out and disables its Book', async () => {
    const stay = await suitsTaken(4);
    const { store } = await openBooking({}, 'hotel');
    act(() => void store.dispatch(datesChosen(stay)));

    const suit = within(roomSection('Suit Room'));
    expect(await suit.findByText('Sold out for these dates')).toBeInTheDocument();
    expect(suit.getByRole('button', { name: 'Book' })).toBeDisabled();
    expect(suit.getByLabelText('Room(s)')).toBeDisabled();
    expect(suit.getByLabelText('Room(s)')).toHaveAccessibleDescription('Sold out for these dates');
    expect(within(roomSection('Classic Room')).getByRole('button', { name: 'Book' })).toBeEnabled();
  });

  it('brings a chosen count down to what is left', async () => {
    const stay = await suitsTaken(3);
    const { store } = await openBooking({}, 'hotel');
    act(() => {
      store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 3 }));
      store.dispatch(datesChosen(stay));
    });
    expect(await within(roomSection('Suit Room')).findByText('1 room left for these dates')).toBeInTheDocument();
    expect(store.getState().selection).toMatchObject({ roomId: 'executive', roomCount: 1 });
    expect(within(roomSection('Suit Room')).getByLabelText('Room(s)')).toHaveValue('1');
  });

  it('when the hotel cannot be reached, says so and still offers the rooms', async () => {
    const { startDate, endDate } = await suitsTaken(0);
    const { store, user, network } = await openBooking({}, 'hotel');
    network!.outages.push('network');
    act(() => void store.dispatch(datesChosen({ startDate, endDate })));

    expect(await screen.findByText(/We could not reach the hotel to check which rooms are free/)).toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2', '3']);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await within(roomSection('Suit Room')).findByText('4 rooms left for these dates')).toBeInTheDocument();
  });

  it('does not warn that bookings cannot be saved when the browser refuses storage: the hotel keeps them', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusing = createBookingStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    renderHotelRoute('/booking', { bookingStorage: refusing });
    await screen.findByRole('heading', { level: 1, name: 'Book a Room' }, { timeout: 5000 });
    expect(screen.queryByText(/bookings cannot be saved in this browser/)).not.toBeInTheDocument();
  });
});

/** The owner's rule for some nights, set through the API as the Prices & rooms screen sets it; answers a function that removes it. */
async function ownerRule(path: 'price-rules' | 'closures' | 'min-stays', body: Record<string, unknown>) {
  const staff = new HotelNetwork();
  const csrf = await signInStaff(staff);
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': csrf };
  const added = await staff.fetch(`/api/admin/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (added.status !== 201) throw new Error(`${path}: ${added.status} ${await added.text()}`);
  const { id } = (await added.json()) as { id: number };
  return () => staff.fetch(`/api/admin/${path}/${id}`, { method: 'DELETE', headers });
}

/** Two nights within the three years a rule may reach, which no other test prices or books. */
function nightsOfItsOwn(nights = 2) {
  const checkIn = addDays(new Date().toLocaleDateString('sv').slice(0, 10), 400 + Math.floor(Math.random() * 600));
  return { checkIn, checkOut: addDays(checkIn, nights) };
}

describe('booking screen, hotel only: every price is what the hotel charges (issue 35 item 8)', () => {
  it('the cards show the prices of the chosen dates: Suit Rooms at ₹7,700 for two nights are ₹7,700 a night and ₹15,400 per room', async () => {
    const stay = nightsOfItsOwn(2);
    const remove = await ownerRule('price-rules', {
      roomId: 'executive',
      firstNight: stay.checkIn,
      lastNight: addDays(stay.checkIn, 1),
      pricePaise: 770_000,
    });
    try {
      const { user, store } = await openBooking({}, 'hotel');
      const suit = within(roomSection('Suit Room'));
      // Before dates: the hotel's lowest of the coming nights, "from", and no catalogue price struck out.
      expect(await suit.findByText('(the lowest of the next 90 nights)')).toBeInTheDocument();
      expect(suit.getByText('from')).toBeInTheDocument();
      expect(suit.queryByText('₹4,500')).not.toBeInTheDocument();

      act(() => void store.dispatch(datesChosen({ startDate: stay.checkIn, endDate: stay.checkOut })));
      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await suit.findByText('2 nights: ₹15,400 per room')).toBeInTheDocument();
      expect(suit.getByText('₹7,700')).toBeInTheDocument();
      expect(suit.getByText('per room per night')).toBeInTheDocument();
      expect(suit.queryByText('from')).not.toBeInTheDocument();
      expect(suit.queryByText(/₹4,000|₹8,000/)).not.toBeInTheDocument();
      // The Classic Room's nights have no rule: the type's price.
      expect(within(roomSection('Classic Room')).getByText('2 nights: ₹6,000 per room')).toBeInTheDocument();
    } finally {
      await remove();
    }
  });

  it('nights at different prices: the card shows "from" the lowest, the sum, and the nights one by one', async () => {
    const stay = nightsOfItsOwn(2);
    const remove = await ownerRule('price-rules', {
      roomId: 'deluxe',
      firstNight: stay.checkIn,
      lastNight: stay.checkIn,
      pricePaise: 500_000,
    });
    try {
      const { user, store } = await openBooking({}, 'hotel');
      act(() => void store.dispatch(datesChosen({ startDate: stay.checkIn, endDate: stay.checkOut })));
      await user.click(screen.getByRole('button', { name: 'Search' }));
      const classic = within(roomSection('Classic Room'));
      expect(await classic.findByText('2 nights: ₹8,000 per room')).toBeInTheDocument();
      expect(classic.getByText('from')).toBeInTheDocument();
      expect(classic.getByText('(the lowest of these nights)')).toBeInTheDocument();
      expect(classic.getByText('₹3,000')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Classic Room: prices for these dates' })).toHaveTextContent(
        '₹8,000 for 2 nights, per room, tax exclusive.',
      );
    } finally {
      await remove();
    }
  });

  it('a closed night: the card says why and its Book is off, and a count chosen there goes', async () => {
    const stay = nightsOfItsOwn(3);
    const closedNight = addDays(stay.checkIn, 1);
    const remove = await ownerRule('closures', { roomId: 'executive', firstNight: closedNight, lastNight: closedNight });
    try {
      const { store } = await openBooking({}, 'hotel');
      act(() => {
        store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 2 }));
        store.dispatch(datesChosen({ startDate: stay.checkIn, endDate: stay.checkOut }));
      });
      const suit = within(roomSection('Suit Room'));
      const why = await suit.findByText(/^Not bookable for these dates: closed on \d{1,2} \w{3}\.$/);
      expect(suit.getByRole('button', { name: 'Book' })).toBeDisabled();
      expect(suit.getByLabelText('Room(s)')).toHaveAccessibleDescription(why.textContent!);
      expect(store.getState().selection).toMatchObject({ roomId: null, roomCount: 0 });
      expect(within(roomSection('Classic Room')).getByRole('button', { name: 'Book' })).toBeEnabled();
    } finally {
      await remove();
    }
  });
});
