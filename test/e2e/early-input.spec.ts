import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { bookAtFirstSight, holdApp, holdDatePicker, notAdopted, packageCard, stayFact, typedDay } from './earlyInput';
import { booking, seedBookings } from './manage-seed';

// Issue 21: a prerendered screen is usable the moment it is seen (src/shared/earlyForm.ts).

test('dates typed, a count chosen and Book pressed the moment each is visible all take effect', async ({ page }) => {
  await bookAtFirstSight(page, 'Suit Room', '2', [20, 23]);
});

test('before the app runs, the booking screen answers a count itself, and the app keeps the choice once', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/booking', { waitUntil: 'domcontentloaded' });
  const suit = packageCard(page, 'Suit Room');
  const classic = packageCard(page, 'Classic Room');
  await suit.getByLabel('Room(s)').selectOption('3');
  await expect(classic.getByLabel('Room(s)')).toBeDisabled();
  await expect(classic.getByRole('button', { name: 'Book' })).toBeDisabled();
  await expect(classic.getByText('Another room is chosen. Use Reset Selection to choose this one instead.')).toBeVisible();
  // Reset Selection, then another choice, all before the app: the last is what counts.
  await page.getByRole('button', { name: 'Reset Selection' }).click();
  await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeHidden();
  await expect(suit.getByLabel('Room(s)')).toHaveValue('0');
  await expect(suit.getByLabel('Room(s)')).toBeFocused();
  await classic.getByLabel('Room(s)').selectOption('1');
  await expect(suit.getByLabel('Room(s)')).toBeDisabled();
  await page.getByRole('button', { name: 'Search' }).click();
  expect(await notAdopted(page)).toBe(true);

  release();
  // The app adopts the page with that choice, and does the Search pressed before it, once.
  await expect.poll(() => notAdopted(page)).toBe(false);
  await expect(classic.getByLabel('Room(s)')).toHaveValue('1');
  await expect(suit.getByLabel('Room(s)')).toBeDisabled();
  // Without dates, Search opens the calendar at Check-in.
  await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await classic.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/booking-details$/);
  await expect(stayFact(page, 'Room Type')).toHaveText('Classic Room');
  await expect(stayFact(page, 'Rooms')).toHaveText('1');
});

test('dates typed, a count chosen and Book pressed before the app runs are booked once it does', async ({ page }) => {
  const release = await holdApp(page);
  await bookAtFirstSight(page, 'Classic Room', '3', [5, 7], { release });
});

test('home: Book Now, dates, a count and Book, each the moment it is visible, book that stay', async ({ page }) => {
  await bookAtFirstSight(page, 'Suit Room', '1', [30, 32], { fromHome: true });
});

test('home: Book Now tapped before the app runs shows the booking screen home carries, and the app adopts it', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
  const documents: string[] = [];
  page.on('request', (request) => request.resourceType() === 'document' && documents.push(new URL(request.url()).pathname));
  const release = await holdApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
  // The booking screen, as /booking paints it, from home's own page: no page was loaded for it.
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page).toHaveTitle('Book a Room');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Suit Room' }).getByRole('img')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.package-card')!).display)).not.toBe('inline');
  expect(documents).toEqual(['/']);
  expect(await notAdopted(page)).toBe(true);
  // Its form works before the app, as on /booking.
  await packageCard(page, 'Suit Room').getByLabel('Room(s)').selectOption('2');
  await expect(packageCard(page, 'Classic Room').getByLabel('Room(s)')).toBeDisabled();

  release();
  await expect.poll(() => notAdopted(page)).toBe(false);
  await expect(packageCard(page, 'Suit Room').getByLabel('Room(s)')).toHaveValue('2');
  await expect(packageCard(page, 'Classic Room').getByLabel('Room(s)')).toBeDisabled();
  await page.getByRole('button', { name: 'Reset Selection' }).click();
  await expect(packageCard(page, 'Classic Room').getByLabel('Room(s)')).toBeEnabled();
  // Back is home again, shown by the app.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Valley View Resort' })).toBeVisible();
  expect(documents).toEqual(['/']);
  expect(problems).toEqual([]);
});

test('home: Back before the app runs, after Book Now, shows home again', async ({ page }) => {
  await holdApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Valley View Resort' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Book Now' })).toBeVisible();
});

test('an email being typed as the app takes over the confirmation stays in the field the guest is typing in', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/booking-details', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').click();
  await page.keyboard.type('early');
  release();
  // The app adopts the page and draws the form once it has read the stay (none here).
  await expect.poll(() => notAdopted(page)).toBe(false);
  await expect(page.locator('[data-pending]')).toHaveCount(0);
  await page.keyboard.type('@example.com');
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('an email typed and Confirm Booking pressed before the app runs confirm one booking once it does', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const release = await holdApp(page);
  await page.goto('/booking-details', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill('early@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  // A second press before anything answered is the same press.
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  expect(await notAdopted(page)).toBe(true);
  release();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hotelBookings') ?? '[]') as Array<{ email: string }>);
  expect(stored.map((b) => b.email)).toEqual(['early@example.com']);
  expect(dialogs).toEqual(['Your room booking was confirmed!']);
});

test('a Booking ID typed and View Your Booking pressed before the app runs look it up once it does', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/booking-portal', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Booking ID').fill('bk123456');
  await page.getByRole('button', { name: 'View Your Booking' }).click();
  expect(await notAdopted(page)).toBe(true);
  release();
  await expect(page).toHaveURL(/\/customer-booking\/BK123456$/);
});

test('a search typed on the admin dashboard before the app runs is the first search', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const booking = (bookingId: string, email: string) => ({
      bookingId,
      roomName: 'Suit Room',
      checkIn: '2030-01-01',
      checkOut: '2030-01-03',
      totalPrice: 8000,
      email,
      rooms: 1,
    });
    localStorage.setItem('hotelBookings', JSON.stringify([booking('BK111111', 'one@example.com'), booking('BK222222', 'two@example.com')]));
  });
  const release = await holdApp(page);
  await page.goto('/admin-bookings', { waitUntil: 'domcontentloaded' });
  await page.getByRole('searchbox').fill('two@');
  release();
  await expect(page.getByRole('cell', { name: 'BK222222', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'BK111111', exact: true })).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveValue('two@');
  expect(typedDay(0)).toMatch(/^\d\d\/\d\d\/\d{4}$/);
});

test('dates typed while the date picker is on its way stay where they were typed, and both are booked', async ({ page }) => {
  // Every chunk but the date picker's comes at once.
  const { asked, release: releasePicker } = await holdDatePicker(page);
  await page.goto('/booking');
  await expect.poll(() => notAdopted(page)).toBe(false);
  await page.getByRole('textbox', { name: 'Check-in' }).fill(typedDay(30));
  // Leaving the date typed: the picker may now take the field's place, but its code is held back.
  await page.getByRole('textbox', { name: 'Check-out' }).click();
  await asked;
  await expect(page.getByRole('textbox', { name: 'Check-in' })).toHaveValue(typedDay(30));
  await page.getByRole('textbox', { name: 'Check-out' }).fill(typedDay(32));
  releasePicker();
  // The guest leaves the field: the picker takes the placeholder's place, showing both dates.
  await page.keyboard.press('Tab');
  const card = packageCard(page, 'Suit Room');
  await card.getByLabel('Room(s)').selectOption('1');
  await expect(page.locator('.date-range__placeholder-input')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Check-in' })).toHaveValue(typedDay(30));
  await expect(page.getByRole('textbox', { name: 'Check-out' })).toHaveValue(typedDay(32));
  await card.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/booking-details$/);
  await expect(stayFact(page, 'Check-In')).toHaveText(typedDay(30));
  await expect(stayFact(page, 'Check-Out')).toHaveText(typedDay(32));
});

test('stored records it cannot read are told on the admin screen before the app runs; the app adopts the notice, and a download pressed before it comes once', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  let downloads = 0;
  page.on('download', () => downloads++);
  await seedBookings(page, [booking(), { bookingId: 'BK999999', roomName: 42 }]);
  // React itself held back (its DOM renderer's chunk), not the notice's own small chunk.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('__reactFiber')) await released;
    await route.fulfill({ response });
  });
  await page.goto('/admin-bookings', { waitUntil: 'domcontentloaded' });

  const notice = page.getByRole('region', { name: 'Unreadable booking records' });
  await expect(notice).toHaveText(
    /^1 stored booking record could not be read, so it is not listed here\. It is kept safely in this browser and has not been deleted\./,
  );
  expect(await notAdopted(page)).toBe(true);
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download unreadable records' }).click();

  release();
  const file = await download;
  const kept = JSON.parse((await readFile(await file.path())).toString('utf8')) as { raw: string }[];
  expect(kept.map((entry) => JSON.parse(entry.raw))).toEqual([{ bookingId: 'BK999999', roomName: 42 }]);
  await expect.poll(() => notAdopted(page)).toBe(false);
  await expect(page.getByRole('cell', { name: booking().bookingId as string, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unreadable booking records' })).toHaveCount(1);
  await expect(notice).toContainText('1 stored booking record could not be read');
  expect(downloads).toBe(1);
  expect(problems).toEqual([]);
});

test("the admin's backup panel works before the app runs: a download pressed and a backup chosen then are done once it runs", async ({
  page,
}) => {
  let downloads = 0;
  page.on('download', () => downloads++);
  const release = await holdApp(page);
  await page.goto('/admin-bookings', { waitUntil: 'domcontentloaded' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const backup = { format: 'hotelBookings-backup', version: 1, bookings: [booking({ bookingId: 'BK424242' })] };
  await page
    .getByLabel('Restore JSON backup')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) });
  expect(await notAdopted(page)).toBe(true);

  release();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^hotel-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: 'Backup restored' })).toHaveText(
    'Backup restored: 1 booking added, 0 skipped because they were already here.',
  );
  await expect(page.getByRole('cell', { name: 'BK424242', exact: true })).toBeVisible();
  expect(downloads).toBe(1);
});
