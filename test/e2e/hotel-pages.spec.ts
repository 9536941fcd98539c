import { expect, test } from '@playwright/test';
import { confirmationFact, day, pickStay, roomRegion, signIn, uniqueEmail, fillGuestContact } from './hotelFlows';

/**
 * The build prerenders every screen's frame for the browser-only site, where the data comes from
 * this browser. In hotel mode those screens show the hotel's data (and ask an admin to sign in
 * first), so the server sends them the empty app shell: no browser-only frame ever shows there.
 */
const hotelScreens = ['/booking-details', '/admin-bookings', '/view-bookings', '/booking-portal', '/customer-booking/BK123456'];

test('hotel mode: the screens of the hotel data get the app shell, not the browser-only frames', async ({ request }) => {
  for (const path of hotelScreens) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="hotel-mode" content="on" />');
    expect(html, path).toMatch(/<div id="?root"?><\/div>/);
    expect(html, path).not.toContain('data-prerendered');
  }
  // Home and booking are prerendered in both modes; the booking screen adapts in place.
  expect(await (await request.get('/')).text()).toContain('data-prerendered="/"');
  expect(await (await request.get('/booking')).text()).toContain('data-prerendered="/booking"');
});

test('hotel mode: the admin dashboard shows its sign-in form, with no booking frame before it', async ({ page }) => {
  await page.goto('/admin-bookings');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Back up and restore' })).toHaveCount(0);
});

// Issue 25: a page's file name served the page as built, without the hotel-mode tag, so a booking
// made from a /booking.html link stayed in that browser and never reached the hotel.
test('hotel mode: a booking made from a /booking.html link reaches the hotel and shows on the admin dashboard', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const checkIn = day(50);
  const checkOut = day(51);
  const email = uniqueEmail('html-link');

  await page.goto('/booking.html');
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.locator('meta[name="hotel-mode"]')).toHaveAttribute('content', 'on');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
  await pickStay(page, checkIn, checkOut);
  const classic = roomRegion(page, 'Classic Room');
  await expect(classic.getByText(/rooms? left for these dates/)).toBeVisible();
  await classic.getByLabel('Room(s)').selectOption('1');
  await page.getByRole('button', { name: 'Search' }).click();
  await classic.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  const bookingId = (await confirmationFact(page, 'Booking ID').textContent()) ?? '';
  expect(bookingId).toMatch(/^BK[1-9]\d{5}$/);

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await admin.goto('/admin-bookings.html');
    await expect(admin).toHaveURL(/\/admin-bookings$/);
    await signIn(admin);
    await admin.getByRole('searchbox', { name: 'Search bookings' }).fill(bookingId);
    const row = admin.getByRole('row', { name: new RegExp(bookingId) });
    for (const text of [email, 'Classic Room', checkIn.shown, checkOut.shown]) await expect(row).toContainText(text);
  } finally {
    await adminContext.close();
  }
});

test('hotel mode: with site data blocked, the booking screen never says bookings cannot be saved (the hotel keeps them)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage'])
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    // After the first frame painted with the screen's heading: is any such notice on screen?
    const observer = new MutationObserver(() => {
      if (!document.querySelector('#root h1')) return;
      observer.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => {
          const seen = [...document.querySelectorAll('[data-storage-notice]')].some((notice) => notice.checkVisibility());
          (window as unknown as { noticeAtFirstPaint: boolean }).noticeAtFirstPaint = seen;
        }),
      );
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/booking', { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { noticeAtFirstPaint?: boolean }).noticeAtFirstPaint !== undefined);
  expect(await page.evaluate(() => (window as unknown as { noticeAtFirstPaint: boolean }).noticeAtFirstPaint)).toBe(false);
  await expect(roomRegion(page, 'Suit Room').getByLabel('Room(s)').first()).toBeEnabled();
  await expect(page.getByText('bookings cannot be saved in this browser')).toHaveCount(0);
});
