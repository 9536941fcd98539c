import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import site from '../../src/shared/site.json';
import { booking, seedBookings } from './manage-seed';

const seeded = [
  booking({ bookingId: 'BK111111' }),
  booking({ bookingId: 'BK222222', roomName: 'Suit Room', email: 'second@example.com', totalPrice: 24000, rooms: 2 }),
];

interface Screen {
  name: string;
  path: string;
  data: boolean;
  /** The screen's h1. */
  heading: string;
  /** What the screen shows once its content is in, so that axe looks at that content. */
  shows?: (page: Page) => Locator;
  /** Brings the screen into the state to check, after it opened. */
  prepare?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'home', path: '/', data: false, heading: site.name, shows: (page) => page.getByRole('region', { name: 'Gallery' }) },
  { name: 'booking', path: '/booking', data: false, heading: 'Book a Room', shows: (page) => page.getByLabel('Check-in') },
  {
    name: 'booking with the date picker open',
    path: '/booking',
    data: false,
    heading: 'Book a Room',
    prepare: async (page) => {
      await page.getByLabel('Check-in').click();
      await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
    },
  },
  {
    name: 'booking with a room chosen',
    path: '/booking',
    data: false,
    heading: 'Book a Room',
    prepare: async (page) => {
      await page.getByRole('region', { name: 'Suit Room' }).getByLabel('Room(s)').selectOption('2');
      await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeVisible();
    },
  },
  {
    name: 'confirmation',
    path: '/booking-details',
    data: false,
    heading: 'Booking Confirmation',
    shows: (page) => page.getByRole('button', { name: 'Confirm Booking' }),
  },
  {
    name: 'confirmation after confirming',
    path: '/booking-details',
    data: false,
    heading: 'Booking Confirmation',
    prepare: async (page) => {
      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByLabel('Email').fill('guest@example.com');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
    },
  },
  {
    name: 'admin with data',
    path: '/admin-bookings',
    data: true,
    heading: 'Admin Booking Dashboard',
    shows: (page) => page.getByRole('cell', { name: 'BK222222', exact: true }),
  },
  {
    name: 'admin empty',
    path: '/admin-bookings',
    data: false,
    heading: 'Admin Booking Dashboard',
    shows: (page) => page.getByText('No bookings found'),
  },
  {
    name: 'all booked rooms with data',
    path: '/view-bookings',
    data: true,
    heading: 'All Booked Rooms',
    shows: (page) => page.getByRole('article').filter({ hasText: 'BK222222' }),
  },
  {
    name: 'all booked rooms empty',
    path: '/view-bookings',
    data: false,
    heading: 'All Booked Rooms',
    shows: (page) => page.getByText('No rooms have been booked yet.'),
  },
  {
    name: 'portal',
    path: '/booking-portal',
    data: false,
    heading: 'Hotel Booking Portal',
    shows: (page) => page.getByLabel('Booking ID'),
  },
  {
    name: 'guest view',
    path: '/customer-booking/BK111111',
    data: true,
    heading: 'Your Booking Details',
    shows: (page) => page.getByRole('button', { name: 'Save Email' }),
  },
  {
    name: 'guest view not found',
    path: '/customer-booking/BK999999',
    data: false,
    heading: 'Booking Not Found',
    shows: (page) => page.getByText('No booking found with ID: BK999999'),
  },
  { name: 'page not found', path: '/no-such-page', data: false, heading: 'Page not found' },
];

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    for (const screen of screens) {
      test(`${screen.name}: no axe violations and no sideways scrolling`, async ({ page }) => {
        if (screen.data) await seedBookings(page, seeded);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
        if (screen.shows) await expect(screen.shows(page)).toBeVisible();
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
