import { createHmac } from 'node:crypto';
import type { PaymentsConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { saveGatewayReady } from '../../../server/payments/paymentQueries';
import { createPayments } from '../../../server/payments/payments';
import type { PaymentsService } from '../../../server/payments/payments';
import { startRazorpayStandIn } from '../../../scripts/razorpayStandIn';
import type { RazorpayStandIn } from '../../../scripts/razorpayStandIn';
import { startTestServer } from './testServer';
import type { TestServer } from './testServer';
import type { AppOptions } from '../../../server/app';

/** The secrets the hotel and the stand-in share in the tests. */
export const razorpaySecrets = { keyId: 'rzp_test_hotel', keySecret: 'key-secret-for-tests', webhookSecret: 'webhook-secret-for-tests' };

/** The hotel's Razorpay settings in the tests: the shared secrets, and Razorpay at `apiUrl`. */
export const paymentsConfig = (apiUrl: string, timeoutMs = 2_000): PaymentsConfig => ({
  ...razorpaySecrets,
  apiUrl,
  timeoutMs,
  reconcileSeconds: 1,
});

export interface PaymentsStand {
  standIn: RazorpayStandIn;
  payments: PaymentsService;
  server: TestServer;
  config: PaymentsConfig;
  close(): Promise<void>;
}

/**
 * A hotel server taking payments, with a Razorpay stand-in (scripts/razorpayStandIn.ts) on
 * loopback as its Razorpay: the hotel's own client talks to it over HTTP, and it sends its webhooks
 * to the hotel, signed. The reconciler is not on a timer here: tests call payments.reconcile().
 */
export async function startPaymentsStand(db: Database, options: Partial<AppOptions> & { timeoutMs?: number } = {}): Promise<PaymentsStand> {
  const standIn = await startRazorpayStandIn({ ...razorpaySecrets, webhookRetryMs: [200, 400, 800] });
  const config = paymentsConfig(standIn.url, options.timeoutMs);
  await saveGatewayReady(db.pool, true);
  let url = '';
  const payments = createPayments({ pool: db.pool, config, publicUrl: () => url });
  const server = await startTestServer(db, { ...options, payments });
  url = server.url;
  standIn.webhookUrl = `${server.url}/api/payments/razorpay/webhook`;
  return {
    standIn,
    payments,
    server,
    config,
    async close() {
      await standIn.close();
      await payments.settled();
      await server.close();
    },
  };
}

/** A webhook as Razorpay sends it: the body, its signature with `secret`, and an event ID. */
export function signedWebhook(
  body: unknown,
  secret = razorpaySecrets.webhookSecret,
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    text,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(text).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  };
}

export async function postWebhook(base: string, webhook: { text: string; headers: Record<string, string> }) {
  const response = await fetch(`${base}/api/payments/razorpay/webhook`, { method: 'POST', headers: webhook.headers, body: webhook.text });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
