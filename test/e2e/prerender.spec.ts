import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import site from '../../src/shared/site.json';
import { booking, seedBookings } from './manage-seed';

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
  // Styled before any script: the home stylesheet is in the HTML itself.
  await expect(page.locator('.home-gallery')).toHaveCSS('display', 'grid');
  await context.close();
});

test('a path no screen answers gets the empty shell, not a flash of another page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/no-such-page');
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

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));

test('with JavaScript, the app adopts the prerendered home page once it has loaded, with no input, errors or warnings', async ({
  page,
}) => {
  const problems = await watchHydration(page);

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  // React marks the nodes it owns; hydration adopts the server's node instead of replacing it.
  // It comes once the page has loaded and the browser is idle, before any move of the guest's.
  await hydrated(page);
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
  // Its controls are plain HTML controls, live from the first paint (src/shared/earlyForm.ts).
  await expect(page.getByRole('region', { name: 'Suit Room' }).getByRole('button', { name: 'Book' })).toBeEnabled();
  await expect(page.getByLabel('Check-in')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeHidden();
  await expect(page.locator('.booking__rooms')).toHaveCSS('display', /grid|flex|block/);
  await expect(page.locator('.room-section').first()).not.toHaveCSS('border-radius', '0px');
  await context.close();
});

test("the booking screen hydrates the build's HTML without errors, then shows the guest's own selection", async ({ page }) => {
  const problems = await watchHydration(page);

  await page.goto('/booking');
  // React adopts the page once it has loaded, without waiting for the guest.
  await hydrated(page);
  expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { serverHeading?: Element }).serverHeading)).toBe(
    true,
  );
  // The picker then takes its placeholder's place; its input opens the calendar.
  await page.getByLabel('Check-in').click();
  await expect(page.getByRole('application', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Check-in' })).toBeFocused();
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

test('a path the server cannot map to a page still gets the app\'s own "Page not found"', async ({ page }) => {
  const response = await page.goto('/images/no-such-room.jpg');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

/** The screens that show this browser's stored data: prerendered as their frame, filled in by the app. */
const frames = [
  {
    path: '/booking-details',
    heading: 'Booking Confirmation',
    labels: ['Booking ID', 'Room Type', 'Total Amount', 'Email'],
    claims: ['Deluxe Room', 'Not Selected'],
  },
  {
    path: '/admin-bookings',
    heading: 'Admin Booking Dashboard',
    labels: ['Search bookings', 'Back up and restore'],
    claims: ['No bookings found'],
  },
  { path: '/view-bookings', heading: 'All Booked Rooms', labels: [], claims: ['No rooms have been booked yet.'] },
  {
    path: '/customer-booking/BK123456',
    heading: null,
    labels: [],
    claims: ['Booking Not Found', 'No booking found with ID', 'Your Booking Details'],
  },
];

test('without JavaScript, the screens of stored data show their frame, and say nothing about data they have not read', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const frame of frames) {
    await page.goto(frame.path);
    if (frame.heading) await expect(page.getByRole('heading', { level: 1, name: frame.heading })).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    for (const label of frame.labels) await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    for (const claim of frame.claims) await expect(page.getByText(claim).first()).toBeHidden();
  }
  // The guest view is built for no booking in particular: the page keeps the site's own title.
  await expect(page).toHaveTitle(new RegExp(site.name));

  // The portal shows no data: it is prerendered whole, its form a plain HTML form (src/shared/earlyForm.ts).
  await page.goto('/booking-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Hotel Booking Portal' })).toBeVisible();
  await expect(page.getByLabel('Booking ID')).toBeEditable();
  await expect(page.getByRole('button', { name: 'View Your Booking' })).toBeEnabled();
  await context.close();
});

/** Sums the page's layout shifts (those not caused by the guest's own input) from the start. */
async function watchShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
}

test('with nothing stored, each frame fills in with what the screen says then, without moving anything', async ({ page }) => {
  const problems = await watchHydration(page);
  const shifted = await watchShifts(page);
  const filled: Record<string, () => Promise<void>> = {
    '/booking-details': () => expect(page.getByText('Deluxe Room')).toBeVisible(),
    '/admin-bookings': () => expect(page.getByText('No bookings found')).toBeVisible(),
    '/view-bookings': () => expect(page.getByText('No rooms have been booked yet.')).toBeVisible(),
    '/customer-booking/BK123456': () => expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible(),
  };
  for (const frame of frames) {
    await page.goto(frame.path);
    await filled[frame.path]!();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await shifted(), frame.path).toBe(0);
  }
  expect(problems).toEqual([]);
});

test('with bookings and a stay stored, each frame fills in with them, without moving anything', async ({ page }) => {
  const problems = await watchHydration(page);
  const shifted = await watchShifts(page);
  await seedBookings(page, [booking(), booking({ bookingId: 'BK654321', roomName: 'Suit Room', email: 'other@example.com', rooms: 2 })]);
  // A reload of the confirmation screen mid-booking: the session holds the chosen stay.
  await page.addInitScript(() =>
    sessionStorage.setItem(
      'persist:hotelSelection',
      JSON.stringify({
        roomId: '"executive"',
        packageIndex: '0',
        roomCount: '2',
        startDate: '"2030-03-12"',
        endDate: '"2030-03-15"',
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    ),
  );
  const filled: Record<string, () => Promise<void>> = {
    '/booking-details': () => expect(page.getByText('₹4,000 × 2 rooms × 3 nights, tax exclusive')).toBeVisible(),
    '/admin-bookings': () => expect(page.getByText('Showing 1–2 of 2 bookings')).toBeVisible(),
    '/view-bookings': () => expect(page.getByText('2 bookings, newest first')).toBeVisible(),
    '/customer-booking/BK123456': () => expect(page.getByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeVisible(),
  };
  for (const frame of frames) {
    await page.goto(frame.path);
    await filled[frame.path]!();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await shifted(), frame.path).toBe(0);
  }
  expect(problems).toEqual([]);
});

test('a frame this browser has data for fetches the scripts React needs from its first lines; with no data, nothing is fetched early', async ({
  browser,
}) => {
  const earlyScripts = (page: Page) =>
    page.locator('head link[rel="preload"][as="script"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  const empty = await browser.newContext();
  const fresh = await empty.newPage();
  await fresh.goto('/admin-bookings');
  await expect(fresh.getByText('No bookings found')).toBeVisible();
  expect(await earlyScripts(fresh)).toEqual([]);
  await empty.close();

  const stored = await browser.newContext();
  const page = await stored.newPage();
  const problems = await watchHydration(page);
  await seedBookings(page, [booking()]);
  await page.goto('/admin-bookings');
  await expect(page.getByText('Showing 1–1 of 1 booking')).toBeVisible();
  const early = await earlyScripts(page);
  expect(early.length).toBeGreaterThan(0);
  // Each downloaded once: the app's own request for the chunk takes the file fetched early.
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  for (const href of early) expect(fetched.filter((path) => path === href)).toHaveLength(1);
  expect(problems).toEqual([]);
  await stored.close();
});

test('each prerendered page carries its stylesheets: it paints styled with no stylesheet to fetch, and the app never fetches them again', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/booking',
    '/booking-details',
    '/admin-bookings',
    '/view-bookings',
    '/booking-portal',
    '/customer-booking/BK123456',
  ]) {
    const requested: string[] = [];
    const onRequest = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    await page.goto(path);
    await hydrated(page);
    const carried = await page.locator('head style[data-href]').evaluateAll((styles) => styles.map((s) => s.getAttribute('data-href')));
    // The site's, the header's, the footer's and the screen's own.
    expect(carried, path).toEqual(expect.arrayContaining(['/header.css', '/footer.css']));
    expect(carried.length, path).toBe(4);
    // As the server sends it, the page links no stylesheet: nothing to wait for before painting.
    expect(await (await page.request.get(path)).text(), path).not.toMatch(/<link[^>]*rel="?stylesheet/);
    // The site's stylesheet is in force (its page layout), from the page's own bytes.
    await expect(page.locator('body'), path).toHaveCSS('display', 'flex');
    // What the app loads once running (the next screen's styles, fetched ahead) is another file.
    expect(
      requested.filter((requestedPath) => carried.includes(requestedPath)),
      path,
    ).toEqual([]);
    page.off('request', onRequest);
  }
});
