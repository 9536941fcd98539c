import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookThroughApi, confirmationFact, day, pickStay, roomRegion, signIn, uniqueEmail, fillGuestContact } from './hotelFlows';
import type { Day } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * Issue 22: the owner sets a season price and a closure on the Prices & rooms calendar; a guest
 * books across the season's edge, sees each night's price, the GST and the total with tax, and
 * opens the tax invoice. Nights in use: 33 to 38 (hotelFlows.ts lists the others).
 */

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const long = (d: Day) => `${Number(d.iso.slice(8, 10))} ${months[Number(d.iso.slice(5, 7)) - 1]} ${d.iso.slice(0, 4)}`;
const shortDay = (d: Day) => `${Number(d.iso.slice(8, 10))} ${months[Number(d.iso.slice(5, 7)) - 1]!.slice(0, 3)}`;
/** A night's button on the owner's calendar: "12 December 2026: ₹4,000.00, 4 left". */
const nightButton = (page: Page, d: Day) => page.getByRole('button', { name: new RegExp(`^${long(d)}: `) });

async function openPrices(page: Page) {
  await page.goto('/admin-bookings');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Prices & rooms' }).click();
  await expect(page).toHaveURL(/\/admin-prices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prices & rooms' })).toBeVisible();
}

test('hotel mode: the owner sets a season price and a closure on the calendar; a guest books across the season edge, sees the nightly prices, GST and total, and opens the invoice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [arrive, edge, leave, closed] = [day(33), day(35), day(36), day(37)];

  // The owner: from the night of `edge` Suit Rooms cost ₹9,000 (18% GST), and the night of `closed` they are not sold.
  await openPrices(page);
  await page.getByRole('radio', { name: 'Suit Room' }).check();
  await expect(page.getByRole('heading', { level: 2, name: 'Chosen nights of Suit Rooms' })).toBeVisible();
  await expect(nightButton(page, edge)).toHaveAccessibleName(/: ₹4,000\.00, \d+ left$/);
  await nightButton(page, edge).click();
  await nightButton(page, day(36)).click();
  await expect(page.getByLabel('First night')).toHaveValue(edge.iso);
  await expect(page.getByLabel('Last night')).toHaveValue(day(36).iso);
  await page.getByLabel('Price per night (₹)').fill('9000');
  await page.getByRole('button', { name: 'Set price' }).click();
  await expect(page.getByText(`Suit Room: ₹9,000.00 a night for the nights from ${long(edge)} to ${long(day(36))}.`)).toBeVisible();
  await expect(nightButton(page, edge)).toHaveAccessibleName(/: ₹9,000\.00, \d+ left$/);

  await nightButton(page, closed).click();
  await page.getByRole('button', { name: 'Close for sale' }).click();
  await expect(page.getByText(`Suit Rooms closed for the night of ${long(closed)}.`)).toBeVisible();
  await expect(nightButton(page, closed)).toHaveAccessibleName(/, closed$/);

  await page.getByLabel('Legal name').fill('Valley View Hospitality Pvt Ltd');
  await page.getByLabel('Address').fill('12 Hill Road, Munnar, Kerala 685612');
  await page.getByLabel('GSTIN').fill('32ABCDE1234F1Z5');
  await page.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(page.getByText('The invoice details are saved.')).toBeVisible();
  await nightButton(page, edge).scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-prices-1280', { fullPage: true });

  // The guest: three nights, two at ₹4,000 and one at the season's ₹9,000.
  await page.goto('/booking');
  await pickStay(page, arrive, leave);
  const nightly = page.getByRole('region', { name: 'Suit Room: prices for these dates' });
  for (const [d, price] of [
    [arrive, '₹4,000'],
    [day(34), '₹4,000'],
    [edge, '₹9,000'],
  ] as const)
    await expect(nightly.getByText(`${shortDay(d)}: ${price}`, { exact: true })).toBeVisible();
  await expect(nightly.getByText('₹17,000 for 3 nights, per room, tax exclusive.')).toBeVisible();
  await screenshot(page, 'booking-nightly-prices-1280', { fullPage: true });
  const suit = roomRegion(page, 'Suit Room');
  await suit.getByLabel('Room(s)').selectOption('1');
  await page.getByRole('button', { name: 'Search' }).click();
  await suit.getByRole('button', { name: 'Book' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  await expect(confirmationFact(page, 'Total Amount')).toContainText('₹17,000');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Email').fill(uniqueEmail('season'));
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  // GST per room per night: ₹4,000 at 2.5% + 2.5% (₹100 + ₹100), ₹9,000 at 9% + 9% (₹810 + ₹810).
  await expect(confirmationFact(page, 'GST')).toContainText('₹2,020.00');
  await expect(confirmationFact(page, 'GST')).toContainText('CGST ₹1,010.00 + SGST ₹1,010.00');
  await expect(confirmationFact(page, 'Total with tax')).toHaveText('₹19,020.00');
  await screenshot(page, 'confirmation-gst-1280', { fullPage: true });

  // The guest view, then the invoice from it.
  await page.getByRole('link', { name: 'View Your Booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeVisible();
  await expect(page.getByText('₹19,020.00')).toBeVisible();
  await page.getByRole('link', { name: /^Tax invoice INV-\d{4}-\d{6}$/ }).click();
  await expect(page).toHaveURL(/\/invoice\/BK\d{6}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByText('GSTIN: 32ABCDE1234F1Z5')).toBeVisible();
  await expect(page.getByText('Valley View Hospitality Pvt Ltd')).toBeVisible();
  await expect(page.getByText(/Room accommodation, SAC 996311\./)).toBeVisible();
  const lines = page.getByRole('table');
  await expect(lines.getByRole('row')).toHaveCount(4);
  await expect(lines.getByRole('row', { name: new RegExp(`^${long(edge)} `) })).toContainText(
    '₹9,000.00₹9,000.00₹810.00 (9%)₹810.00 (9%)₹10,620.00',
  );
  const totals = page.locator('.invoice__totals');
  await expect(totals).toContainText('Taxable value₹17,000.00CGST₹1,010.00SGST₹1,010.00Total₹19,020.00');
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await screenshot(page, 'invoice-1280', { fullPage: true });
  // On paper: the invoice alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(page.locator('#site-header')).toBeHidden();
  await screenshot(page, 'invoice-print', { fullPage: true });
});

test('hotel mode at 360 px: the prices calendar and an invoice the admin opens from the table fit a phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail('phone-invoice');
  const bookingId = await bookThroughApi(request, { roomId: 'deluxe', rooms: 2, checkIn: day(38), checkOut: day(39), email });

  await openPrices(page);
  await expect(nightButton(page, day(38))).toHaveAccessibleName(/: ₹3,000\.00, 6 left$/);
  await screenshot(page, 'admin-prices-360', { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bookings' }).click();
  await page.getByRole('searchbox', { name: 'Search bookings' }).fill(email);
  await page.getByRole('link', { name: `Invoice for booking ${bookingId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  // Two Classic Rooms at ₹3,000: ₹6,000, GST 5% (₹150 + ₹150).
  await expect(page.locator('.invoice__totals')).toContainText('Taxable value₹6,000.00CGST₹150.00SGST₹150.00Total₹6,300.00');
  await screenshot(page, 'invoice-360', { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
});

// Issue 34 item 6 and 7: the calendar moves to next season, and each month keeps its weeks together.
for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test(`hotel mode at ${width} px: the prices calendar's months keep their weeks together, move a month at a time, and a night says its price and why`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openPrices(page);
    const months = page.locator('table.prices__month');
    await expect(months).toHaveCount(4);
    // Every week of a month as tall as the others: a short month beside a long one is not stretched.
    for (const month of await months.all()) {
      const heights = await month
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
      expect(Math.max(...heights) - Math.min(...heights), `weeks of ${await month.locator('caption').textContent()}`).toBeLessThanOrEqual(
        2,
      );
    }
    const firstCaption = (await months.first().locator('caption').textContent()) ?? '';
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(months.first().locator('caption')).not.toHaveText(firstCaption);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(months.first().locator('caption')).toHaveText(firstCaption);
    await nightButton(page, day(34)).click();
    const details = page.getByRole('region', { name: /^Classic Rooms, the night of / });
    await expect(details).toContainText('a night for one room, tax exclusive');
    await expect(details).toContainText(/No price rule covers this night|Set by the price rule/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await screenshot(page, `admin-prices-calendar-${width}`, { fullPage: true });
  });
}

// Issue 40: a room type's guests and meal plans, beside its rooms and prices; nothing is saved here.
for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test(`hotel mode at ${width} px: a room type's guests and meal plans fit the screen, each plan with its own labelled controls`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openPrices(page);
    await page.getByRole('radio', { name: 'Suit Room' }).check();
    const form = page.getByRole('form', { name: 'Suit Room: guests and meal plans' });
    await expect(form.getByLabel('Adults the price includes')).toHaveValue('2');
    await expect(form.getByRole('checkbox', { name: 'Room With Breakfast (CP): On' })).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Half Board (MAP): Charged' })).toHaveValue('person');
    // Every control inside the form's card: none runs past its edge.
    const card = (await form.boundingBox())!;
    for (const control of await form.locator('input, select, button').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, `${await control.getAttribute('id')} inside the card`).toBeLessThanOrEqual(card.x + card.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await form.scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOTS === '1') await form.screenshot({ path: `screenshots/admin-stay-options-${width}.png` });
  });
}
