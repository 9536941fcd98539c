import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookThroughApi, hotelDay, signIn, uniqueEmail } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * Undoing an attack on the rooms: a burst of bookings for one email, found on the Bursts screen
 * and deleted at once. Nights in use: 90 to 95 (hotelFlows.ts lists the others).
 */

async function openBurst(page: Page, email: string) {
  await page.goto('/admin-bookings');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bursts' }).click();
  await expect(page).toHaveURL(/\/admin-bursts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bursts of bookings' })).toBeVisible();
  const emails = page.getByRole('table', { name: 'Emails' });
  await emails.getByRole('button', { name: `Show the bookings for ${email}` }).click();
  return page.getByRole('table', { name: `Bookings for ${email}` });
}

for (const [width, height, first] of [
  [1280, 800, 90],
  [360, 740, 93],
] as const) {
  test(`hotel mode at ${width} px: the owner opens Bursts from the nav and deletes three bookings from one email at once`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const email = uniqueEmail(`burst-${width}`);
    const ids: string[] = [];
    for (const offset of [0, 1, 2])
      ids.push(
        await bookThroughApi(request, {
          roomId: 'deluxe',
          rooms: 1,
          checkIn: hotelDay(first + offset),
          checkOut: hotelDay(first + offset + 1),
          email,
        }),
      );

    const bookings = await openBurst(page, email);
    for (const id of ids) await expect(bookings.getByText(id)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Last 24 hours' })).toBeChecked();
    await screenshot(page, `admin-bursts-${width}`, { fullPage: true });
    // Readable without sideways scrolling, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete all 3 bookings' }).click();
    await expect(page.getByText('3 bookings were deleted. Each can be restored for 30 days.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Emails' }).getByText(email)).toHaveCount(0);
    await screenshot(page, `admin-bursts-${width}-deleted`, { fullPage: true });

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill(email);
    await expect(page.getByText('No bookings found')).toBeVisible();
    // Only the recent changes name them now: deleted by admin (restorable).
    const changes = page.getByRole('region', { name: 'Recent changes' });
    for (const id of ids) await expect(changes.getByText(`Booking ${id} deleted by admin`)).toBeVisible();
  });
}
