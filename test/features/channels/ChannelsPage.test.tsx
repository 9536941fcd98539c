import { screen, waitFor, within } from '@testing-library/react';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callHotel, staffNetwork } from '../../hotelNetwork';
import { addDaysTo, hotelToday } from '../../support/deskStaff';
import { renderHotelRoute, renderRoute } from '../../testUtils';

// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

/**
 * The owner's Channels screen (issue 38) against the real hotel server of the Jest global setup,
 * which reads a channel's calendar served by this test over HTTP (Booking.com's shape). Its nights
 * are two and a half years ahead, where other screens' tests rarely book; it counts the change.
 */
describe('Channels (hotel)', () => {
  let feed: http.Server;
  let answer = { status: 200, body: '' };
  // Within the three years a feed is read for, on nights other tests are unlikely to book.
  const first = addDaysTo(hotelToday(), 900 + Math.floor(Math.random() * 150));
  const compact = (iso: string) => iso.replace(/-/g, '');
  const calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//admin.booking.com//EN',
    'BEGIN:VEVENT',
    'UID:screen-test@booking.com',
    `DTSTART;VALUE=DATE:${compact(first)}`,
    `DTEND;VALUE=DATE:${compact(addDaysTo(first, 2))}`,
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  beforeAll(async () => {
    feed = http.createServer((_request, response) =>
      response.writeHead(answer.status, { 'content-type': 'text/calendar' }).end(answer.body),
    );
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));

  const suitsLeft = async () => {
    const reply = await callHotel(`/api/availability?checkIn=${first}&checkOut=${addDaysTo(first, 2)}`);
    return (reply.body.rooms as Array<{ roomId: string; left: number }>).find((room) => room.roomId === 'executive')!.left;
  };

  it('the owner adds a room’s Booking.com calendar: read at once, its nights blocked; a failed read shows why and changes nothing; Remove frees them', async () => {
    answer = { status: 200, body: calendar };
    const leftBefore = await suitsLeft();
    const { user } = renderHotelRoute('/admin-channels', { network: await staffNetwork() });
    const card = await screen.findByRole('article', { name: 'Room 203 Suit Room' });
    await user.click(within(card).getByRole('button', { name: 'Add a channel’s calendar for room 203' }));
    await user.type(within(card).getByLabelText('Channel'), 'Booking.com');
    await user.type(
      within(card).getByLabelText('Its calendar address (iCal export link) for room 203'),
      `http://127.0.0.1:${(feed.address() as AddressInfo).port}/booking-203.ics`,
    );
    await user.click(within(card).getByRole('button', { name: 'Add and read now' }));
    expect(
      await screen.findByText("Added to room 203. Booking.com's calendar read: 1 event: 1 new, 0 changed, 0 gone."),
    ).toBeInTheDocument();
    expect(await within(card).findByText('In step')).toBeInTheDocument();
    expect(await suitsLeft()).toBe(leftBefore - 1);
    const address = within(card).getByRole<HTMLInputElement>('textbox', { name: 'Give Booking.com this address for room 203' });
    expect(address.value).toMatch(/\/api\/calendars\/[a-f0-9]{64}\.ics$/);
    await user.click(within(card).getByRole('button', { name: 'Copy: Give Booking.com this address for room 203' }));
    expect(await within(card).findByText('Copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(address.value);

    answer = { status: 404, body: 'Not Found' };
    await user.click(within(card).getByRole('button', { name: 'Sync now: Booking.com, room 203' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Booking\.com's calendar could not be read: 127\.0\.0\.1:\d+ answered 404 Not Found instead of the calendar\. Nothing was changed\.$/,
    );
    expect(await within(card).findByText('Failing')).toBeInTheDocument();
    expect(within(card).getByText(/^Last error: .* answered 404/)).toBeInTheDocument();
    expect(await suitsLeft()).toBe(leftBefore - 1);
    const log = screen.getByRole('table', { name: 'Log' });
    await waitFor(() => expect(within(log).getAllByRole('row')[1]).toHaveTextContent(/answered 404 Not Found/));

    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(card).getByRole('button', { name: "Remove Booking.com's calendar from room 203" }));
    expect(await screen.findByText("Booking.com's calendar removed from room 203; its nights are free again.")).toBeInTheDocument();
    expect(await suitsLeft()).toBe(leftBefore);
    await waitFor(() => expect(within(card).getByText('No channel’s calendar yet.')).toBeInTheDocument());
  });
});

describe('Channels (browser-only)', () => {
  it('says it is not offered here', async () => {
    renderRoute('/admin-channels');
    expect(
      await screen.findByText('Channel calendars are not offered here: this site keeps its bookings in this browser only.'),
    ).toBeInTheDocument();
  });
});
