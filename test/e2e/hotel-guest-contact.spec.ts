import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { confirmationFact, day, pickStay, roomRegion, signIn, uniqueEmail } from './hotelFlows';
import { screenshot } from './screenshots';

// Issue 34 item 5: hotel mode asks the guest's name and mobile number with the email; the desk,
// the bookings list and the invoice show them. Nights 200 to 209 are this spec's (hotelFlows.ts).

/** The page is no wider than the screen: nothing to scroll sideways. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
}

/** A box lies within the screen's width. */
async function withinWidth(locator: Locator, width: number) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

for (const [width, height, first, mobileTyped, mobileShown] of [
  [1280, 800, 200, '98450 12001', '+91 98450 12001'],
  [360, 740, 204, '+91-98450-12002', '+91 98450 12002'],
] as const) {
  test(`hotel mode at ${width} px: a guest books with name and Indian mobile (a bad number is refused beside its field); the desk, the bookings list and the invoice show them`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const email = uniqueEmail(`contact-${width}`);
    const name = width === 1280 ? 'Lakshmi Raghunathan' : 'रवि कुमार';
    const checkIn = day(first);
    const checkOut = day(first + 2);

    // The guest: dates, a Classic Room, Book.
    await page.goto('/Booking');
    await pickStay(page, checkIn, checkOut);
    const classic = roomRegion(page, 'Classic Room');
    await classic.getByLabel('Room(s)').selectOption('1');
    await page.getByRole('button', { name: 'Search' }).click();
    await classic.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
    page.on('dialog', (dialog) => void dialog.accept());

    // Name and mobile number are asked with the email; a number no phone answers is refused in red, under its field.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name', { exact: true }).fill(name);
    const mobile = page.getByRole('textbox', { name: 'Mobile number' });
    await mobile.fill('12345 67890');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    const problem = 'An Indian mobile number has 10 digits and starts with 6, 7, 8 or 9, such as 98765 43210.';
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAccessibleDescription(new RegExp(problem.replace(/[.+]/g, '\\$&')));
    await expect(mobile).toBeFocused();
    const message = page.getByText(problem);
    await expect(message).toBeVisible();
    // Red: the site's danger colour (#a12622), as on every other error.
    expect(await message.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(161, 38, 34)');
    await fitsWidth(page, width);
    await withinWidth(message, width);
    await screenshot(page, `guest-contact-confirm-problem-${width}`, { fullPage: true });

    await mobile.fill(mobileTyped);
    await expect(mobile).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
    const bookingId = (await confirmationFact(page, 'Booking ID').textContent())!;
    expect(bookingId).toMatch(/^BK[1-9]\d{5}$/);
    await screenshot(page, `guest-contact-confirmed-${width}`, { fullPage: true });

    // Staff, on another device: the bookings list, found by the number as the guest typed it.
    const staff = await browser.newPage({ viewport: { width, height } });
    try {
      await staff.goto('/admin-bookings');
      await signIn(staff);
      await staff.getByRole('searchbox', { name: 'Search bookings' }).fill(mobileTyped);
      const row = staff.getByRole('row', { name: new RegExp(bookingId) });
      await expect(row).toContainText(name);
      await expect(row.getByRole('link', { name: mobileShown })).toHaveAttribute('href', `tel:${mobileShown.replace(/ /g, '')}`);
      await expect(staff.getByText(/^Showing 1–1 of 1 booking/)).toBeVisible();
      await fitsWidth(staff, width);
      await screenshot(staff, `guest-contact-admin-bookings-${width}`, { fullPage: true });
      // And by name.
      await staff.getByRole('searchbox', { name: 'Search bookings' }).fill(name);
      await expect(staff.getByRole('row', { name: new RegExp(bookingId) })).toBeVisible();

      // The invoice bills the name, the mobile and the email.
      await staff.getByRole('link', { name: `Invoice for booking ${bookingId}` }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
      const billed = staff.locator('dt', { hasText: 'Billed to' }).locator('xpath=following-sibling::dd[1]');
      await expect(billed).toHaveText(`${name}${mobileShown}${email}`);
      await fitsWidth(staff, width);
      await withinWidth(billed, width);
      await screenshot(staff, `guest-contact-invoice-${width}`, { fullPage: true });

      // The desk on the arrival day: who is arriving, with the number to call.
      await staff.goto('/admin-desk');
      await staff.getByLabel('Day', { exact: true }).fill(checkIn.iso);
      const arrival = staff.getByRole('region', { name: /^Arrivals/ }).getByRole('row', { name: new RegExp(bookingId) });
      await expect(arrival).toContainText(name);
      await expect(arrival).toContainText(email);
      await expect(arrival.getByRole('link', { name: mobileShown })).toBeVisible();
      await fitsWidth(staff, width);
      await withinWidth(arrival.getByRole('link', { name: mobileShown }), width);
      await screenshot(staff, `guest-contact-desk-${width}`, { fullPage: true });

      // The desk's phone booking asks them too, through the same rule.
      const form = staff.getByRole('region', { name: 'New phone or walk-in booking' });
      await form.getByLabel('Guest email').fill(uniqueEmail(`desk-contact-${width}`));
      await form.getByLabel('Guest name').fill('Desk Caller');
      const deskMobile = form.getByLabel('Guest mobile number');
      await deskMobile.fill('+44 12');
      await form.getByRole('button', { name: 'Book' }).click();
      await expect(deskMobile).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText(/start with \+ and the country code/)).toBeVisible();
      await fitsWidth(staff, width);
      await screenshot(staff, `guest-contact-desk-form-${width}`, { fullPage: true });
    } finally {
      await staff.close();
    }
  });
}
