import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { booking, seedBookings } from './manage-seed';

const seeded = [
  booking({ bookingId: 'BK111111' }),
  booking({ bookingId: 'BK222222', roomName: 'Suit Room', email: 'second@example.com', totalPrice: 24000, rooms: 2 }),
];

interface Screen {
  name: string;
  path: string;
  data: boolean;
  /** Brings the screen into the state to check, after it opened. */
  prepare?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'home', path: '/', data: false },
  { name: 'booking', path: '/booking', data: false },
  {
    name: 'booking with the date picker open',
    path: '/booking',
    data: false,
    prepare: async (page) => {
      await page.getByLabel('Check-in').click();
      await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
    },
  },
  {
    name: 'booking with a room chosen',
    path: '/booking',
    data: false,
    prepare: async (page) => {
      await page.getByRole('region', { name: 'Suit Room' }).getByLabel('Room(s)').selectOption('2');
    },
  },
  { name: 'confirmation', path: '/booking-details', data: false },
  {
    name: 'confirmation after confirming',
    path: '/booking-details',
    data: false,
    prepare: async (page) => {
      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByLabel('Email').fill('guest@example.com');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
    },
  },
  { name: 'admin with data', path: '/admin-bookings', data: true },
  { name: 'admin empty', path: '/admin-bookings', data: false },
  { name: 'all booked rooms with data', path: '/view-bookings', data: true },
  { name: 'all booked rooms empty', path: '/view-bookings', data: false },
  { name: 'portal', path: '/booking-portal', data: false },
  { name: 'guest view', path: '/customer-booking/BK111111', data: true },
  { name: 'guest view not found', path: '/customer-booking/BK999999', data: false },
  { name: 'page not found', path: '/no-such-page', data: false },
];

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    for (const screen of screens) {
      test(`${screen.name}: no axe violations and no sideways scrolling`, async ({ page }) => {
        if (screen.data) await seedBookings(page, seeded);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await screen.prepare?.(page);
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(summary).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expect(page.locator('main')).toHaveCount(1);
        await expect(page.locator('header nav#site-nav')).toHaveCount(1);
        for (const image of await page.locator('img').all()) expect(await image.getAttribute('alt')).not.toBeNull();
      });
    }
  });
}

test('a skip link takes keyboard users past the header to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link', { name: 'Book Now' })).toBeFocused();
});
