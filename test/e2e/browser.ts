import { existsSync } from 'node:fs';

/**
 * The system Chromium (Debian: apt-get install chromium) or the browser CHROME_PATH names.
 * A missing browser fails loudly: the browser tests are never skipped.
 */
export function chromiumExecutable(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    (path): path is string => Boolean(path),
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `No Chromium or Chrome found (looked at ${candidates.join(', ')}). Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to your browser.`,
    );
  }
  return found;
}
