import { expect, test } from '@playwright/test';
import { datesTests } from './bookingDates';

datesTests('browser-only');

test('browser-only: with no dates and no room chosen, Book still leads to the confirmation, with the spec’s fallbacks', async ({
  page,
}) => {
  await page.goto('/booking');
  await page.getByRole('region', { name: 'Classic Room' }).getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/booking-details$/);
  await expect(page.getByText('Not Selected')).toHaveCount(2);
});
