import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { booking, seedBookings } from './manage-seed';

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

const screens = [
  { name: 'admin', path: '/admin-bookings' },
  { name: 'view-bookings', path: '/view-bookings' },
  { name: 'portal', path: '/booking-portal' },
  { name: 'guest', path: `/customer-booking/${data[0]!.bookingId}` },
];

// Full-page screenshots and axe over 50 table rows take a while on a busy machine.
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
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.locator('#site-footer')).not.toBeEmpty();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        const results = await new AxeBuilder({ page }).include('main').analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await page.screenshot({ path: `screenshots/manage-${label}.png` });
        await page.screenshot({ path: `screenshots/manage-${label}-full.png`, fullPage: true });
        if (screen.name === 'admin' && withData && viewport.width > 760) {
          // The column headings stay in view while the manager scrolls the table.
          await page.evaluate(() => window.scrollTo(0, 1500));
          await expect.poll(async () => (await page.getByRole('columnheader', { name: 'Email' }).boundingBox())?.y).toBe(0);
          await page.screenshot({ path: `screenshots/manage-${label}-scrolled.png` });
        }
        await page.locator('main').evaluate((main) => main.lastElementChild?.scrollIntoView({ block: 'end' }));
        await page.screenshot({ path: `screenshots/manage-${label}-end.png` });
      });
    }
  }
}
