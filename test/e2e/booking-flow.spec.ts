import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import site from '../../src/shared/site.json';

// A fixed "today" makes the calendar and its disabled days predictable: Sunday 10 March 2030.
const today = new Date('2030-03-10T10:00:00');

async function storedRecords(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('hotelBookings') ?? '[]') as Record<string, unknown>[]);
}

function detail(page: Page, term: string) {
  return page
    .locator('.stay-details > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');
}

async function pickDates(page: Page) {
  await page.getByLabel('Check-in').click();
  const calendar = page.getByRole('application', { name: 'Calendar' });
  await expect(calendar).toBeVisible();
  // Past days are there but not selectable.
  await expect(calendar.getByRole('button', { name: /Not available\. Saturday, March 9, 2030/ })).toHaveAttribute('aria-disabled', 'true');
  await calendar.getByRole('button', { name: /March 12, 2030/ }).click();
  await calendar.getByRole('button', { name: /March 15, 2030/ }).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByLabel('Check-in')).toHaveValue('03/12/2030');
  await expect(page.getByLabel('Check-out')).toHaveValue('03/15/2030');
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });
    test.beforeEach(async ({ page }) => {
      await page.clock.setFixedTime(today);
    });

    test('dates, 2 Suit Rooms, lock, reset, book and confirm stores the right record', async ({ page }) => {
      await page.goto('/Booking');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
      await pickDates(page);

      const suit = page.getByRole('region', { name: 'Suit Room' });
      const classic = page.getByRole('region', { name: 'Classic Room' });
      await suit.getByLabel('Room(s)').selectOption('2');
      await expect(classic.getByLabel('Room(s)')).toBeDisabled();
      await expect(classic.getByRole('button', { name: 'Book' })).toBeDisabled();

      await page.getByRole('button', { name: 'Reset Selection' }).click();
      await expect(classic.getByLabel('Room(s)')).toBeEnabled();
      await expect(suit.getByLabel('Room(s)')).toHaveValue('0');
      await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeHidden();

      await suit.getByLabel('Room(s)').selectOption('2');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(suit.getByText('3 nights: ₹12,000 per room')).toBeVisible();
      await suit.getByRole('button', { name: 'Book' }).click();

      await expect(page).toHaveURL(/\/booking-details$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
      const id = (await detail(page, 'Booking ID').textContent()) ?? '';
      expect(id).toMatch(/^BK[1-9]\d{5}$/);
      await expect(detail(page, 'Room Type')).toHaveText('Suit Room');
      await expect(detail(page, 'Check-In')).toHaveText('03/12/2030');
      await expect(detail(page, 'Check-Out')).toHaveText('03/15/2030');
      await expect(detail(page, 'Total Amount')).toContainText('₹24,000');

      // A reload before confirming keeps the choice and the Booking ID.
      await page.reload();
      await expect(detail(page, 'Booking ID')).toHaveText(id);
      await expect(detail(page, 'Room Type')).toHaveText('Suit Room');

      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.getByLabel('Email').fill('guest@example.com');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
      expect(alerts).toEqual(['Your room booking was confirmed!']);
      await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeHidden();
      await expect(detail(page, 'Booking ID')).toHaveText(id);
      await expect(page.getByRole('link', { name: 'View All Bookings' })).toHaveAttribute('href', '/admin-bookings');

      const expected = {
        bookingId: id,
        roomName: 'Suit Room',
        checkIn: '2030-03-12',
        checkOut: '2030-03-15',
        totalPrice: 24000,
        email: 'guest@example.com',
        rooms: 2,
      };
      expect(await storedRecords(page)).toEqual([expect.objectContaining(expected)]);

      // Reload, then Back and Forward: still confirmed, still one record.
      await page.reload();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
      await expect(detail(page, 'Booking ID')).toHaveText(id);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
      // The selection was cleared for the next booking.
      await expect(page.getByRole('region', { name: 'Suit Room' }).getByLabel('Room(s)')).toHaveValue('0');
      await page.goForward();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
      expect(await storedRecords(page)).toHaveLength(1);
      expect(alerts).toHaveLength(1);
    });
  });
}

test.describe('edge cases', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(today);
  });

  test('typed text that is not a date shows the message and the chosen dates stay', async ({ page }) => {
    await page.goto('/booking');
    await pickDates(page);
    const checkIn = page.getByRole('textbox', { name: 'Check-in' });
    await checkIn.click();
    await checkIn.press('ControlOrMeta+a');
    await checkIn.pressSequentially('31/31/2030');
    // Tab moves on to Check-out (and the calendar); Escape closes the modal, back on Check-out.
    await page.keyboard.press('Tab');
    await expect(page.getByText('Date input not valid.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('application', { name: 'Calendar' })).toBeHidden();
    const checkOut = page.getByRole('textbox', { name: 'Check-out' });
    await expect(checkOut).toBeFocused();
    await expect(checkIn).toHaveValue('03/12/2030');
    // A click on the focused input opens the picker again.
    await checkOut.click();
    await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('application', { name: 'Calendar' })).toBeHidden();
    await page.getByRole('region', { name: 'Classic Room' }).getByRole('button', { name: 'Book' }).click();
    await expect(detail(page, 'Check-In')).toHaveText('03/12/2030');
    await expect(detail(page, 'Check-Out')).toHaveText('03/15/2030');
  });

  test('with nothing chosen the confirmation uses the fallbacks and still stores', async ({ page }) => {
    await page.goto('/booking-details');
    await expect(detail(page, 'Room Type')).toHaveText('Deluxe Room');
    await expect(detail(page, 'Check-In')).toHaveText('Not Selected');
    await expect(detail(page, 'Check-Out')).toHaveText('Not Selected');
    await expect(detail(page, 'Total Amount')).toHaveText('₹0');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
    expect(await storedRecords(page)).toEqual([
      expect.objectContaining({ roomName: 'Deluxe Room', checkIn: null, checkOut: null, totalPrice: 0 }),
    ]);
  });

  test('a double click on Confirm Booking stores the booking once', async ({ page }) => {
    await page.goto('/booking-details');
    let alerts = 0;
    page.on('dialog', (dialog) => {
      alerts += 1;
      void dialog.accept();
    });
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByRole('button', { name: 'Confirm Booking' }).dblclick();
    await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
    expect(await storedRecords(page)).toHaveLength(1);
    expect(alerts).toBe(1);
  });

  test('the date picker code loads with the booking screen only', async ({ page }) => {
    // Each script's text, read as it arrives; hasPicker waits for every read begun so far.
    const scripts: Array<Promise<string>> = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
    });
    const hasPicker = async () =>
      (await Promise.all(scripts)).some(
        (text) => text.includes('DateRangePicker') || text.includes('Deprecation warning: value provided is not in a recognized'),
      );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
    await page.waitForLoadState('networkidle');
    expect(await hasPicker()).toBe(false);
    await page.goto('/booking');
    await page.getByLabel('Check-in').click();
    await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await hasPicker()).toBe(true);
  });
});
