import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

// "Today" is Sunday 10 March 2030, so the calendar and its first choosable day are predictable.
// The clock keeps running from there (install, not setFixedTime): react-dates throttles the
// calendar's keys with lodash, which measures the time between keys and drops every key after
// the first if the clock stands still.
const today = new Date('2030-03-10T10:00:00');

interface FocusReport {
  what: string;
  indicator: string | null;
  inViewport: boolean;
  covered: string | null;
}

/** What has focus, the focus ring it shows, and whether the guest can see it at all. */
async function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { what: 'nothing (body)', indicator: null, inViewport: false, covered: null };
    const name = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
    const box = element.getBoundingClientRect();
    const where = `at ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)} in ${innerWidth}x${innerHeight}`;
    const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 50)}" ${where}`;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)'
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : null;
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    // The ring, not just the element, must be on screen: a ring cut off at the edge is no help.
    const ring = outline ? Math.max(0, parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)) : 0;
    const inViewport =
      box.width > 0 && box.top - ring >= 0 && box.left - ring >= 0 && box.bottom + ring <= innerHeight && box.right + ring <= innerWidth;
    // Something painted over the element's centre hides it, except the modal's see-through backdrop.
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const seeThrough = top?.matches('.DateRangePicker_picker__portal:not(.DateRangePicker_picker__fullScreenPortal)') ?? false;
    const covered =
      !top || element.contains(top) || top.contains(element) || seeThrough ? null : `${top.tagName.toLowerCase()}.${top.className}`;
    return { what, indicator: outline ?? shadow, inViewport, covered };
  });
}

/**
 * The focused element shows a focus ring, is on screen and is not hidden under something else.
 * Checked until it holds (2 s at most): one run found the focused day under the month arrow just
 * after the calendar opened, a moment before it settled; what the guest sees is the settled one.
 */
async function expectVisibleFocus(page: Page): Promise<string> {
  let what = '';
  await expect(async () => {
    const report = await focusReport(page);
    what = report.what;
    expect(report.indicator, `focus ring on ${report.what}`).not.toBeNull();
    expect(report.inViewport, `${report.what} inside the viewport`).toBe(true);
    expect(report.covered, `${report.what} not covered`).toBeNull();
  }).toPass({ timeout: 2_000 });
  return what;
}

/** Lets the screen settle after a key: the calendar moves focus to a day in an animation frame. */
async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Tabs (checking every stop) until the focused element matches `target`; fails after 40 stops. */
async function tabTo(page: Page, target: string) {
  const stops: string[] = [];
  for (let stop = 0; stop < 40; stop += 1) {
    await page.keyboard.press('Tab');
    await nextFrames(page);
    const reached = await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, target);
    stops.push(await expectVisibleFocus(page));
    if (reached) return;
  }
  throw new Error(`Tab never reached ${target}; stops: ${stops.join(', ')}`);
}

const focusedDay = (page: Page) => page.locator('.CalendarDay:focus');

/**
 * A key in the date field or calendar, then the pause a person leaves between keys: react-dates
 * ignores a key that comes within 300 ms (field) or 200 ms (calendar) of the one before. The
 * pause passes on the page's installed clock, so the test does not sleep through it.
 */
async function calendarKey(page: Page, key: string) {
  await page.keyboard.press(key);
  await page.clock.runFor(350);
}

/** Moves the calendar's focus a day at a time with the arrow keys until it is on `target`. */
async function arrowToDay(page: Page, target: string) {
  const wanted = Date.parse(target);
  for (let step = 0; step < 31; step += 1) {
    const label = (await focusedDay(page).getAttribute('aria-label')) ?? '';
    const day = Date.parse(/[A-Z][a-z]+ \d{1,2}, \d{4}/.exec(label)?.[0] ?? '');
    expect(day, `a date in "${label}"`).not.toBeNaN();
    if (day === wanted) break;
    await calendarKey(page, day < wanted ? 'ArrowRight' : 'ArrowLeft');
    await expectVisibleFocus(page);
  }
  await expect(focusedDay(page)).toHaveAttribute('aria-label', new RegExp(target));
}

async function storedRecords(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('hotelBookings') ?? '[]') as Record<string, unknown>[]);
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  const phone = width < 640;
  test.describe(`keyboard only at ${width} px`, () => {
    test.use({ viewport: { width, height } });
    test.beforeEach(async ({ page }) => {
      await page.clock.install({ time: today });
    });

    test('the whole booking flow with Tab, arrows, Enter and Escape, focus visible at every stop', async ({ page }) => {
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      // Keys pressed before the app owns the prerendered page follow its links as plain page loads
      // (README, "How a page starts"), and a fresh page puts focus at its top, not on <main>. This
      // test is about the app's own focus handling, so it starts once the app has taken the page:
      // the last thing it does on the home page is load the booking screen's warm-up script (chunk
      // files are named by id and hash: it is the one that lays the screen out unseen).
      const appOwnsThePage = page.waitForResponse(
        async (response) => response.url().endsWith('.js') && (await response.text()).includes('visibility:hidden;pointer-events:none'),
      );
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Book Now' }).first()).toBeVisible();
      await appOwnsThePage;

      // Home: the skip link first, then straight to the hero's Book Now.
      await tabTo(page, '.skip-link');
      await page.keyboard.press('Enter');
      await tabTo(page, 'main a.home-hero__cta');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
      // The new screen takes focus, so Tab goes on from its top.
      await expect(page.locator('main')).toBeFocused();
      // The date picker's code arrives just after the rooms; a guest sees the field become ready.
      await expect(page.locator('#check-in.DateInput_input')).toBeVisible();

      // Booking: the Check-in field opens the calendar.
      const calendar = page.getByRole('application', { name: 'Calendar' });
      // Full screen (phone) the calendar hides the field and takes focus as it opens.
      await tabTo(page, phone ? '.CalendarDay' : '#check-in');
      await expect(calendar).toBeVisible();
      if (!phone) {
        // Escape closes the calendar and leaves focus on the field; the field opens it again on ArrowDown.
        await calendarKey(page, 'Escape');
        await expect(calendar).toBeHidden();
        await expect(page.getByLabel('Check-in')).toBeFocused();
        await expectVisibleFocus(page);
        await calendarKey(page, 'ArrowDown');
        await expect(calendar).toBeVisible();
        await calendarKey(page, 'ArrowDown');
      }
      // In the calendar: the first day that can be chosen is today.
      await expect(focusedDay(page)).toHaveAttribute('aria-label', /Sunday, March 10, 2030/);
      await expectVisibleFocus(page);
      // Tab goes round the calendar's controls and back to the day, never to the page it covers.
      await tabTo(page, '.CalendarDay');
      await expect(focusedDay(page)).toHaveAttribute('aria-label', /Sunday, March 10, 2030/);
      await arrowToDay(page, 'March 12, 2030');
      await calendarKey(page, 'Enter');
      await expect(page.getByLabel('Check-in')).toHaveValue('03/12/2030');
      // The calendar stays open, on a day to check out.
      await expect(focusedDay(page)).toHaveAttribute('aria-label', /as your check-out date/);
      await arrowToDay(page, 'March 15, 2030');
      await calendarKey(page, 'Enter');
      await expect(calendar).toBeHidden();
      await expect(page.getByLabel('Check-out')).toHaveValue('03/15/2030');
      // Focus comes back to the field instead of being lost with the calendar.
      await expect(page.getByLabel('Check-out')).toBeFocused();
      await expectVisibleFocus(page);

      // Two Suit Rooms with the arrow keys; the Classic Room is then locked.
      const suit = page.getByRole('region', { name: 'Suit Room' });
      const classic = page.getByRole('region', { name: 'Classic Room' });
      await tabTo(page, '#rooms-executive-0');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(suit.getByLabel('Room(s)')).toHaveValue('2');
      await expect(suit.getByLabel('Room(s)')).toBeFocused();
      await expect(classic.getByLabel('Room(s)')).toBeDisabled();
      await tabTo(page, '[aria-labelledby="room-executive-title"] .package-card__book');
      await page.keyboard.press('Enter');

      // Confirmation: email, then Confirm Booking.
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
      await expect(page.locator('main')).toBeFocused();
      await tabTo(page, 'input[type="email"]');
      await page.keyboard.type('guest@example.com');
      await tabTo(page, 'button[type="submit"]');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
      expect(alerts).toEqual(['Your room booking was confirmed!']);
      await tabTo(page, 'a[href="/admin-bookings"]');

      expect(await storedRecords(page)).toEqual([
        expect.objectContaining({
          roomName: 'Suit Room',
          checkIn: '2030-03-12',
          checkOut: '2030-03-15',
          rooms: 2,
          totalPrice: 24000,
          email: 'guest@example.com',
        }),
      ]);
    });
  });
}
