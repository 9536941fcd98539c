import { expect, test } from '@playwright/test';

test('home page shows hero and 8 gallery images', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: 'screenshots/home-1280.png', fullPage: true });
});
