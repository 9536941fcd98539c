import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { formatPaise } from '../../src/domain/tax';
import { bookThroughApi, hotelDay, signIn, uniqueEmail } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * The stay's running bill at the desk (issue 40): today's guest checked in, a dinner and a jeep
 * ride posted, the check-out refused while the balance is due, the balance taken in cash, the
 * check-out, and the tax invoice listing every line with its tax, adding up. Nights in use: a
 * Classic Room tonight per width (hotelFlows.ts lists the others).
 */

/** Back at the top, so that a full-page picture shows the tables' sticky headers where they belong. */
const atTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));
const paise = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test(`hotel mode at ${width} px: a stay's bill at the desk, check-out once it is paid, and the invoice of every line`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const guest = uniqueEmail(`bill-${width}`);
    const bookingId = await bookThroughApi(request, {
      roomId: 'deluxe',
      rooms: 1,
      checkIn: hotelDay(0),
      checkOut: hotelDay(1),
      email: guest,
    });

    // The owner's catalogue, from the back office's navigation: a service added (the desk's ones are left as they are).
    await page.goto('/admin-desk');
    await signIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/admin-services$/);
    const catalogue = page.getByRole('table', { name: 'Catalogue' });
    await expect(catalogue.getByRole('row').filter({ hasText: 'Restaurant' })).toContainText('996331');
    await expect(catalogue.getByRole('row').filter({ hasText: 'Jeep ride' })).toContainText('18%');
    const add = page.getByRole('form', { name: 'Add a service' });
    const walk = `Guided walk ${width}`;
    await add.getByLabel('Name').fill(walk);
    await add.getByLabel('SAC').fill('999699');
    await add.getByLabel('Price before tax (₹)').fill('650');
    await add.getByRole('button', { name: 'Add service' }).click();
    await expect(page.getByText(`Added ${walk}.`)).toBeVisible();
    await expect(catalogue.getByRole('row').filter({ hasText: walk })).toContainText('₹650.00');
    await atTop(page);
    await screenshot(page, `admin-services-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Today at the desk' }).click();
    const arrival = page
      .getByRole('table', { name: /^Arrivals/ })
      .getByRole('row')
      .filter({ hasText: guest });
    await expect(arrival.getByRole('link', { name: `Bill of ${bookingId}` })).toHaveCount(0);
    await arrival.getByRole('button', { name: `Check in ${bookingId}` }).click();
    await expect(page.getByText(new RegExp(`^Booking ${bookingId} checked in`))).toBeVisible();
    await arrival.getByRole('link', { name: `Bill of ${bookingId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin-desk/bill/${bookingId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Bill ${bookingId}` })).toBeVisible();

    const balance = page.getByLabel('Balance', { exact: true });
    const roomPaise = paise(
      await balance
        .locator('div')
        .filter({ hasText: /^Room nights/ })
        .locator('dd')
        .textContent(),
    );
    expect(roomPaise).toBeGreaterThan(0);
    await expect(balance.locator('.folio__balance dd')).toHaveText(formatPaise(roomPaise));

    // A dinner for two (restaurant service, 5%) and a jeep ride (18%).
    const charge = page.getByRole('form', { name: 'Post a charge' });
    await charge.getByLabel('Service').selectOption({ label: 'Restaurant: ₹500.00 + 5% GST' });
    await charge.getByLabel('Quantity').fill('2');
    await charge.getByLabel('Note (optional)').fill('Dinner');
    await charge.getByRole('button', { name: 'Post charge' }).click();
    await expect(page.getByText('Posted: Restaurant × 2.')).toBeVisible();
    // The bill shows its first line before the next click: the table it brings moves the form down, and a
    // click whose press and release straddle that move is lost (Playwright checks only where the press lands).
    await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: 'Restaurant × 2' })).toBeVisible();
    await charge.getByLabel('Service').selectOption({ label: 'Jeep ride: ₹1,500.00 + 18% GST' });
    await charge.getByLabel('Quantity').fill('1');
    await charge.getByRole('button', { name: 'Post charge' }).click();
    await expect(page.getByText('Posted: Jeep ride × 1.')).toBeVisible();
    const lines = page.getByRole('table', { name: 'Lines' });
    // ₹1,000 + 2.5% + 2.5% = ₹1,050; ₹1,500 + 9% + 9% = ₹1,770; each line names who posted it.
    await expect(lines.getByRole('row').filter({ hasText: 'Restaurant × 2' })).toContainText('₹1,050.00');
    await expect(lines.getByRole('row').filter({ hasText: 'Restaurant × 2' })).toContainText('by admin');
    await expect(lines.getByRole('row').filter({ hasText: 'Jeep ride × 1' })).toContainText('₹1,770.00');
    const due = roomPaise + 105_000 + 177_000;
    await expect(balance.locator('.folio__balance dd')).toHaveText(formatPaise(due));
    await atTop(page);
    await screenshot(page, `admin-bill-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    // Check-out is refused while the balance is due.
    await page.getByRole('button', { name: 'Check out', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(`${formatPaise(due)} is still due on this bill: take the payment or ask the owner.`);
    await atTop(page);
    await screenshot(page, `admin-bill-${width}-refused`, { fullPage: true });

    // The balance in cash (offered as the amount), then the check-out.
    const pay = page.getByRole('form', { name: 'Take a payment' });
    await expect(pay.getByLabel('Amount (₹)')).toHaveValue((due / 100).toFixed(2));
    await pay.getByLabel('Paid by').selectOption({ label: 'Cash' });
    await pay.getByRole('button', { name: 'Take payment' }).click();
    await expect(page.getByText(`Received ${formatPaise(due)} by Cash.`)).toBeVisible();
    await expect(balance.locator('.folio__balance dd')).toHaveText('₹0.00');
    await page.getByRole('button', { name: 'Check out', exact: true }).click();
    await expect(page.getByText(`Booking ${bookingId} checked out.`)).toBeVisible();
    await expect(page.getByText('Checked out', { exact: true })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Post a charge' })).toHaveCount(0);
    await atTop(page);
    await screenshot(page, `admin-bill-${width}-paid`, { fullPage: true });

    // The tax invoice: the night, each service with its SAC and tax, the payment, a balance of nothing.
    await page.getByRole('link', { name: 'Tax invoice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
    const services = page.getByRole('table', { name: "Each service's charges" });
    const dinner = services.getByRole('row').filter({ hasText: 'Restaurant' });
    await expect(dinner).toContainText('996331');
    await expect(dinner).toContainText('₹1,000.00');
    await expect(dinner).toContainText('₹25.00 (2.5%)');
    await expect(dinner).toContainText('₹1,050.00');
    const ride = services.getByRole('row').filter({ hasText: 'Jeep ride' });
    await expect(ride).toContainText('996601');
    await expect(ride).toContainText('₹135.00 (9%)');
    await expect(ride).toContainText('₹1,770.00');
    const bill = page.getByLabel('Bill', { exact: true });
    const term = (name: string) => bill.locator('dt').filter({ hasText: name }).locator('xpath=following-sibling::dd[1]');
    await expect(term('Services: taxable value')).toHaveText('₹2,500.00');
    await expect(term('Services: total')).toHaveText('₹2,820.00');
    await expect(term('Room nights and services')).toHaveText(formatPaise(due));
    await expect(term('Paid by Cash')).toHaveText(formatPaise(due));
    await expect(term('Balance due')).toHaveText('₹0.00');
    // The room night's own total, above, plus the services is the grand total.
    const roomTotal = paise(await page.locator('.invoice__totals').first().locator('.invoice__total').first().textContent());
    expect(roomTotal + 282_000).toBe(due);
    await atTop(page);
    await screenshot(page, `invoice-bill-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}
