import { act, screen } from '@testing-library/react';
import ICAL from 'ical.js';
import { datesChosen, roomCountChosen } from '../../src/features/selection/selectionSlice';
import { renderRoute, sampleBooking, seedBookings } from '../testUtils';

/** What the link downloads, read by a real iCalendar parser (ical.js), as a calendar app would read it. */
function downloaded(link: HTMLElement) {
  const href = link.getAttribute('href') ?? '';
  const prefix = 'data:text/calendar;charset=utf-8,';
  expect(href.startsWith(prefix)).toBe(true);
  const text = decodeURIComponent(href.slice(prefix.length));
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    file: link.getAttribute('download'),
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    start: String(event.getFirstPropertyValue('dtstart')),
    end: String(event.getFirstPropertyValue('dtend')),
    summary: String(event.getFirstPropertyValue('summary')),
    location: String(event.getFirstPropertyValue('location')),
  };
}

const hotelPlace = 'Valley View Resort, 12 Example Road, Hill Town, Kerala 685000, India';

beforeEach(() => jest.spyOn(window, 'alert').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('Add to calendar, browser only', () => {
  it('the guest view offers the stay as an .ics file: check-in to check-out, all day, the booking’s UID', async () => {
    seedBookings([
      sampleBooking({ bookingId: 'BK246810', roomName: 'Suit Room', rooms: 2, checkIn: '2027-03-12', checkOut: '2027-03-15' }),
    ]);
    renderRoute('/customer-booking/BK246810');
    expect(downloaded(await screen.findByRole('link', { name: 'Add to calendar' }))).toEqual({
      file: 'stay-BK246810.ics',
      method: 'PUBLISH',
      uid: 'BK246810@localhost',
      start: '2027-03-12',
      end: '2027-03-15',
      summary: 'Valley View Resort: Suit Room (BK246810)',
      location: hotelPlace,
    });
  });

  it('the confirmation offers it once the booking is confirmed, with the dates chosen', async () => {
    const { store, user } = renderRoute('/booking-details');
    await screen.findByText('Booking ID', { selector: 'dt' }, { timeout: 5000 });
    act(() => {
      store.dispatch(datesChosen({ startDate: '2030-03-12', endDate: '2030-03-15' }));
      store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 1 }));
    });
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const file = downloaded(await screen.findByRole('link', { name: 'Add to calendar' }));
    expect(file).toMatchObject({
      method: 'PUBLISH',
      start: '2030-03-12',
      end: '2030-03-15',
      summary: expect.stringContaining('Classic Room'),
    });
    expect(file.file).toMatch(/^stay-BK\d{6}\.ics$/);
    expect(file.uid).toBe(`${file.file!.slice(5, 13)}@localhost`);
  });

  it('offers nothing for a booking without dates (the spec’s fallback stay)', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK135791', checkIn: null, checkOut: null })]);
    renderRoute('/customer-booking/BK135791');
    expect(await screen.findByText('BK135791')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});
