import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { bookThroughApi, confirmationFact, day, hotelDay, pickStay, roomRegion, signIn, uniqueEmail, fillGuestContact } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * The hotel's emails in the back office (issue 24): a guest books, the admin finds the
 * confirmation in the Outbox (sent: the test server mails the sink of test/e2e/mailSink.ts) and
 * reads it; a booking the guest cancelled with the mailed link shows as Cancelled in the
 * dashboard. Nights in use: 120 to 131 (hotelFlows.ts lists the others).
 */

/** A guest books a Classic Room on their own device, through the screens. Answers the Booking ID. */
async function bookAsGuest(browser: Browser, first: number, email: string): Promise<string> {
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto('/booking');
  await pickStay(page, day(first), day(first + 2));
  const classic = roomRegion(page, 'Classic Room');
  await classic.getByLabel('Room(s)').selectOption('1');
  await page.getByRole('button', { name: 'Search' }).click();
  await classic.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  const bookingId = (await confirmationFact(page, 'Booking ID').textContent()) ?? '';
  await guest.close();
  return bookingId;
}

async function openOutbox(page: Page) {
  await page.goto('/admin-bookings');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/admin-outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  return page.getByRole('table', { name: 'Messages, newest first' });
}

for (const [width, height, first] of [
  [1280, 800, 120],
  [360, 740, 126],
] as const) {
  test(`hotel mode at ${width} px: the admin opens the Outbox from the nav, finds a guest's confirmation sent and reads it; a cancelled booking says Cancelled`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(`outbox-${width}`);
    const bookingId = await bookAsGuest(browser, first, email);
    const subject = `Booking confirmed: ${bookingId} at Valley View Resort`;

    await page.setViewportSize({ width, height });
    const messages = await openOutbox(page);
    await expect(page.getByText('Messages are sent over SMTP (SMTP_URL).', { exact: false })).toBeVisible();
    const row = messages.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('cell', { name: subject, exact: true })).toBeVisible();
    // The sender delivers within a moment of the booking; the screen shows what the database says when it opens.
    await expect(async () => {
      await page.reload();
      await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await screenshot(page, `admin-outbox-${width}`, { fullPage: true });
    // Readable without sideways scrolling, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    await row.getByRole('button', { name: `Open the message “${subject}” to ${email}` }).click();
    const message = page.getByRole('region', { name: subject });
    await expect(message.getByRole('heading', { level: 2, name: subject })).toBeFocused();
    const text = message.getByRole('region', { name: 'Plain text' });
    await expect(text).toContainText('Your booking is confirmed');
    await expect(text).toContainText(bookingId);
    // The HTML as the guest sees it, in its sandboxed frame.
    const html = page.frameLocator(`iframe[title="The message “${subject}” as HTML"]`);
    await expect(html.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
    await expect(html.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    // The frame as it shows, first: a full-page capture leaves the sandboxed frame (a process of its own) blank.
    await page.locator('iframe.outbox__html').scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOTS === '1') await page.waitForTimeout(1_000);
    await screenshot(page, `admin-outbox-${width}-message-html`);
    await screenshot(page, `admin-outbox-${width}-message`, { fullPage: true });

    // Another guest cancels with the link in their email; the dashboard's Status says so.
    const goneEmail = uniqueEmail(`outbox-gone-${width}`);
    const gone = await bookThroughApi(request, {
      roomId: 'deluxe',
      rooms: 1,
      checkIn: hotelDay(first + 3),
      checkOut: hotelDay(first + 4),
      email: goneEmail,
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const goneRow = messages.getByRole('row').filter({ hasText: goneEmail });
    await goneRow.getByRole('button', { name: /^Open the message/ }).click();
    const goneText = (await page.getByRole('region', { name: 'Plain text' }).textContent()) ?? '';
    const token = /\/manage#(\S+)/.exec(goneText)?.[1] ?? '';
    const cancelled = await request.post('/api/manage/cancel', {
      headers: { 'x-requested-with': 'hotel-site', 'x-manage-token': token },
      data: {},
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill(`outbox-`);
    const table = page.getByRole('table', { name: 'Bookings, newest first' });
    const goneBooking = table.getByRole('row').filter({ hasText: gone });
    await expect(goneBooking.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: bookingId }).getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent changes' }).getByText(`Booking ${gone} cancelled by the guest`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await screenshot(page, `admin-bookings-status-${width}`, { fullPage: true });
  });
}
