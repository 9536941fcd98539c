import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * Holds back every script but the entry (React, the router, the screens: the lazy chunks, named by
 * id) until `release` is called, so that a test acts on a prerendered page before React adopts it
 * (src/shared/earlyForm.ts) for as long as it likes.
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Holds back the date picker's code (react-dates: the only chunk naming DateRangePicker) until
 * `release` is called; every other chunk comes at once. `asked` resolves once the page has asked
 * for it, so that a test acts on the placeholder that stands in for the picker meanwhile.
 */
export async function holdDatePicker(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let pickerAsked!: () => void;
  const asked = new Promise<void>((resolve) => (pickerAsked = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('DateRangePicker')) {
      pickerAsked();
      await released;
    }
    await route.fulfill({ response });
  });
  return { asked, release };
}

/** True while React has not adopted the page: no React fiber on the screen's heading. */
export const notAdopted = (page: Page) =>
  page.evaluate(() => !Object.keys(document.querySelector('#root h1') ?? {}).some((key) => key.startsWith('__reactFiber')));

/** The booking screen in a region of its room; `index` picks the package. */
export const packageCard = (page: Page, room: string, index = 0) => page.getByRole('region', { name: room }).getByRole('group').nth(index);

/** A date field's text (MM/DD/YYYY) `offset` days from today on this machine's calendar. */
export function typedDay(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

/** A fact of the confirmation screen's stay card. */
export const stayFact = (page: Page, term: string) =>
  page
    .locator('.stay-details > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

/**
 * On /booking, as soon as each control is visible: dates typed, a count chosen, and Book pressed
 * (with the app held back when `release` is given, let go only after the press); then the
 * confirmation screen shows that stay. With `fromHome`, the booking screen is reached from home's
 * Book Now, tapped as soon as it is visible.
 */
export async function bookAtFirstSight(
  page: Page,
  room: string,
  count: string,
  nights: [number, number],
  { release, fromHome = false }: { release?: () => void; fromHome?: boolean } = {},
) {
  if (fromHome) {
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
  } else await page.goto('/booking', { waitUntil: 'commit' });
  // The placeholder's inputs, or the picker's once it has come (its calendar's days are labelled too).
  await page.getByRole('textbox', { name: 'Check-in' }).fill(typedDay(nights[0]));
  await page.getByRole('textbox', { name: 'Check-out' }).fill(typedDay(nights[1]));
  // Closes the calendar if the picker has come and opened it.
  await page.keyboard.press('Escape');
  const card = packageCard(page, room);
  await card.getByLabel('Room(s)').selectOption(count);
  // Answered at once, by the page itself when React is not there yet.
  await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeVisible();
  if (release) expect(await notAdopted(page)).toBe(true);
  await card.getByRole('button', { name: 'Book' }).click();
  release?.();
  await expect(page).toHaveURL(/\/booking-details$/);
  await expect(stayFact(page, 'Room Type')).toHaveText(room);
  await expect(stayFact(page, 'Rooms')).toHaveText(count);
  await expect(stayFact(page, 'Check-In')).toHaveText(typedDay(nights[0]));
  await expect(stayFact(page, 'Check-Out')).toHaveText(typedDay(nights[1]));
}
