import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { bookThroughApi, confirmationFact, day, pickStay, roomRegion, uniqueEmail, fillGuestContact } from './hotelFlows';
import { mailSinkUrl } from './mailSinkPorts';
import { screenshot } from './screenshots';

// Issue 24: the guest hears back by email, and changes or cancels the stay through the email's link.

interface SinkMessage {
  subject: string;
  to: string[];
  text: string;
  attachments: Array<{ filename: string | null; contentType: string; content: string }>;
}

/** The message with that subject to `email`, once the mail sink (test/e2e/mailSink.ts) has it. */
async function mailWith(request: APIRequestContext, email: string, subject: string): Promise<SinkMessage> {
  let found: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${mailSinkUrl()}/messages?to=${encodeURIComponent(email)}`);
        found = ((await response.json()) as SinkMessage[]).find((mail) => mail.subject === subject);
        return found?.subject;
      },
      { message: `the mail sink never received "${subject}" for ${email}`, timeout: 20_000 },
    )
    .toBe(subject);
  return found!;
}

const calendarFile = (mail: SinkMessage) => mail.attachments.find((a) => a.contentType === 'text/calendar')?.content ?? '';
const dateLine = (iso: string) => iso.replace(/-/g, '');
const fact = (page: Page, term: string) =>
  page.locator('.manage__card .guest__facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test('hotel mode: the guest books, reads the confirmation email, and changes then cancels the stay through its link in another browser', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Nights 100 to 109 are this spec's (test/e2e/hotelFlows.ts).
  const checkIn = day(100);
  const checkOut = day(102);
  const email = uniqueEmail('mail-guest');
  const newIn = day(105);
  const newOut = day(108);

  // The guest books a Classic Room on their own device.
  await page.goto('/booking');
  await pickStay(page, checkIn, checkOut);
  const classic = roomRegion(page, 'Classic Room');
  await classic.getByLabel('Room(s)').selectOption('1');
  await classic.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  const bookingId = (await confirmationFact(page, 'Booking ID').textContent()) ?? '';
  expect(bookingId).toMatch(/^BK[1-9]\d{5}$/);

  // Add to calendar: the stay's .ics, from this page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe(`stay-${bookingId}.ics`);
  const offered = await readFile((await download.path())!, 'utf8');
  expect(offered).toContain(`DTSTART;VALUE=DATE:${dateLine(checkIn.iso)}`);
  expect(offered).toContain(`DTEND;VALUE=DATE:${dateLine(checkOut.iso)}`);
  expect(offered).toContain(`UID:${bookingId}@localhost`);

  // The confirmation email: subject, booking ID, the calendar file, the manage link.
  const confirmed = await mailWith(request, email, `Booking confirmed: ${bookingId} at Valley View Resort`);
  expect(confirmed.text).toContain(bookingId);
  expect(confirmed.text).toContain(checkIn.iso.slice(0, 4));
  // Issue 34 item 2: the room total, the GST and the total with tax, as the confirmation screen showed them.
  expect(confirmed.text).toMatch(/Room total: +₹6,000\.00 \(tax exclusive\)\n/);
  expect(confirmed.text).toMatch(/GST: +₹300\.00 \(CGST ₹150\.00 \+ SGST ₹150\.00\)\n/);
  expect(confirmed.text).toMatch(/Total with tax: +₹6,300\.00\n/);
  const attached = calendarFile(confirmed);
  expect(confirmed.attachments.map((a) => a.filename)).toContain('stay.ics');
  expect(attached).toContain(`UID:${bookingId}@localhost`);
  expect(attached).toContain(`DTSTART;VALUE=DATE:${dateLine(checkIn.iso)}`);
  expect(attached).toContain('SEQUENCE:0');
  const link = /https?:\/\/\S+\/manage#[A-Za-z0-9_.-]+/.exec(confirmed.text)?.[0];
  expect(link, 'the manage link in the confirmation email').toBeTruthy();
  const linkUrl = new URL(link!);
  expect(linkUrl.origin).toBe(new URL(baseURL!).origin);

  // Another browser (a phone, a private window) opens the link: nothing of this device's comes with it.
  const elsewhere = await browser.newContext();
  try {
    const guest = await elsewhere.newPage();
    const tokenRequests: string[] = [];
    guest.on('request', (sent) => {
      if (sent.url().includes(linkUrl.hash.slice(1))) tokenRequests.push(sent.url());
    });
    await guest.goto(linkUrl.pathname + linkUrl.hash);
    await expect(guest.getByRole('heading', { level: 1, name: 'Manage Your Booking' })).toBeVisible();
    await expect(fact(guest, 'Booking ID')).toHaveText(bookingId);
    await expect(fact(guest, 'Status')).toHaveText('Confirmed');
    await expect(fact(guest, 'Check-In')).toHaveText(checkIn.shown);
    await expect(fact(guest, 'Total Price')).toHaveText('₹6,000');

    // Change the dates: the new total shows first, and nothing changes until the guest confirms.
    await guest.getByLabel('Check-in').fill(newIn.iso);
    await guest.getByLabel('Check-out').fill(newOut.iso);
    await guest.getByRole('button', { name: 'See the new total' }).click();
    const quote = guest.getByRole('group', { name: 'Your new stay' });
    await expect(quote).toBeVisible();
    await expect(quote.locator('dt', { hasText: 'New total' }).locator('xpath=following-sibling::dd[1]')).toHaveText('₹9,000');
    await expect(quote.locator('dt', { hasText: 'Total now' }).locator('xpath=following-sibling::dd[1]')).toHaveText('₹6,000');
    await expect(fact(guest, 'Check-In')).toHaveText(checkIn.shown);
    await quote.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(guest.getByText('Your stay was changed. We have emailed you the new details.')).toBeVisible();
    await expect(fact(guest, 'Check-In')).toHaveText(newIn.shown);
    await expect(fact(guest, 'Check-Out')).toHaveText(newOut.shown);
    await expect(fact(guest, 'Total Price')).toHaveText('₹9,000');

    // Cancel: the policy is stated before the guest confirms.
    await expect(
      guest.getByText(/^Cancellation is free until 2 days before check-in: you can cancel here until \d{1,2} \w+ \d{4}\.$/),
    ).toBeVisible();
    await guest.getByRole('button', { name: 'Cancel booking' }).click();
    const ask = guest.getByRole('group', { name: 'Confirm the cancellation' });
    await expect(ask).toContainText(`Cancel booking ${bookingId}?`);
    await ask.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect(guest.getByText('Your booking is cancelled. We have emailed you a confirmation.')).toBeVisible();
    await expect(fact(guest, 'Status')).toHaveText('Cancelled');
    await expect(guest.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    // The token went out in a header only, never in an address.
    expect(tokenRequests).toEqual([]);

    // Opened again, the link shows the booking as Cancelled.
    await guest.reload();
    await expect(fact(guest, 'Status')).toHaveText('Cancelled');
  } finally {
    await elsewhere.close();
  }

  // The first device's guest view reads Cancelled too.
  await page.getByRole('link', { name: 'View Your Booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeVisible();
  await expect(page.locator('.guest__facts dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Cancelled');

  // And the mail sink received the change (same UID, higher SEQUENCE, the new dates) and the cancellation (METHOD:CANCEL).
  const changed = calendarFile(await mailWith(request, email, `Booking changed: ${bookingId} at Valley View Resort`));
  expect(changed).toContain(`UID:${bookingId}@localhost`);
  expect(changed).toContain('SEQUENCE:1');
  expect(changed).toContain(`DTSTART;VALUE=DATE:${dateLine(newIn.iso)}`);
  expect(changed).toContain(`DTEND;VALUE=DATE:${dateLine(newOut.iso)}`);
  const cancelled = calendarFile(await mailWith(request, email, `Booking cancelled: ${bookingId} at Valley View Resort`));
  expect(cancelled).toContain('METHOD:CANCEL');
  expect(cancelled).toContain(`UID:${bookingId}@localhost`);
});

/** No axe violations, and nothing wider than the window. */
async function checkLayout(page: Page, width: number): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('hotel mode: the portal mails a booking link on request; the link form and the manage screen at 1280 and 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('link-guest');
  const bookingId = await bookThroughApi(request, { roomId: 'executive', rooms: 2, checkIn: day(103), checkOut: day(104), email });

  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? { width: 360, height: 740 } : { width: 1280, height: 800 });
    await page.goto('/booking-portal');
    await page.getByLabel('Booking ID').fill(bookingId);
    await page.getByLabel('Email you booked with').fill(email);
    await page.getByRole('button', { name: 'Email me my booking link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If that booking ID and email address belong to a booking, its link is on its way to that address.',
    );
    await checkLayout(page, width);
    await screenshot(page, `portal-link-${width}`, { fullPage: true });

    // The link the portal mailed opens the booking.
    const mail = await mailWith(request, email, `Your booking link: ${bookingId}`);
    const link = new URL(/https?:\/\/\S+\/manage#[A-Za-z0-9_.-]+/.exec(mail.text)![0]);
    await page.goto(link.pathname + link.hash);
    await expect(fact(page, 'Booking ID')).toHaveText(bookingId);
    await expect(fact(page, 'Number of Rooms')).toHaveText('2');
    await checkLayout(page, width);
    await screenshot(page, `manage-${width}`, { fullPage: true });
    await page.getByLabel('Number of Rooms').selectOption('1');
    await page.getByRole('button', { name: 'See the new total' }).click();
    await expect(page.getByRole('group', { name: 'Your new stay' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('group', { name: 'Confirm the cancellation' })).toBeVisible();
    await checkLayout(page, width);
    await screenshot(page, `manage-asking-${width}`, { fullPage: true });
  }
});
