import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bookThroughApi, fillFormCParticulars, hotelDay, signIn, uniqueEmail } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * Form C for a guest from abroad (issue 40): the desk checks in today's guest, opens Form C from
 * the guest's card, records a foreign guest's particulars until nothing is missing, prints the
 * form and exports it for the FRRO portal; the list of Form C still due then no longer names the
 * booking. Nights in use: tonight, one Classic Room per width (hotel-desk books its own Classic
 * Rooms for today too; eight exist).
 */

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test(`hotel mode at ${width} px: the desk fills in a guest's Form C from the desk card, prints and exports it`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const guest = uniqueEmail(`form-c-${width}`);
    const bookingId = await bookThroughApi(request, {
      roomId: 'deluxe',
      rooms: 1,
      checkIn: hotelDay(0),
      checkOut: hotelDay(1),
      email: guest,
    });

    await page.goto('/admin-desk');
    await signIn(page);
    const arrival = page
      .getByRole('table', { name: /^Arrivals/ })
      .getByRole('row')
      .filter({ hasText: guest });
    await arrival.getByRole('button', { name: `Check in ${bookingId}` }).click();
    await expect(page.getByText(new RegExp(`^Booking ${bookingId} checked in`))).toBeVisible();

    // Checked in today with no answer yet: on the list of Form C still due.
    await page.getByRole('link', { name: 'Form C still due' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Form C still due' })).toBeVisible();
    const due = page.getByRole('list', { name: 'Form C still due' }).getByRole('listitem').filter({ hasText: bookingId });
    await expect(due).toContainText('Not answered: any guests from abroad?');
    await screenshot(page, `admin-form-c-due-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    // From the guest's card at the desk.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Today at the desk' }).click();
    await page
      .getByRole('table', { name: /^In the house/ })
      .getByRole('row')
      .filter({ hasText: guest })
      .getByRole('link', { name: `Form C for ${bookingId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin-desk/form-c/${bookingId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Form C: ${bookingId}` })).toBeVisible();

    await page.getByRole('button', { name: 'Add a guest from abroad' }).click();
    const form = page.getByRole('form', { name: 'A guest from abroad' });
    await expect(form.getByLabel('Date of arrival at the hotel')).toHaveValue(hotelDay(0).iso);
    await form.getByLabel('Full name').fill('Anna Schmidt');
    await form.getByLabel('Nationality').fill('German');
    await form.getByLabel('Passport number').fill('Z9876543Q');
    await form.getByRole('button', { name: 'Save guest' }).click();
    const checklist = page.getByRole('region', { name: 'Still missing' });
    await expect(checklist.getByRole('listitem')).toContainText('Anna Schmidt: Passport date of issue, Passport place of issue');
    await screenshot(page, `admin-form-c-missing-${width}`, { fullPage: true });

    await page.getByRole('button', { name: 'Edit Anna Schmidt' }).click();
    const edit = page.getByRole('form', { name: 'Guest 1: Anna Schmidt' });
    await fillFormCParticulars(edit);
    await screenshot(page, `admin-form-c-edit-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await edit.getByRole('button', { name: 'Save guest' }).click();
    await expect(checklist).toContainText('Nothing: every guest’s Form C is complete.');
    await expect(checklist.getByRole('listitem')).toHaveCount(0);
    const sheet = page.getByRole('region', { name: 'Guest 1: Anna Schmidt' });
    await expect(sheet).toContainText('Z9876543Q');
    await screenshot(page, `admin-form-c-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    // The print is the form: no site header, navigation, buttons or checklist.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
    await expect(checklist).toBeHidden();
    await expect(sheet).toBeVisible();
    await screenshot(page, `admin-form-c-print-${width}`, { fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // The FRRO export, on its button only.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export for FRRO (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`form-c-${bookingId}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Full name,Nationality,Passport number');
    expect(csv).toContain('Anna Schmidt,German,Z9876543Q,2020-01-15,Berlin,2099-01-14,VE1234567,e-Tourist');

    // Submitted on the FRRO portal: the guest stays on the form.
    await page.getByRole('button', { name: 'Mark as submitted to the FRRO' }).click();
    await expect(
      page.getByText(/^Submitted to the FRRO on .* by admin: its guests can be corrected but no longer removed\.$/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Anna Schmidt' })).toHaveCount(0);
    await screenshot(page, `admin-form-c-submitted-${width}`, { fullPage: true });

    // No longer due.
    await page.getByRole('link', { name: 'Form C still due' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Form C still due' })).toBeVisible();
    await expect(page.getByText(/arrived today or yesterday/)).toBeVisible();
    await expect(page.getByRole('link', { name: `Form C for ${bookingId}` })).toHaveCount(0);
  });
}
