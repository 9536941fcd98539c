import type { Page } from '@playwright/test';

export function booking(overrides: Record<string, unknown> = {}) {
  return {
    bookingId: 'BK123456',
    roomName: 'Classic Room',
    checkIn: '2026-12-01',
    checkOut: '2026-12-03',
    totalPrice: 6000,
    email: 'guest@example.com',
    rooms: 1,
    ...overrides,
  };
}

/** Puts records (or raw text) under hotelBookings before the first page script runs; reloads keep what the app wrote since. */
export async function seedBookings(page: Page, value: unknown[] | string): Promise<void> {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  await page.addInitScript((seed) => {
    if (sessionStorage.getItem('e2e-seeded') !== null) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('hotelBookings', seed);
  }, text);
}

export async function storedBookings(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('hotelBookings') ?? 'null') as unknown);
}
