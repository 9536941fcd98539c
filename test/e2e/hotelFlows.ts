import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { hotelToday } from '../../server/bookingRules';
import { e2eAdminPassword } from './hotelMode';

/**
 * Helpers for the hotel-mode browser flows (hotel-*.spec.ts). The server checks dates against its
 * own clock, so these tests use real days from today. All hotel-mode tests of a run share one
 * database: each test books its own nights (days from today) so that the rooms left it expects
 * are not changed by another test running at the same time. Nights in use:
 *   3 to 5 hotel-admin; 10 to 12 hotel-booking; 24 to 26, 30 to 31 and 40 to 43 hotel-inventory;
 *   33 to 39 hotel-prices; 50 to 51 hotel-pages; 70 to 79 hotel-manage; 90 to 95 hotel-bursts;
 *   100 to 109 hotel-emails; 120 to 131 hotel-outbox; 140 to 158 hotel-early-input; 160 to 169 hotel-guest-invoice;
 *   170 to 179 hotel-phone-layout; 180 to 189 hotel-reports; 200 to 209 hotel-guest-contact; 0 to 2 hotel-desk
 *   (today), where hotel-phone-layout also books a Suit Room for tonight (hotel-desk's are Classic Rooms), and
 *   hotel-folio and hotel-form-c one Classic Room each for tonight per width (8 Classic Rooms: hotel-desk takes 2),
 *   and hotel-stay one Classic Room for tonight (tonight's 4 Suit Rooms: hotel-desk's phone bookings and
 *   hotel-phone-layout's, one per width each).
 */

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');

export interface Day {
  /** YYYY-MM-DD, as the API takes it. */
  iso: string;
  /** MM/DD/YYYY, as the site shows it. */
  shown: string;
  /** "March 12, 2030", as the calendar's day buttons name it. */
  spoken: string;
}

const dayOf = (d: Date): Day => {
  const [y, m, dd] = [d.getFullYear(), d.getMonth() + 1, d.getDate()];
  return { iso: `${y}-${pad(m)}-${pad(dd)}`, shown: `${pad(m)}/${pad(dd)}/${y}`, spoken: `${months[m - 1]} ${dd}, ${y}` };
};

/** The day `offset` days from today on this machine's calendar, the one the browser's date picker shows. */
export function day(offset: number): Day {
  const now = new Date();
  return dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}

/**
 * The day `offset` days from the hotel's today: the server counts its nights in the hotel's time
 * zone (India), which is a day ahead of this machine's from 18:30 UTC to midnight.
 */
export function hotelDay(offset: number): Day {
  const [y, m, d] = hotelToday().split('-').map(Number) as [number, number, number];
  return dayOf(new Date(y, m - 1, d + offset));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the date picker from Check-in and clicks the two days, moving to later months as a guest would. */
export async function pickStay(page: Page, checkIn: Day, checkOut: Day): Promise<void> {
  // The fields exactly: while the calendar is open its days are labelled "… as your check-in date".
  const checkInField = page.getByRole('textbox', { name: 'Check-in', exact: true });
  const checkOutField = page.getByRole('textbox', { name: 'Check-out', exact: true });
  // Dates kept from an earlier visit: until the picker's code is in, the field is its placeholder,
  // and a tap on a placeholder holding a date is taken as editing that text, not as asking for the
  // calendar (DateRangePlaceholder.tsx). A guest would tap again once the picker is there; here the
  // tap waits for it (react-dates' inputs are described by how to reach the calendar).
  if (await checkInField.inputValue()) {
    await expect(checkInField).toHaveAccessibleDescription(/^Navigate forward to interact with the calendar/);
    // Kept from an earlier visit and already the stay wanted: nothing to pick, as a guest would see.
    if ((await checkInField.inputValue()) === checkIn.shown && (await checkOutField.inputValue()) === checkOut.shown) return;
  }
  const calendar = page.getByRole('application', { name: 'Calendar' });
  // A tap made while the picker's code is still on its way opens the calendar when it comes; on a
  // loaded machine that has taken longer than one expect's wait (CI, hotel-channels), and a guest
  // would tap again: so does this, leaving the field first (a tap on the field that has the focus
  // asks nothing of the browser's focus).
  await expect(async () => {
    if (!(await calendar.isVisible())) {
      await page.getByRole('heading', { level: 1 }).click();
      await checkInField.click();
    }
    await expect(calendar).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  for (const target of [checkIn, checkOut]) {
    // "Choose Tuesday, March 12, 2030 as your check-in date. It's available."
    const button = calendar.getByRole('button', { name: new RegExp(`\\b${escape(target.spoken)}\\b`) });
    // While react-dates slides to the next month, the months beside the shown ones are shown too
    // (the first day named is then the month before), and a Move forward clicked then is lost: each
    // click waits for the slide to end (no ARIA state tells it: the grid's class does).
    const sliding = calendar.locator('.CalendarMonthGrid__animating');
    for (let moves = 0; (await button.count()) === 0; moves++) {
      expect(moves, `the calendar never showed ${target.spoken}`).toBeLessThan(24);
      // Day buttons are named after their date ("..., March 12, 2030 ..."); the first one shown tells the months moved on.
      const firstDay = calendar.getByRole('button', { name: /\w+ \d{1,2}, \d{4}/ }).first();
      const before = (await firstDay.getAttribute('aria-label')) ?? '';
      await calendar.getByRole('button', { name: 'Move forward to switch to the next month.' }).click();
      await expect(sliding).toHaveCount(0);
      await expect(firstDay).not.toHaveAttribute('aria-label', before);
    }
    await button.click();
    // The calendar asks for check-out once the check-in is shown. A check-out click before that
    // once moved the check-in instead, and left the calendar open.
    if (target === checkIn) await expect(checkInField).toHaveValue(checkIn.shown);
  }
  await expect(calendar).toBeHidden();
  await expect(checkInField).toHaveValue(checkIn.shown);
  await expect(checkOutField).toHaveValue(checkOut.shown);
}

/** A room type's region on the booking screen. */
export const roomRegion = (page: Page, title: 'Classic Room' | 'Suit Room') => page.getByRole('region', { name: title });

/** The values the Room(s) dropdown of a room offers. */
export async function roomCountChoices(page: Page, title: 'Classic Room' | 'Suit Room'): Promise<string[]> {
  return roomRegion(page, title).getByLabel('Room(s)').locator('option').allTextContents();
}

/** One fact on the confirmation screen, by its term (Booking ID, Room Type, Rooms, ...). */
export function confirmationFact(page: Page, term: string) {
  return page
    .locator('.stay-details > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');
}

/** Signs in on the admin screen the page shows (admin dashboard or All Booked Rooms). */
export async function signIn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Name').fill('admin');
  await page.getByLabel('Password').fill(e2eAdminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as admin')).toBeVisible();
}

export interface ApiBooking {
  roomId: 'deluxe' | 'executive';
  rooms: number;
  checkIn: Day;
  checkOut: Day;
  email: string;
}

/** Books through the API as another guest's browser would; answers the Booking ID the hotel stored. */
export async function bookThroughApi(request: APIRequestContext, booking: ApiBooking): Promise<string> {
  const answer = await request.post('/api/bookings', {
    headers: { 'x-requested-with': 'hotel-site' },
    data: {
      draftId: randomUUID(),
      bookingId: `BK${100000 + Math.floor(Math.random() * 900000)}`,
      roomId: booking.roomId,
      packageIndex: 0,
      rooms: booking.rooms,
      checkIn: booking.checkIn.iso,
      checkOut: booking.checkOut.iso,
      email: booking.email,
      guestKey: randomBytes(32).toString('base64url'),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { booking: stored } = (await answer.json()) as { booking: { bookingId: string } };
  return stored.bookingId;
}

/** An email no other test uses. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Issue 40: what the desk does before a check-out, through the API as the person signed in on
 * `page`: takes in cash whatever is due on the stay's bill (the bill screen itself is
 * hotel-folio.spec.ts's). Nothing when nothing is due.
 */
export async function settleBill(page: Page, bookingId: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string };
  const bill = (await (await page.request.get(`/api/admin/bookings/${bookingId}/bill`)).json()) as { balancePaise: number };
  if (bill.balancePaise <= 0) return;
  const paid = await page.request.post(`/api/admin/bookings/${bookingId}/bill/payments`, {
    headers: { 'x-requested-with': 'hotel-site', 'x-csrf-token': csrfToken },
    data: { method: 'cash', amountPaise: bill.balancePaise },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

/**
 * Hotel mode's confirmation asks the guest's name and mobile number with the email (issue 34 item
 * 5): fills them as a guest would, so that a spec about something else can press Confirm Booking.
 */
export async function fillGuestContact(page: Page, name = 'Asha Verma', mobile = '98765 43210'): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Mobile number', { exact: true }).fill(mobile);
}

/**
 * Issue 40: the rest of a Form C guest's particulars (Anna Schmidt's, arrived in India yesterday),
 * typed into the guest's edit form as the desk would, before Save guest.
 */
export async function fillFormCParticulars(edit: Locator): Promise<void> {
  await edit.getByLabel('Passport date of issue').fill('2020-01-15');
  await edit.getByLabel('Passport place of issue').fill('Berlin');
  await edit.getByLabel('Passport valid until').fill('2099-01-14');
  await edit.getByLabel('Visa number').fill('VE1234567');
  await edit.getByLabel('Visa type').fill('e-Tourist');
  await edit.getByLabel('Visa date of issue').fill(hotelDay(-30).iso);
  await edit.getByLabel('Visa valid until').fill(hotelDay(60).iso);
  await edit.getByLabel('Date of arrival in India').fill(hotelDay(-1).iso);
  await edit.getByLabel('Arrived from (city, country)').fill('Frankfurt, Germany');
  await edit.getByLabel('Next destination').fill('Goa');
  await edit.getByLabel('Address in India').fill('Valley View Resort, Munnar, Kerala');
}
