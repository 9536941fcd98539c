import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import site from '../../src/shared/site.json';
import { booking, seedBookings } from './manage-seed';

/** Every route and its h1; the guest view's depends on whether BK111111 could be read. */
function allRoutes(guestFound: boolean): Array<[path: string, heading: string]> {
  return [
    ['/', site.name],
    ['/booking', 'Book a Room'],
    ['/booking-details', 'Booking Confirmation'],
    ['/admin-bookings', 'Admin Booking Dashboard'],
    ['/view-bookings', 'All Booked Rooms'],
    ['/booking-portal', 'Hotel Booking Portal'],
    ['/customer-booking/BK111111', guestFound ? 'Your Booking Details' : 'Booking Not Found'],
    ['/nowhere', 'Page not found'],
  ];
}

async function expectEveryRouteOpens(page: Page, guestFound: boolean) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [path, heading] of allRoutes(guestFound)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  expect(errors).toEqual([]);
}

function raw(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

const good = booking({ bookingId: 'BK111111', email: 'readable@example.com' });

const damaged: Array<{ name: string; text: string; readable: string[]; unreadable: number; keptWhole: boolean }> = [
  { name: 'invalid JSON', text: '[{"bookingId":"BK111111",', readable: [], unreadable: 1, keptWhole: true },
  { name: 'a value that is not an array', text: '{"note":"not a list"}', readable: [], unreadable: 1, keptWhole: true },
  {
    name: 'records with missing or mistyped fields',
    text: JSON.stringify([good, { roomName: 'no id' }, { ...booking({ bookingId: 'BK222222' }), totalPrice: 'a lot' }, 7]),
    readable: ['BK111111'],
    unreadable: 3,
    keptWhole: false,
  },
  {
    name: 'a redux-persist wrapped value',
    text: JSON.stringify({ items: JSON.stringify([good]), _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
    readable: ['BK111111'],
    unreadable: 0,
    keptWhole: false,
  },
  {
    name: 'duplicate IDs',
    text: JSON.stringify([good, { ...good, email: 'other@example.com' }]),
    readable: ['BK111111'],
    unreadable: 1,
    keptWhole: false,
  },
  {
    name: 'records from the earlier version',
    text: JSON.stringify([
      {
        bookingId: 'BK111111',
        roomName: 'Suit Room',
        checkIn: '12/01/2026',
        checkOut: '12/04/2026',
        totalPrice: '12000',
        email: 'old@example.com',
        note: 'kept',
      },
    ]),
    readable: ['BK111111'],
    unreadable: 0,
    keptWhole: false,
  },
];

for (const { name, text, readable, unreadable, keptWhole } of damaged) {
  test(`stored data with ${name}: every route opens, readable records show, the rest is kept`, async ({ page }) => {
    await seedBookings(page, text);
    await expectEveryRouteOpens(page, readable.includes('BK111111'));

    await page.goto('/admin-bookings');
    for (const id of readable) await expect(page.getByRole('cell', { name: id, exact: true })).toBeVisible();
    if (readable.length === 0) await expect(page.getByText('No bookings found')).toBeVisible();
    const notice = page.getByRole('region', { name: 'Unreadable booking records' });
    if (unreadable === 0) {
      await expect(notice).toHaveCount(0);
    } else {
      await expect(notice).toContainText(
        unreadable === 1 ? '1 stored booking record could not be read' : `${unreadable} stored booking records could not be read`,
      );
      const kept = JSON.parse((await raw(page, 'hotelBookings.unreadable')) ?? '[]') as Array<{ raw: string }>;
      expect(kept).toHaveLength(unreadable);
      if (keptWhole) expect(kept[0]?.raw).toBe(text);
      const download = page.waitForEvent('download');
      await notice.getByRole('button', { name: 'Download unreadable records' }).click();
      const chunks = await (await (await download).createReadStream()).toArray();
      expect(Buffer.concat(chunks).toString()).toBe(await raw(page, 'hotelBookings.unreadable'));
    }
  });
}

test('a record from the earlier version keeps its unknown fields when its email changes', async ({ page }) => {
  await seedBookings(
    page,
    JSON.stringify([
      {
        bookingId: 'BK111111',
        roomName: 'Suit Room',
        checkIn: '12/01/2026',
        checkOut: '12/04/2026',
        totalPrice: '12000',
        email: 'old@example.com',
        note: 'kept',
      },
    ]),
  );
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/customer-booking/BK111111');
  await expect(page.getByText('12/01/2026')).toBeVisible();
  await page.getByLabel('Email').fill('new@example.com');
  await page.getByRole('button', { name: 'Save Email' }).click();
  await expect(page.getByText('Email saved successfully!')).toBeVisible();
  const [stored] = JSON.parse((await raw(page, 'hotelBookings'))!) as Array<Record<string, unknown>>;
  expect(stored).toMatchObject({ bookingId: 'BK111111', email: 'new@example.com', note: 'kept', checkIn: '2026-12-01', totalPrice: 12000 });
});

test.describe('when the browser refuses this site any storage', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
  });

  test('every route still renders', async ({ page }) => {
    await expectEveryRouteOpens(page, false);
  });

  test('each screen that says bookings cannot be saved says it in the first frame that shows the screen', async ({ page }) => {
    await page.addInitScript(() => {
      // After the first frame painted with the screen's heading: is the notice on screen?
      const observer = new MutationObserver(() => {
        if (!document.querySelector('#root h1')) return;
        observer.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => {
            const notice = [...document.querySelectorAll('#root .notice--error')].find((p) =>
              /bookings cannot be saved/.test(p.textContent ?? ''),
            );
            (window as unknown as { noticeAtFirstPaint: boolean }).noticeAtFirstPaint = notice?.checkVisibility() === true;
          }),
        );
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/booking', '/booking-details', '/admin-bookings', '/view-bookings']) {
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { noticeAtFirstPaint?: boolean }).noticeAtFirstPaint !== undefined);
      expect(await page.evaluate(() => (window as unknown as { noticeAtFirstPaint: boolean }).noticeAtFirstPaint), path).toBe(true);
      // Once React owns the page it says the same, once.
      await expect(page.getByText('bookings cannot be saved in this browser')).toHaveCount(1);
    }
  });

  test('the booking and confirmation screens say bookings cannot be saved, and confirming changes nothing', async ({ page }) => {
    await page.goto('/booking');
    await expect(page.getByRole('alert').filter({ hasText: 'Bookings cannot be saved in this browser.' })).toBeVisible();
    await page.goto('/booking-details');
    await expect(page.getByRole('alert').filter({ hasText: 'Bookings cannot be saved in this browser.' })).toBeVisible();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    // The outcome the guest sees: the reason, again, next to the button (besides the notice above).
    await expect(page.getByRole('alert').filter({ hasText: 'Bookings cannot be saved in this browser.' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
    await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});

test('a full storage on confirm: the guest is told why, nothing is stored, and a retry after freeing space works', async ({ page }) => {
  await seedBookings(page, [good]);
  await page.goto('/booking-details');
  const before = await raw(page, 'hotelBookings');
  // Fill the rest of this origin's local storage.
  await page.evaluate(() => {
    let size = 1 << 20;
    let i = 0;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler-${i++}`, 'x'.repeat(size));
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByLabel('Email').fill('guest@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('alert')).toContainText('full');
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeVisible();
  expect(alerts).toEqual([]);
  expect(await raw(page, 'hotelBookings')).toBe(before);

  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('filler-'))
      .forEach((k) => localStorage.removeItem(k)),
  );
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  expect(alerts).toEqual(['Your room booking was confirmed!']);
  const stored = JSON.parse((await raw(page, 'hotelBookings'))!) as Array<{ bookingId: string }>;
  expect(stored).toHaveLength(2);
});
