import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookThroughApi, day, signIn, uniqueEmail } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * Issue 39: the owner opens Reports from the back office, chooses nights, reads the figures the
 * hotel worked out for them, and downloads the month's invoice register for the accountant.
 * Nights in use: 180 to 189 (hotelFlows.ts lists the others).
 */

/** A figure's tile, found by its heading. */
const tile = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('hotel mode: the owner reads the figures of chosen nights and downloads the GST invoice register', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Two Classic Rooms for three nights at ₹3,000: 6 room-nights, ₹18,000; one Suit Room for two at ₹4,000: ₹8,000.
  const [first, last] = [day(180), day(189)];
  await bookThroughApi(request, { roomId: 'deluxe', rooms: 2, checkIn: day(181), checkOut: day(184), email: uniqueEmail('report-a') });
  await bookThroughApi(request, { roomId: 'executive', rooms: 1, checkIn: day(182), checkOut: day(184), email: uniqueEmail('report-b') });

  await page.goto('/admin-bookings');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin-reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const chooser = page.getByRole('form', { name: 'Which nights and rooms' });
  await chooser.getByLabel('First night').fill(first.iso);
  await chooser.getByLabel('Last night').fill(last.iso);
  await chooser.getByRole('button', { name: 'Show these nights' }).click();
  await expect(tile(page, 'Room revenue')).toContainText('₹26,000.00');
  // 8 room-nights sold for ₹26,000: ₹3,250 a night.
  await expect(tile(page, 'ADR')).toContainText('₹3,250.00');
  await expect(tile(page, 'Occupancy')).toContainText(/8 of [\d,]+ room-nights sold/);
  await expect(page.getByRole('region', { name: 'Room revenue and GST' }).getByRole('row').nth(1)).toContainText('₹27,300.00');
  await screenshot(page, 'admin-reports-1280', { fullPage: true });

  // The accountant's month: this month's invoice register as a CSV file, its header as the GST portal's register has it.
  const gst = page.getByRole('region', { name: 'GST returns' });
  await expect(gst.getByRole('heading', { name: 'Documents issued (table 13)' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), gst.getByRole('button', { name: 'Invoice register' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Invoice number,Invoice date,Booking ID,Guest,Status,Taxable value,CGST,SGST,Invoice value,SAC,Place of supply',
  );

  // At phone width the figures stack and nothing runs off the side of the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(tile(page, 'Room revenue')).toBeVisible();
  await screenshot(page, 'admin-reports-360', { fullPage: true });
  // Whatever reaches past the page's right edge (wide tables scroll in boxes of their own), named so that a failure says what.
  const overflowing = await page.evaluate(() => {
    const scrolls = (el: Element | null): boolean =>
      el !== null &&
      el !== document.body &&
      (['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX) || scrolls(el.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && !scrolls(el.parentElement))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  });
  expect(overflowing).toEqual([]);
});
