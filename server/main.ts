import { buildApp } from './app';
import { hotelTimeZone } from './bookingRules';
import { startChannelSync } from './channels/channelSync';
import type { ChannelSync } from './channels/channelSync';
import { purgeChannelLog } from './db/channelQueries';
import { adminCount, purgeIdleSessions, setAdminPassword } from './auth/adminQueries';
import { newPassword } from './auth/passwords';
import { localLinkWarning, readConfig } from './config';
import { purgeDeleted } from './db/bookingQueries';
import { eraseExpiredFormC } from './db/formCQueries';
import { openDatabase } from './db/database';
import { numberLeftoverInvoices } from './db/invoiceNumbers';
import { refreshNightPrices } from './db/priceQueries';
import { foldReportFacts, setReportTimeZone } from './db/reportQueries';
import { saveMailSettings } from './mail/outbox';
import { startSender } from './mail/sender';
import type { OutboxSender } from './mail/sender';
import { purgeRateLimits } from './requestLimits';
import { saveGatewayReady } from './payments/paymentQueries';
import { createPayments } from './payments/payments';
import { startReconciler } from './payments/reconciler';
import { createStayGate } from './stayGate';

/** `npm start`: open (or start) the database, make the first admin, listen, and stop in order. */
async function main() {
  const config = readConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { mail } = config;
  await saveMailSettings(db.pool, { hotelEmail: mail.hotelEmail, deliver: mail.smtpUrl !== null });
  await setReportTimeZone(db.pool, hotelTimeZone());
  // Whether guests pay online is decided by Razorpay's keys (README, "Payments"); the last start wins, as for mail.
  await saveGatewayReady(db.pool, config.payments !== null);
  let sender: OutboxSender | null = null;
  // One gate for the routes and for a payment that comes after its hold ended.
  const gate = createStayGate({ limits: config.limits });
  const payments = createPayments({
    pool: db.pool,
    gate,
    config: config.payments,
    publicUrl: mail.publicUrl,
    onMail: () => sender?.wake(),
    log: (level, message, detail) => console[level === 'info' ? 'log' : level](JSON.stringify({ level, msg: message, ...detail })),
  });
  // An app that cannot be built (no dist/, say) must not leave the embedded database running.
  const app = await buildApp({
    db,
    distDir: config.distDir,
    trustProxy: config.trustProxy,
    siteHosts: config.siteHosts,
    limits: config.limits,
    gate,
    logger: { level: config.logLevel },
    channels: config.channels,
    mail: {
      publicUrl: mail.publicUrl,
      cancelFreeDays: mail.cancelFreeDays,
      smtpConfigured: mail.smtpUrl !== null,
      onQueued: () => sender?.wake(),
    },
    payments,
  }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  // Delivers the outbox apart from every request; without SMTP_URL it sends nothing.
  sender = startSender({
    pool: db.pool,
    smtpUrl: mail.smtpUrl,
    from: mail.mailFrom,
    mail,
    retryBaseMs: mail.retrySeconds * 1000,
    log: (level, message, detail) => app.log[level](detail ?? {}, message),
  });
  const outbox = sender;
  // Reads the channels' calendars on the schedule (every instance takes its turn at the due feeds).
  const channelSync: ChannelSync = startChannelSync({
    pool: db.pool,
    settings: config.channels,
    horizonDays: config.limits.horizonDays,
    onQueued: () => outbox.wake(),
    log: (level, message, detail) => app.log[level](detail ?? {}, message),
  });
  // Asks Razorpay about open holds and refunds, handles webhooks not handled yet, ends holds that ran out.
  const reconciler = config.payments
    ? startReconciler(payments, config.payments.reconcileSeconds * 1000, (level, message, detail) => app.log[level](detail, message))
    : null;

  if ((await adminCount(db.pool)) === 0) {
    const password = config.adminPassword ?? newPassword();
    await setAdminPassword(db.pool, config.adminUsername, password);
    const shown = config.adminPassword ? 'the password in ADMIN_PASSWORD' : `password ${password}`;
    // Printed once, on the first start only: the database keeps only its hash.
    console.log(
      `\nAdmin account created: sign in at /admin-bookings as "${config.adminUsername}" with ${shown}\n(printed only now; set a new one any time with: npm run admin:password)\n`,
    );
  }

  const housekeeping = setInterval(() => {
    purgeDeleted(db.pool).catch(() => undefined);
    purgeIdleSessions(db.pool).catch(() => undefined);
    purgeRateLimits(db.pool).catch(() => undefined);
    numberLeftoverInvoices(db.pool).catch(() => undefined);
    refreshNightPrices(db.pool, gate.today()).catch(() => undefined);
    foldReportFacts(db.pool).catch(() => undefined);
    purgeChannelLog(db.pool).catch(() => undefined);
    // Form C's passport and visa particulars, a retention period after check-out (issue 40).
    eraseExpiredFormC(db.pool, gate.today()).catch(() => undefined);
  }, 3_600_000);
  housekeeping.unref();
  await purgeDeleted(db.pool);
  await eraseExpiredFormC(db.pool, gate.today());
  // A kill between a confirm's commit and its invoice number leaves the booking to number here.
  await numberLeftoverInvoices(db.pool);

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new requests, finishing those in flight');
    clearInterval(housekeeping);
    try {
      await app.close();
      // The calendar and the message in flight are finished (or left for the next start), then the database closes.
      await channelSync.stop();
      // The pass in flight is finished (a refund asked is recorded), then the message in flight, then the database closes.
      await reconciler?.stop();
      await outbox.stop();
      await db.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await channelSync.stop();
    await reconciler?.stop();
    await outbox.stop();
    await db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use. Stop what uses it, or choose another port: PORT=8081 npm start`);
      process.exit(1);
    }
    throw error;
  }
  console.log(
    `Hotel site (hotel mode, ${db.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL from DATABASE_URL'}) at http://localhost:${config.port}`,
  );
  // The Outbox screen says the same (routes/adminOutbox.ts).
  const linkWarning = localLinkWarning(mail.publicUrl);
  if (linkWarning) {
    app.log.warn({ publicUrl: mail.publicUrl }, 'emailed links point at this machine');
    console.warn(`Warning: ${linkWarning}`);
  }
}

main().catch((error: Error) => {
  console.error(`The server could not start: ${error.message}`);
  process.exit(1);
});
