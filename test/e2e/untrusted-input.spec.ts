import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { booking, seedBookings } from './manage-seed';

const payloads = ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=1</script>', '"><svg onload="window.__pwned=1">'];

/**
 * Called once the payload shows as text: had it been rendered as markup, its elements would be in
 * the page by then (their handlers may run later, so the flag alone could be checked too early).
 */
async function notPwned(page: Page) {
  await expect(page.locator('[onerror], [onload], img[src="x"], body script:not([src])')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test('stored records holding HTML are shown as text on every screen', async ({ page }) => {
  const evil = booking({ bookingId: 'BK222222', roomName: payloads[0], email: payloads[1] });
  await seedBookings(page, [evil]);
  for (const path of ['/admin-bookings', '/view-bookings', '/customer-booking/BK222222']) {
    await page.goto(path);
    await expect(page.getByText(payloads[0]!).first()).toBeVisible();
    await notPwned(page);
  }
  await page.goto('/customer-booking/BK222222');
  await expect(page.getByLabel('Email')).toHaveValue(payloads[1]!);
  await notPwned(page);
});

test('a search query holding HTML is only text', async ({ page }) => {
  await seedBookings(page, [booking()]);
  await page.goto('/admin-bookings');
  for (const payload of payloads) {
    await page.getByRole('searchbox').fill(payload);
    await expect(page.getByRole('searchbox')).toHaveValue(payload);
    await expect(page.getByText('No bookings found')).toBeVisible();
    await notPwned(page);
  }
});

test('a Booking ID holding HTML, typed in the portal or in the address, shows the not-found view as text', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  for (const payload of payloads) {
    await page.goto('/booking-portal');
    await page.getByLabel('Booking ID').fill(payload);
    await page.getByRole('button', { name: 'View Your Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
    await expect(page.getByText(`No booking found with ID: ${payload.toUpperCase()}`)).toBeVisible();
    await notPwned(page);
  }
  await page.goto('/customer-booking/%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E');
  await expect(page.getByText('No booking found with ID: <script>window.__pwned=1</script>')).toBeVisible();
  await notPwned(page);
});

test('hand-typed addresses never crash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/customer-booking/%3Cscript%3E');
  await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
  await page.goto('/customer-booking/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Not Found|not found/);
  await page.goto(`/customer-booking/BK${'9'.repeat(5000)}`);
  await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.goto('/customer-booking/%E0%A4%AC%E0%A5%81%E0%A4%95');
  await expect(page.getByText('No booking found with ID: बुक')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the production page forbids inline and foreign scripts', async ({ page }) => {
  await page.goto('/');
  const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  const scriptSrc = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__pwned = 1';
    document.body.append(script);
    return (window as unknown as { __pwned?: unknown }).__pwned;
  });
  expect(ran).toBeUndefined();
});
