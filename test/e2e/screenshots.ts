import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Screenshots for a person to look at: `npm run screenshots` (SCREENSHOTS=1) writes them to
 * screenshots/. No test compares them with anything, so other runs (npm test) skip them.
 */
export async function screenshot(page: Page, name: string, options: Omit<PageScreenshotOptions, 'path'> = {}): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ ...options, path: `screenshots/${name}.png` });
}
