import { expect, test } from '@playwright/test';
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

test('with JavaScript, the app hydrates the prerendered page without errors or warnings', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Remember the heading the parser built from the server's HTML, before any script runs.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      (window as unknown as { serverHeading: Element }).serverHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  // Until the guest interacts, the page is the server's HTML alone: React is not even loaded.
  const reactOwned = () => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));
  await page.waitForTimeout(500);
  expect(await reactOwned()).toBe(false);
  await page.keyboard.press('Tab');
  // React marks the nodes it owns; hydration adopts the server's node instead of replacing it.
  await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));
  const adopted = await page.evaluate(() => document.querySelector('h1') === (window as unknown as { serverHeading?: Element }).serverHeading);
  expect(adopted).toBe(true);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();

  // The hydrated page is live: its Book Now link navigates inside the app.
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(site.name);
  expect(problems).toEqual([]);
});
