import { isIP } from 'node:net';
import path from 'node:path';
import { defaultChannelSettings } from './channels/channelSettings';
import type { ChannelSettings } from './channels/channelSettings';
import { validAllowEntry } from './channels/fetchFeed';
import { defaultLimits } from './requestLimits';
import type { RequestLimits } from './requestLimits';

/** Everything the server reads from its environment, in one place (README: "Hotel mode"). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  distDir: string;
  adminUsername: string;
  adminPassword?: string;
  /** TRUST_PROXY: the proxies' addresses or networks, or how many proxies stand in front; false without one. */
  trustProxy: false | number | string[];
  logLevel: string;
  limits: RequestLimits;
  mail: MailConfig;
  channels: ChannelSettings;
  /** Razorpay (README, "Payments"); null without keys: every guest pays at the hotel, as before. */
  payments: PaymentsConfig | null;
  /** SITE_HOSTS and PUBLIC_URL: the host names the hotel's pages are served under (the same-origin check's allow-list). */
  siteHosts: string[];
}

/** Razorpay's keys and where its API is (README, "Payments"). */
export interface PaymentsConfig {
  /** RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: the API's basic auth; the secret also signs a guest's return. */
  keyId: string;
  keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: signs the webhooks (set in Razorpay's Dashboard with the webhook URL). */
  webhookSecret: string;
  /** RAZORPAY_API_URL (default https://api.razorpay.com): tests and a local stand-in point it elsewhere. */
  apiUrl: string;
  /** RAZORPAY_TIMEOUT_MS: the longest a call to Razorpay may take (default 8000). */
  timeoutMs: number;
  /** PAYMENTS_RECONCILE_SECONDS: how often each server asks Razorpay about open holds and refunds (default 30). */
  reconcileSeconds: number;
}

export function readPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig | null {
  const names = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
  const values = names.map((name) => env[name]?.trim() ?? '');
  if (values.every((value) => value === '')) return null;
  const missing = names.filter((_, i) => values[i] === '');
  if (missing.length)
    throw new Error(
      `Razorpay needs all three of ${names.join(', ')}; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
    );
  const apiUrl = (env.RAZORPAY_API_URL?.trim() || 'https://api.razorpay.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl))
    throw new Error(`RAZORPAY_API_URL must be an address such as https://api.razorpay.com, not "${apiUrl}".`);
  return {
    keyId: values[0]!,
    keySecret: values[1]!,
    webhookSecret: values[2]!,
    apiUrl,
    timeoutMs: positiveInteger(env, 'RAZORPAY_TIMEOUT_MS', 8_000),
    reconcileSeconds: positiveInteger(env, 'PAYMENTS_RECONCILE_SECONDS', 30),
  };
}

/** Emails (README, "Emails"). */
export interface MailConfig {
  /** SMTP_URL (smtp://user:pass@host:587 or smtps://…); null: nothing leaves the machine, messages wait in the outbox. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender every message names. */
  mailFrom: string;
  /** HOTEL_EMAIL: the hotel's copies of new bookings, changes and cancels; none without it. */
  hotelEmail: string | null;
  /** PUBLIC_URL: the site's address as guests reach it, for the manage link (default http://localhost:PORT). */
  publicUrl: string;
  /** CANCEL_FREE_DAYS: a guest cancels free of charge until this many days before check-in (default 2). */
  cancelFreeDays: number;
  /** MAIL_RETRY_SECONDS: the delay before a failed message's first retry; it doubles on each later one, up to an hour (default 30). */
  retrySeconds: number;
}

export function readMailConfig(env: NodeJS.ProcessEnv, port: number): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl))
    throw new Error('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465.');
  const publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
  if (!/^https?:\/\/[^\s/]+/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be the site's address, such as https://stay.example.in, not "${publicUrl}".`);
  const days = env.CANCEL_FREE_DAYS?.trim() || '2';
  if (!/^\d{1,3}$/.test(days)) throw new Error(`CANCEL_FREE_DAYS must be a whole number of days (0 or more), not "${days}".`);
  const email = (name: string) => {
    const value = env[name]?.trim() || null;
    if (value && !/^[^\s@<>]+@[^\s@<>]+$/.test(value) && !/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value))
      throw new Error(`${name} must be an email address, not "${value}".`);
    return value;
  };
  return {
    smtpUrl,
    mailFrom: email('MAIL_FROM') ?? 'Hotel bookings <bookings@localhost>',
    hotelEmail: email('HOTEL_EMAIL'),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    cancelFreeDays: Number(days),
    retrySeconds: positiveInteger(env, 'MAIL_RETRY_SECONDS', 30),
  };
}

const root = path.resolve(__dirname, '..');

/** Names that reach only the machine they are typed on. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name) || name === '[::1]' || name === '0.0.0.0';
}

/**
 * The host names the hotel's own pages are served under, for the same-origin check
 * (plugins/sameOrigin.ts): a change whose Origin names any other host is refused, even when its
 * Host header names that host too (a rebound DNS name pointing at this server). PUBLIC_URL's host
 * name, the names in SITE_HOSTS (comma separated: www. and the bare domain, say), and while
 * PUBLIC_URL is this machine (the default, http://localhost:PORT) the loopback names.
 */
export function siteHostNames(publicUrl: string, listed = ''): string[] {
  const own = new URL(publicUrl).hostname.toLowerCase();
  const extra = listed
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  for (const name of extra)
    if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(name) && !/^\[[0-9a-f:.]+\]$/.test(name))
      throw new Error(`SITE_HOSTS: "${name}" is not a host name (such as www.stay.example.in; no scheme, port or path).`);
  const names = new Set([own, ...extra]);
  if (isLoopbackName(own)) for (const name of ['localhost', '127.0.0.1', '[::1]']) names.add(name);
  return [...names];
}

/**
 * The warning for the Outbox screen and the start-up log when the emails' links (the manage link,
 * the calendar event's UID) point at this machine: PUBLIC_URL unset, or a localhost address. A
 * guest opening the link on their phone reaches nothing. Null when the links are fine.
 */
export function localLinkWarning(publicUrl: string): string | null {
  if (!isLoopbackName(new URL(publicUrl).hostname)) return null;
  return `The links in the hotel's emails point at ${publicUrl}, which only this machine opens: a guest's phone or computer cannot. Set PUBLIC_URL to the site's address as guests reach it (such as https://stay.example.in) and restart.`;
}

const trustProxyHelp =
  "Set TRUST_PROXY to the proxy's address (TRUST_PROXY=127.0.0.1), several separated by commas, a network (TRUST_PROXY=10.0.0.0/8), or the number of proxies in front of the server (TRUST_PROXY=1).";

/**
 * TRUST_PROXY: which X-Forwarded-For entries to believe. Never "everything": with `true` the
 * left-most entry wins, and a client writes that one itself (it could pick its own address for
 * every rate limit and the audit log).
 */
export function readTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^(true|\*|all)$/i.test(text))
    throw new Error(
      `TRUST_PROXY=${text} would let any client choose its own address (rate limits, sign-in throttling, audit log). ${trustProxyHelp}`,
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY=${text}: more proxies than any setup has. ${trustProxyHelp}`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (/^(loopback|linklocal|uniquelocal)$/.test(entry)) continue;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? null : /^\d+$/.test(bits) ? Number(bits) : NaN;
    const ok = family !== 0 && rest.length === 0 && (prefix === null || (prefix >= 8 && prefix <= (family === 4 ? 32 : 128)));
    if (!ok) throw new Error(`TRUST_PROXY: "${entry}" is not an address or a network of at least /8. ${trustProxyHelp}`);
  }
  return entries;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not "${text}".`);
  return value;
}

export function readLimits(env: NodeJS.ProcessEnv = process.env): RequestLimits {
  return {
    bookingsPerAddressPerHour: positiveInteger(env, 'BOOKINGS_PER_ADDRESS_PER_HOUR', defaultLimits.bookingsPerAddressPerHour),
    bookingsPerAddressPerDay: positiveInteger(env, 'BOOKINGS_PER_ADDRESS_PER_DAY', defaultLimits.bookingsPerAddressPerDay),
    bookingsPerEmailPerDay: positiveInteger(env, 'BOOKINGS_PER_EMAIL_PER_DAY', defaultLimits.bookingsPerEmailPerDay),
    lookupsPerMinute: positiveInteger(env, 'LOOKUPS_PER_MINUTE', defaultLimits.lookupsPerMinute),
    horizonDays: positiveInteger(env, 'BOOKING_HORIZON_DAYS', defaultLimits.horizonDays),
    maxRoomNights: positiveInteger(env, 'MAX_ROOM_NIGHTS', defaultLimits.maxRoomNights),
  };
}

/**
 * Channel calendars (README, "Channels"): CHANNEL_SYNC_MINUTES, CHANNEL_FEEDS_ALLOW_PRIVATE (1:
 * feeds anywhere, or a comma-separated list of the private addresses and networks allowed), and
 * CHANNEL_PARSE_SECONDS (how long working out one calendar's events may take).
 */
export function readChannelSettings(env: NodeJS.ProcessEnv = process.env): ChannelSettings {
  const text = (env.CHANNEL_FEEDS_ALLOW_PRIVATE ?? '').trim();
  let allowPrivate: boolean | string[];
  if (['', '0', 'false', 'no'].includes(text.toLowerCase())) allowPrivate = false;
  else if (['1', 'true', 'yes'].includes(text.toLowerCase())) allowPrivate = true;
  else {
    allowPrivate = text.split(',').map((entry) => entry.trim());
    const wrong = allowPrivate.find((entry) => !validAllowEntry(entry));
    if (wrong !== undefined)
      throw new Error(
        `CHANNEL_FEEDS_ALLOW_PRIVATE must be 1 (feeds on any address), 0, or addresses and networks such as 192.168.1.20,10.0.0.0/8, not "${wrong}".`,
      );
  }
  return {
    syncMinutes: positiveInteger(env, 'CHANNEL_SYNC_MINUTES', defaultChannelSettings.syncMinutes),
    fetch: { ...defaultChannelSettings.fetch, allowPrivate },
    parseTimeoutMs: positiveInteger(env, 'CHANNEL_PARSE_SECONDS', defaultChannelSettings.parseTimeoutMs / 1000) * 1000,
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (0-65535), not "${env.PORT}".`);
  const mail = readMailConfig(env, port);
  return {
    port,
    host: env.HOST ?? 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.HOTEL_DATA_DIR ?? path.join(root, 'data', 'postgres')),
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    limits: readLimits(env),
    mail,
    siteHosts: siteHostNames(mail.publicUrl, env.SITE_HOSTS),
    channels: readChannelSettings(env),
    payments: readPaymentsConfig(env),
  };
}
