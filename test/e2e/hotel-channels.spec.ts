import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookThroughApi, hotelDay, pickStay, roomRegion, signIn, uniqueEmail } from './hotelFlows';
import type { Day } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * Issue 38 in the browser, as a new owner would try it: name a room, paste a channel's calendar
 * address (an Airbnb-shaped calendar served by this test process over HTTP, a local file server
 * as the issue allows: the server runs with CHANNEL_FEEDS_ALLOW_PRIVATE=127.0.0.1), and the nights
 * it holds are blocked at the desk and gone from the booking screen; a booking here shows in the
 * room's calendar address and at the desk with its room number. Nights in use: 200 to 203 (1280
 * px) and 210 to 213 (360 px) of Classic Rooms (hotelFlows.ts lists the others').
 */

const backOffice = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
const compact = (day: Day) => day.iso.replace(/-/g, '');

/** A channel's calendar server on loopback: one Airbnb-shaped calendar. */
async function airbnb(checkIn: Day, checkOut: Day) {
  const calendar = [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${compact(checkOut)}`,
    `DTSTART;VALUE=DATE:${compact(checkIn)}`,
    `UID:e2e-${checkIn.iso}@airbnb.com`,
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/calendar' }).end(calendar));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/e2e.ics`, close: () => server.close() };
}

for (const [width, height, first, room] of [
  [1280, 800, 200, '108'],
  [360, 740, 210, '107'],
] as const) {
  test(`hotel mode at ${width} px: the owner names a room and adds its Airbnb calendar; the desk sees the block and the guest one room fewer`, async ({
    page,
    request,
  }) => {
    // Two trips to a date picker seven months ahead, and four screens: longer than most specs.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const checkIn = hotelDay(first);
    const checkOut = hotelDay(first + 3);
    const feed = await airbnb(checkIn, checkOut);
    try {
      // The guest first: all 8 Classic Rooms free on those nights.
      await page.goto('/booking');
      await pickStay(page, checkIn, checkOut);
      await expect(roomRegion(page, 'Classic Room').getByText('8 rooms left for these dates')).toBeVisible();

      // The owner names the room on Rooms.
      await page.goto('/admin-bookings');
      await signIn(page);
      await backOffice(page).getByRole('link', { name: 'Rooms', exact: true }).click();
      await expect(page).toHaveURL(/\/admin-rooms$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Rooms', exact: true })).toBeVisible();
      const classic = page.getByRole('region', { name: /^Classic Rooms/ });
      await expect(classic.getByRole('listitem')).toHaveCount(8);
      const name = `Garden ${room}`;
      await classic.getByRole('button', { name: `Rename room ${room}` }).click();
      await classic.getByLabel(`New number for room ${room}`).fill(name);
      await classic.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Room ${room} is now room ${name}.`)).toBeVisible();
      await screenshot(page, `admin-rooms-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

      // Channels: paste Airbnb's address for that room, and it is read at once.
      await backOffice(page).getByRole('link', { name: 'Channels' }).click();
      await expect(page).toHaveURL(/\/admin-channels$/);
      const card = page.getByRole('article', { name: new RegExp(`^Room ${name} `) });
      await card.getByRole('button', { name: `Add a channel’s calendar for room ${name}` }).click();
      await card.getByLabel('Channel').fill('Airbnb');
      await card.getByLabel(`Its calendar address (iCal export link) for room ${name}`).fill(feed.url);
      await card.getByRole('button', { name: 'Add and read now' }).click();
      await expect(page.getByText(`Added to room ${name}. Airbnb's calendar read: 1 event: 1 new, 0 changed, 0 gone.`)).toBeVisible();
      await expect(card.getByText('In step')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Log' })).toContainText(`Airbnb's calendar added for room ${name}.`);
      // Sync now reads it again: nothing new.
      await card.getByRole('button', { name: `Sync now: Airbnb, room ${name}` }).click();
      await expect(page.getByText("Airbnb's calendar read: 1 event: nothing new.")).toBeVisible();
      // The address to give Airbnb is our calendar of the room, read as Airbnb would read it.
      const ours = await card.getByRole('textbox', { name: `Give Airbnb this address for room ${name}`, exact: true }).inputValue();
      expect(ours).toMatch(/\/api\/calendars\/[a-f0-9]{64}\.ics$/);
      const exported = await request.get(new URL(ours).pathname);
      expect(exported.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await exported.text()).toContain('BEGIN:VCALENDAR');
      await screenshot(page, `admin-channels-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

      // A guest books a Classic Room for those nights here: it shows at the desk with its room.
      const guest = uniqueEmail(`channels-${width}`);
      const bookingId = await bookThroughApi(request, { roomId: 'deluxe', rooms: 1, checkIn, checkOut, email: guest });

      // The desk: the block is on the room, the booking has a room number and can move.
      await backOffice(page).getByRole('link', { name: 'Today at the desk' }).click();
      await page.getByRole('textbox', { name: 'Day', exact: true }).fill(checkIn.iso);
      const rooms = page.getByRole('region', { name: /^Rooms on the night of/ });
      await expect(rooms.getByRole('listitem').filter({ hasText: name })).toContainText('Sold on Airbnb');
      const arrivals = page.getByRole('table', { name: /^Arrivals/ });
      const row = arrivals.getByRole('row').filter({ hasText: bookingId });
      const shownRoom = row.locator('.desk__room-numbers');
      await expect(shownRoom).toHaveText(/^Room \d+$/);
      const placedIn = (await shownRoom.textContent())!.replace('Room ', '');
      const target = row.getByLabel(`Move ${bookingId} from room ${placedIn} to`);
      const choices = await target.locator('option').allTextContents();
      // Only rooms free on all its nights: not the one Airbnb sold, not its own.
      expect(choices).not.toContain(`Room ${name}`);
      expect(choices).not.toContain(`Room ${placedIn}`);
      const to = choices[0]!.replace('Room ', '');
      await screenshot(page, `admin-desk-rooms-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await row.getByRole('button', { name: 'Move' }).click();
      await expect(page.getByText(`Booking ${bookingId} moved from room ${placedIn} to room ${to} (3 nights).`)).toBeVisible();
      await expect(rooms.getByRole('listitem').filter({ hasText: new RegExp(`^${to}`) })).toContainText(bookingId);

      // The room's own calendar address shows the stay.
      await backOffice(page).getByRole('link', { name: 'Channels' }).click();
      const toCard = page.getByRole('article', { name: new RegExp(`^Room ${to} `) });
      await toCard.getByText(`Room ${to}’s calendar for other calendars`).click();
      const whole = await toCard.getByRole('textbox', { name: `Room ${to}: our whole calendar`, exact: true }).inputValue();
      const calendar = await (await request.get(new URL(whole).pathname)).text();
      expect(calendar).toContain(`SUMMARY:Booked (${bookingId})`);
      expect(calendar).toContain(`DTSTART;VALUE=DATE:${compact(checkIn)}\r\nDTEND;VALUE=DATE:${compact(checkOut)}`);
      expect(calendar).not.toContain(guest);

      // The guest sees one room fewer than before: Airbnb's and this booking's.
      await page.goto('/booking');
      await pickStay(page, checkIn, checkOut);
      await expect(roomRegion(page, 'Classic Room').getByText('6 rooms left for these dates')).toBeVisible();
    } finally {
      feed.close();
    }
  });
}
