import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './test/e2e/browser';
import { e2eAdminPassword } from './test/e2e/hotelMode';
import { mailSinkPorts } from './test/e2e/mailSinkPorts';
import { paymentsPorts, standInSecrets } from './test/e2e/paymentsStand';

const port = Number(process.env.E2E_PORT ?? 4173);
const hotelPort = Number(process.env.E2E_HOTEL_PORT ?? port + 1);
const distDir = process.env.DIST_DIR ?? 'dist';
/** The hotel-mode server's embedded database for the browser tests: made afresh each run, one per port so parallel runs keep apart. */
const hotelDataDir = `.cache/e2e-hotel-db-${hotelPort}`;
/** The mail sink the hotel-mode server sends to (test/e2e/mailSink.ts): SMTP and, one port up, HTTP for the specs. */
const mailSink = mailSinkPorts();
/**
 * Payments (issue 37, payments-*.spec.ts): a second hotel-mode server with Razorpay's settings,
 * pointed at a Razorpay stand-in (scripts/razorpay-stand-in.ts) of its own. The first hotel server
 * has no keys and books as it always did (pay at the hotel).
 */
const { standInPort, paymentsPort } = paymentsPorts();
const paymentsDataDir = `.cache/e2e-payments-db-${paymentsPort}`;

/**
 * Browser tests run against the production build (`npm run build`): browser-only as a static
 * site with history fallback, and hotel mode (test/e2e/hotel-*.spec.ts) through the project's
 * own server on an embedded database.
 */
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'browser-only', testIgnore: [/hotel-.*\.spec\.ts/, /payments-.*\.spec\.ts/], use: { baseURL: `http://localhost:${port}` } },
    { name: 'hotel mode', testMatch: /hotel-.*\.spec\.ts/, use: { baseURL: `http://localhost:${hotelPort}` } },
    { name: 'hotel payments', testMatch: /payments-.*\.spec\.ts/, use: { baseURL: `http://localhost:${paymentsPort}` } },
  ],
  webServer: [
    {
      command: `npx serve ${distDir} --listen ${port} --no-request-logging`,
      url: `http://localhost:${port}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'npx tsx test/e2e/mailSink.ts',
      url: `http://127.0.0.1:${mailSink.http}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf ${hotelDataDir} && npx tsx server/main.ts`,
      env: {
        PORT: String(hotelPort),
        HOTEL_DATA_DIR: hotelDataDir,
        DIST_DIR: distDir,
        ADMIN_PASSWORD: e2eAdminPassword,
        LOG_LEVEL: 'warn',
        // Every email goes to the mail sink above (test/e2e/hotel-emails.spec.ts reads it); a failed try is retried after a second.
        SMTP_URL: `smtp://127.0.0.1:${mailSink.smtp}`,
        MAIL_RETRY_SECONDS: '1',
        // Every spec books from 127.0.0.1, many with one email (test/server covers the limits).
        BOOKINGS_PER_ADDRESS_PER_HOUR: '100000',
        BOOKINGS_PER_ADDRESS_PER_DAY: '100000',
        BOOKINGS_PER_EMAIL_PER_DAY: '100000',
        // Every spec reads bookings from 127.0.0.1 too, and with payments a booking's screens read its
        // payment as lookups: the whole run from one address passed 30 a minute (test/server covers the limit).
        LOOKUPS_PER_MINUTE: '100000',
        // The channel calendars the specs serve come from this machine (test/e2e/hotel-channels.spec.ts).
        CHANNEL_FEEDS_ALLOW_PRIVATE: '127.0.0.1',
      },
      url: `http://localhost:${hotelPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // The server stops its embedded database on SIGTERM; a SIGKILL would leave it running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: 'npx tsx scripts/razorpay-stand-in.ts',
      env: {
        ...standInSecrets,
        STAND_IN_PORT: String(standInPort),
        STAND_IN_WEBHOOK_URL: `http://localhost:${paymentsPort}/api/payments/razorpay/webhook`,
      },
      url: `http://127.0.0.1:${standInPort}/__stand-in/state`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf ${paymentsDataDir} && npx tsx server/main.ts`,
      env: {
        PORT: String(paymentsPort),
        HOTEL_DATA_DIR: paymentsDataDir,
        DIST_DIR: distDir,
        ADMIN_PASSWORD: e2eAdminPassword,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${mailSink.smtp}`,
        MAIL_RETRY_SECONDS: '1',
        ...standInSecrets,
        RAZORPAY_API_URL: `http://127.0.0.1:${standInPort}`,
        PAYMENTS_RECONCILE_SECONDS: '1',
        BOOKINGS_PER_ADDRESS_PER_HOUR: '100000',
        BOOKINGS_PER_ADDRESS_PER_DAY: '100000',
        BOOKINGS_PER_EMAIL_PER_DAY: '100000',
      },
      url: `http://localhost:${paymentsPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
