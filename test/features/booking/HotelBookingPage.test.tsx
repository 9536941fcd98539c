import { act, screen, within } from '@testing-library/react';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { datesChosen, roomCountChosen } from '../../../src/features/selection/selectionSlice';
import { FakeHotel } from '../../fakeHotel';
import { renderHotelRoute } from '../../testUtils';
import { quietReactDates } from './quietReactDates';

quietReactDates();

beforeAll(() => import('../../../src/features/booking/BookingPage'), 60_000);

const stay = { startDate: '2030-03-10', endDate: '2030-03-13' };
const room = (name: string) => screen.getByRole('region', { name });
const optionsOf = (name: string) =>
  within(room(name))
    .getAllByRole('option')
    .map((o) => o.textContent);

/** A hotel whose Suit Rooms have `taken` of 4 booked on the night of 2030-03-11. */
function hotelWithSuitsTaken(taken: number) {
  const hotel = new FakeHotel();
  hotel.extraTaken.executive!['2030-03-11'] = taken;
  return hotel;
}

async function openBooking(hotel: FakeHotel) {
  const view = renderHotelRoute('/booking', { hotel });
  await screen.findByRole('heading', { level: 1, name: 'Book a Room' }, { timeout: 5000 });
  return view;
}

describe('booking screen in hotel mode', () => {
  it('without dates asks the hotel nothing and offers 0 to 3 rooms, as in browser-only mode', async () => {
    const { hotel } = await openBooking(new FakeHotel());
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2', '3']);
    expect(screen.queryByText(/left for these dates/)).not.toBeInTheDocument();
    expect(hotel.requests).toEqual([]);
  });

  it('for the chosen dates shows the rooms left and offers no more than that', async () => {
    const { store, hotel } = await openBooking(hotelWithSuitsTaken(2));
    act(() => void store.dispatch(datesChosen(stay)));

    expect(await within(room('Suit Room')).findByText('2 rooms left for these dates')).toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2']);
    expect(within(room('Classic Room')).getByText('8 rooms left for these dates')).toBeInTheDocument();
    expect(optionsOf('Classic Room')).toEqual(['0', '1', '2', '3']);
    expect(screen.getByText('Rooms left for these dates are shown with each room.')).toBeInTheDocument();
    const [asked] = hotel.calls('GET', '/api/availability');
    expect(Object.fromEntries(asked!.query)).toEqual({ checkIn: '2030-03-10', checkOut: '2030-03-13' });
  });

  it('says a sold-out room is sold out and disables its Book', async () => {
    const { store } = await openBooking(hotelWithSuitsTaken(4));
    act(() => void store.dispatch(datesChosen(stay)));

    const suit = within(room('Suit Room'));
    expect(await suit.findByText('Sold out for these dates')).toBeInTheDocument();
    expect(suit.getByRole('button', { name: 'Book' })).toBeDisabled();
    expect(suit.getByLabelText('Room(s)')).toBeDisabled();
    expect(suit.getByLabelText('Room(s)')).toHaveAccessibleDescription('Sold out for these dates');
    expect(within(room('Classic Room')).getByRole('button', { name: 'Book' })).toBeEnabled();
  });

  it('brings a chosen count down to what is left', async () => {
    const { store } = await openBooking(hotelWithSuitsTaken(3));
    act(() => {
      store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 3 }));
      store.dispatch(datesChosen(stay));
    });
    expect(await within(room('Suit Room')).findByText('1 room left for these dates')).toBeInTheDocument();
    expect(store.getState().selection).toMatchObject({ roomId: 'executive', roomCount: 1 });
    expect(within(room('Suit Room')).getByLabelText('Room(s)')).toHaveValue('1');
  });

  it('when the hotel cannot be reached, says so and still offers the rooms', async () => {
    const hotel = new FakeHotel();
    hotel.outages.push('network');
    const { store, user } = await openBooking(hotel);
    act(() => void store.dispatch(datesChosen(stay)));

    expect(await screen.findByText(/We could not reach the hotel to check which rooms are free/)).toBeInTheDocument();
    expect(optionsOf('Suit Room')).toEqual(['0', '1', '2', '3']);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await within(room('Suit Room')).findByText('4 rooms left for these dates')).toBeInTheDocument();
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
