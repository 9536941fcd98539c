import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { booking, seedBookings } from './manage-seed';
import { screenshot } from './screenshots';

/** Enough bookings for two pages, with long emails that must wrap rather than widen the page. */
const data = Array.from({ length: 64 }, (_, i) =>
  booking({
    bookingId: `BK${200000 + i * 7}`,
    email: i % 5 === 0 ? `a.really.long.guest.name.${i}@family-holidays.example.co.in` : `guest${i}@example.com`,
    roomName: i % 2 ? 'Suit Room' : 'Classic Room',
    rooms: (i % 3) + 1,
    totalPrice: ((i % 3) + 1) * (i % 2 ? 8000 : 6000),
  }),
);

const first = data[0]!;

/** Each screen, and what it shows once its content is in: the checks below are about that. */
const screens: Array<{ name: string; path: string; ready: (page: Page, withData: boolean) => Promise<void> }> = [
  {
    name: 'admin',
    path: '/admin-bookings',
    ready: async (page, withData) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Booking Dashboard');
      await expect(page.getByText(withData ? `Showing 1–50 of ${data.length}` : 'No bookings found')).toBeVisible();
    },
  },
  {
    name: 'view-bookings',
    path: '/view-bookings',
    ready: async (page, withData) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Booked Rooms');
      await expect(page.getByText(withData ? `${data.length} bookings, newest first` : 'No rooms have been booked yet.')).toBeVisible();
    },
  },
  {
    name: 'portal',
    path: '/booking-portal',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotel Booking Portal');
      await expect(page.getByRole('button', { name: 'View Your Booking' })).toBeVisible();
    },
  },
  {
    name: 'guest',
    path: `/customer-booking/${first.bookingId}`,
    ready: async (page, withData) => {
      if (withData) {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Booking Details');
        await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(first.email);
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking Not Found');
      }
    },
  },
];

// Axe over 50 table rows (and, with npm run screenshots, full-page screenshots) takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  for (const withData of [true, false]) {
    for (const screen of screens) {
      const label = `${screen.name}-${withData ? 'data' : 'empty'}-${viewport.width}`;
      test(`${label}: one h1, no sideways scroll, no accessibility violations`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await seedBookings(page, withData ? [...data, { bookingId: 'BK999999', roomName: 7 }] : []);
        await page.goto(screen.path);
        await screen.ready(page, withData);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.locator('#site-footer')).not.toBeEmpty();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        const results = await new AxeBuilder({ page }).include('main').analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await screenshot(page, `manage-${label}`);
        await screenshot(page, `manage-${label}-full`, { fullPage: true });
        if (screen.name === 'admin' && withData && viewport.width > 760) {
          // The column headings stay in view while the manager scrolls the table.
          await page.evaluate(() => window.scrollTo(0, 1500));
          await expect.poll(async () => (await page.getByRole('columnheader', { name: 'Email' }).boundingBox())?.y).toBe(0);
          await screenshot(page, `manage-${label}-scrolled`);
        }
        await page.locator('main').evaluate((main) => main.lastElementChild?.scrollIntoView({ block: 'end' }));
        await screenshot(page, `manage-${label}-end`);
      });
    }
  }
}
