import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import site from '../../src/shared/site.json';

/** Each route's h1 (the spec names no title for the booking screen; the app's is Book a Room). */
const routes: Array<[path: string, heading: string]> = [
  ['/', site.name],
  ['/booking', 'Book a Room'],
  ['/Booking', 'Book a Room'],
  ['/booking-details', 'Booking Confirmation'],
  ['/admin-bookings', 'Admin Booking Dashboard'],
  ['/view-bookings', 'All Booked Rooms'],
  ['/booking-portal', 'Hotel Booking Portal'],
  // Nothing is stored in a fresh browser.
  ['/customer-booking/BK123456', 'Booking Not Found'],
];

async function fragmentsLoaded(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Useful Links' })).toBeVisible();
}

for (const [path, heading] of routes) {
  test(`${path} opens directly, with header and footer`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await fragmentsLoaded(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(errors).toEqual([]);
  });
}

test('header and footer carry the spec content', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: site.name })).toHaveAttribute('href', '/');
  const nav = header.getByRole('navigation', { name: 'Main' });
  for (const name of ['Our Hotels', 'Promotions', 'Contact Us', 'Terms and Conditions']) {
    await expect(nav.getByRole('link', { name })).toHaveAttribute('href', '#');
  }
  await expect(header.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/Booking');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(site.address[0]!)).toBeVisible();
  await expect(footer.getByRole('link', { name: site.phone })).toBeVisible();
  await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  const useful = footer.getByRole('navigation', { name: 'Useful Links' });
  for (const name of ['Home', 'About Us', 'Services', 'Terms of Service', 'Privacy Policy']) {
    await expect(useful.getByRole('link', { name })).toHaveAttribute('href', /^#/);
  }
  const services = footer.getByRole('navigation', { name: 'Our Services' });
  for (const name of ['Indoor Games', 'Gym', 'Bonfire', 'Jeep Ride', 'Pickup and Drop']) {
    await expect(services.getByRole('link', { name })).toBeVisible();
  }
  for (const name of ['Facebook', 'Twitter', 'YouTube', 'Instagram']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
});

test('home page shows hero, introduction, services, 8 gallery photos and the restaurant', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Book Now' })).toBeVisible();
  await expect(main.getByText(/7 am to 11 pm/).first()).toBeVisible();
  await expect(main.getByText(/same day/)).toBeVisible();
  await expect(main.getByText(/tour bookings and transport/)).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Services' })).toBeVisible();
  const gallery = main.getByRole('region', { name: 'Gallery' }).getByRole('img');
  await expect(gallery).toHaveCount(8);
  for (const image of await gallery.all()) {
    await expect(image).toHaveAttribute('alt', /\w{4,}/);
    await expect(image).toHaveAttribute('loading', 'lazy');
  }
  const restaurant = main.getByRole('region', { name: 'Restaurant' });
  await expect(restaurant.getByText(/up to 70 people/)).toBeVisible();
  await expect(restaurant.getByText(/multicuisine non-vegetarian/)).toBeVisible();
  // Every picture arrived (no broken images).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(() => page.evaluate(() => [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).length))
    .toBe(0);
});

test('Book Now reaches the booking screen without a full page reload', async ({ page }) => {
  await page.goto('/');
  await fragmentsLoaded(page);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/Booking$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Room');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await page.getByRole('banner').getByRole('link', { name: site.name }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu toggle opens and closes the nav', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const ourHotels = page.getByRole('link', { name: 'Our Hotels' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(ourHotels).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(ourHotels).toBeVisible();
    await toggle.click();
    await expect(ourHotels).toBeHidden();
  });

  test('the home page fits the screen', async ({ page }) => {
    await page.goto('/');
    await fragmentsLoaded(page);
    const gallery = page.getByRole('region', { name: 'Gallery' }).getByRole('img');
    await expect(gallery).toHaveCount(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('the menu toggle is not shown on wide screens, where the nav is', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Our Hotels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});

test('an unknown path shows Page not found with a link home', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: /home page/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
});

test('a fragment that fails to load is logged and the rest of the page works', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.route('**/header.html', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Useful Links' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect.poll(() => logged.some((text) => text.startsWith('Error loading the HTML file:'))).toBe(true);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking$/);
});

test('a screen whose script fails to load offers a retry', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  // Lazy chunks are named by id and hash: the screen's own is the one that holds its heading.
  let failing = true;
  await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
    // A request the page gave up on, or one still in flight when the test ends, has nothing to
    // fetch or fulfil: Playwright rejects both then, and an unhandled rejection fails the whole run.
    const response = await route.fetch().catch(() => null);
    if (!response) return;
    if (failing && (await response.text()).includes('All Booked Rooms')) return route.abort().catch(() => undefined);
    return route.fulfill({ response }).catch(() => undefined);
  });
  await page.goto('/view-bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect.poll(() => logged.some((text) => /Chunk load failed \((missing|timeout|error)\)/.test(text))).toBe(true);
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Booked Rooms' })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
