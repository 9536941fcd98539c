import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import site from '../../src/shared/site.json';

test('without JavaScript, "/" still shows the home page the build rendered', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(site.name));
  const intro = page.getByRole('region', { name: 'Welcome' });
  await expect(intro).toContainText('Room service runs from 7 am to 11 pm');
  await expect(intro).toContainText('laundry');
  await expect(page.getByRole('region', { name: 'Gallery' }).getByRole('img')).toHaveCount(8);
  await expect(page.getByRole('region', { name: 'Restaurant' })).toContainText('up to 70 people');
  // Styled before any script: the home stylesheet is linked in the HTML itself.
  await expect(page.locator('.home-gallery')).toHaveCSS('display', 'grid');
  await context.close();
});

test('other paths get the empty shell, not a flash of the home page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/booking-portal');
  await expect(page.locator('#root')).toBeEmpty();
  await context.close();
});

/**
 * Collects console errors and warnings, and remembers the heading the parser built from the
 * server's HTML before any script ran (to check that hydration adopts it rather than replacing it).
 */
async function watchHydration(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      (window as unknown as { serverHeading: Element }).serverHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  return problems;
}

test('with JavaScript, the app hydrates the prerendered page without errors or warnings', async ({ page }) => {
  const problems = await watchHydration(page);

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  // Until the guest interacts, the page is the server's HTML alone: React is not even loaded.
  const reactOwned = () =>
    page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));
  await page.waitForTimeout(500);
  expect(await reactOwned()).toBe(false);
  await page.keyboard.press('Tab');
  // React marks the nodes it owns; hydration adopts the server's node instead of replacing it.
  await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));
  const adopted = await page.evaluate(
    () => document.querySelector('h1') === (window as unknown as { serverHeading?: Element }).serverHeading,
  );
  expect(adopted).toBe(true);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();

  // The hydrated page is live: its Book Now link navigates inside the app.
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(site.name);
  expect(problems).toEqual([]);
});

test('without JavaScript, /booking shows the rooms the build rendered, styled, with the date field held in place', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/Booking');

  await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
  await expect(page).toHaveTitle('Book a Room');
  for (const room of ['Classic Room', 'Suit Room']) {
    const region = page.getByRole('region', { name: room });
    await expect(region.getByRole('img')).toHaveJSProperty('complete', true);
    await expect(region.getByLabel('Room(s)').first()).toHaveValue('0');
  }
  await expect(page.getByRole('group', { name: 'Select Date Range' })).toBeVisible();
  await expect(page.locator('.booking__rooms')).toHaveCSS('display', /grid|flex|block/);
  await expect(page.locator('.room-section').first()).not.toHaveCSS('border-radius', '0px');
  await context.close();
});

/** Holds the app's React chunk until `release` is called, so a test can act on the page before hydration. */
async function holdReact(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));

test("the booking screen hydrates the build's HTML without errors, then shows the guest's own selection", async ({ page }) => {
  const problems = await watchHydration(page);

  await page.goto('/booking');
  // As built, the page needs no script until the guest moves: React is not even loaded yet.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')))).toBe(
    false,
  );
  // Reaching for the dates loads the app and the picker, which opens where the guest clicked.
  await page.getByLabel('Check-in').click();
  await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Check-in' })).toBeFocused();
  await hydrated(page);
  expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { serverHeading?: Element }).serverHeading)).toBe(
    true,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('application', { name: 'Calendar' })).toBeHidden();
  const suit = page.getByRole('region', { name: 'Suit Room' });
  await suit.getByLabel('Room(s)').first().selectOption('2');
  await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeVisible();

  // A reload sends the same first-time HTML; with a selection in this session the app starts at
  // once, without waiting for the guest, and shows it.
  // redux-persist writes the session's selection on its next tick; reload once it has.
  await page.waitForFunction(() => {
    const stored = JSON.parse(sessionStorage.getItem('persist:hotelSelection') ?? '{}') as { roomCount?: string };
    return stored.roomCount === '2';
  });
  await page.reload();
  await hydrated(page);
  await expect(suit.getByLabel('Room(s)').first()).toHaveValue('2');
  await expect(page.getByRole('region', { name: 'Classic Room' }).getByLabel('Room(s)').first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a room count chosen and Book clicked before the booking screen is interactive are not lost', async ({ page }) => {
  const release = await holdReact(page);
  await page.goto('/booking', { waitUntil: 'domcontentloaded' });
  const suit = page.getByRole('region', { name: 'Suit Room' });
  await suit.getByLabel('Room(s)').first().selectOption('3');
  // Twice, as an impatient guest would: it must still count once.
  await suit.getByRole('button', { name: 'Book' }).first().dblclick();
  await expect(page).toHaveURL(/\/booking$/);

  release();
  await expect(page).toHaveURL(/\/booking-details$/);
  const detail = (term: string) =>
    page
      .locator('.stay-details > div')
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator('dd');
  await expect(detail('Room Type')).toHaveText('Suit Room');
  await expect(detail('Rooms')).toHaveText('3');
});

test('a path the server cannot map to a page still gets the app\'s own "Page not found"', async ({ page }) => {
  const response = await page.goto('/images/no-such-room.jpg');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('on the booking screen as built, tabbing to Check-in opens the calendar there once the picker is in', async ({ page }) => {
  await page.goto('/booking');
  for (let stop = 0; stop < 30; stop++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'check-in')) break;
  }
  await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Check-in' })).toBeFocused();
});
