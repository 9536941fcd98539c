import { expect, test } from '@playwright/test';

/**
 * The build prerenders every screen's frame for the browser-only site, where the data comes from
 * this browser. In hotel mode those screens show the hotel's data (and ask an admin to sign in
 * first), so the server sends them the empty app shell: no browser-only frame ever shows there.
 */
const hotelScreens = ['/booking-details', '/admin-bookings', '/view-bookings', '/booking-portal', '/customer-booking/BK123456'];

test('hotel mode: the screens of the hotel data get the app shell, not the browser-only frames', async ({ request }) => {
  for (const path of hotelScreens) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="hotel-mode" content="on" />');
    expect(html, path).toMatch(/<div id="?root"?><\/div>/);
    expect(html, path).not.toContain('data-prerendered');
  }
  // Home and booking are prerendered in both modes; the booking screen adapts in place.
  expect(await (await request.get('/')).text()).toContain('data-prerendered="/"');
  expect(await (await request.get('/booking')).text()).toContain('data-prerendered="/booking"');
});

test('hotel mode: the admin dashboard shows its sign-in form, with no booking frame before it', async ({ page }) => {
  await page.goto('/admin-bookings');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Back up and restore' })).toHaveCount(0);
});
