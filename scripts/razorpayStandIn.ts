import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A Razorpay of our own, on loopback: the part of Razorpay's documented API the hotel uses
 * (https://razorpay.com/docs/api/), answered as Razorpay answers it, so that the hotel's own
 * client (server/payments/razorpay.ts) is tested as it runs, never mocked:
 *
 * - Payment Links: POST /v1/payment_links, GET /v1/payment_links/:id, GET /v1/payment_links?reference_id=,
 *   POST /v1/payment_links/:id/cancel (basic auth with the key ID and secret; reference_id unique;
 *   expire_by at least 15 minutes ahead);
 * - the hosted page a link opens (GET /pay/:id): "Pay with UPI" as success@razorpay or
 *   failure@razorpay, Razorpay's test UPI IDs; a payment sends the guest to callback_url with the
 *   signed fields (HMAC-SHA256 of link_id|reference_id|status|payment_id with the key secret);
 * - refunds: POST /v1/payments/:id/refund (deduped by X-Refund-Idempotency), GET
 *   /v1/payments/:id/refunds, GET /v1/refunds/:id;
 * - webhooks POSTed to the hotel as Razorpay sends them (X-Razorpay-Signature: HMAC-SHA256 of the
 *   raw body with the webhook secret; X-Razorpay-Event-Id), retried until answered 2xx:
 *   payment.captured, payment_link.paid, payment.failed, refund.processed, refund.failed.
 *
 * Switches for the tests (and a person: POST /__stand-in/switches): down (port closed), slow
 * (every API answer late), webhooks lost, sent more than once, or held and sent later in any order,
 * refunds processed at once or later, and a hook between making a link and answering (a test kills
 * the hotel's server there).
 *
 * Run alone for `npm start` (README, "Payments"): npx tsx scripts/razorpay-stand-in.ts
 */

export interface StandInOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (the hotel's POST /api/payments/razorpay/webhook); none: no webhooks. */
  webhookUrl?: string;
  port?: number;
  /** Waits before each retry of a webhook the hotel did not answer 2xx (Razorpay retries for 24 hours). */
  webhookRetryMs?: number[];
}

export interface Switches {
  /** Every API answer waits this long (a slow Razorpay). */
  delayMs: number;
  /** Webhooks are not sent at all (lost). */
  loseWebhooks: boolean;
  /** Each webhook is sent this many times (at least once delivery). */
  webhookCopies: number;
  /** Webhooks wait in `heldWebhooks` until releaseWebhooks() (to send them late, or in another order). */
  holdWebhooks: boolean;
  /** A refund is processed this long after it is made (0: at once, in the answer); null: never (stays pending). */
  refundAfterMs: number | null;
  /** The next refunds fail (refund.failed) instead. */
  failRefunds: boolean;
  /** Answer the next N API calls with 500. */
  failNextCalls: number;
  /** Cancelling a link is answered 500 (cancels lost while Razorpay is troubled). */
  failCancels: boolean;
}

interface LinkPayment {
  amount: number;
  created_at: number;
  method: string;
  payment_id: string;
  plink_id: string;
  status: string;
  updated_at: number;
}

export interface Link {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  cancelled_at: number;
  callback_method: string;
  callback_url: string;
  created_at: number;
  currency: string;
  customer: Record<string, unknown>;
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  notes: Record<string, string> | [];
  notify: Record<string, boolean>;
  order_id: string;
  payments: LinkPayment[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: unknown[];
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

export interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string;
  vpa: string;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: Record<string, unknown>;
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: string;
  speed_requested: string;
}

export interface Webhook {
  eventId: string;
  event: string;
  body: string;
  /** Answers the hotel gave to each try (0: no answer). */
  answers: number[];
}

export interface RazorpayStandIn {
  url: string;
  port: number;
  switches: Switches;
  links: Map<string, Link>;
  payments: Map<string, Payment>;
  refunds: Map<string, Refund>;
  /** Every API call, in order: method, path, and the idempotency key of a refund. */
  calls: Array<{ method: string; path: string; idempotencyKey?: string }>;
  webhooks: Webhook[];
  /** Webhooks held back while switches.holdWebhooks is on. */
  heldWebhooks: Webhook[];
  /** Called after a link is made and before it is answered: a test may kill the hotel's server here. */
  onLinkCreated: ((link: Link) => Promise<void> | void) | null;
  /** Where webhooks go now. */
  webhookUrl: string | undefined;
  /** The guest pays a link on the hosted page with this UPI ID; answers where Razorpay sends the guest back (success) or null (failure). */
  pay(linkId: string, vpa?: string): Promise<{ payment: Payment; callbackUrl: string | null }>;
  /** Sends the held webhooks, in the order given (default as held), then stops holding. */
  releaseWebhooks(order?: (held: Webhook[]) => Webhook[]): Promise<void>;
  /** Waits until every webhook sent so far has been answered (or given up). */
  webhooksDelivered(): Promise<void>;
  /** Closes the port (connections refused) and opens it again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function razorpayId(prefix: string): string {
  const bytes = randomBytes(14);
  return `${prefix}_${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function startRazorpayStandIn(options: StandInOptions): Promise<RazorpayStandIn> {
  const retries = options.webhookRetryMs ?? [500, 1000, 2000, 4000];
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const deliveries = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const idempotentRefunds = new Map<string, string>();

  const standIn: RazorpayStandIn = {
    url: '',
    port: options.port ?? 0,
    switches: {
      delayMs: 0,
      loseWebhooks: false,
      webhookCopies: 1,
      holdWebhooks: false,
      refundAfterMs: 0,
      failRefunds: false,
      failNextCalls: 0,
      failCancels: false,
    },
    links: new Map(),
    payments: new Map(),
    refunds: new Map(),
    calls: [],
    webhooks: [],
    heldWebhooks: [],
    onLinkCreated: null,
    webhookUrl: options.webhookUrl,
    pay,
    releaseWebhooks,
    async webhooksDelivered() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    down,
    up,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await standIn.webhooksDelivered();
      await down();
    },
  };

  // ---- webhooks ----

  function deliver(webhook: Webhook): void {
    const url = standIn.webhookUrl;
    if (!url) return;
    const attempt = async (tryNumber: number): Promise<void> => {
      let status: number;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': hmac(options.webhookSecret, webhook.body),
            'x-razorpay-event-id': webhook.eventId,
            'user-agent': 'Razorpay-Webhook/v1',
          },
          body: webhook.body,
          // Razorpay waits 5 seconds for an answer.
          signal: AbortSignal.timeout(5_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      webhook.answers.push(status);
      if ((status < 200 || status >= 300) && tryNumber < retries.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, retries[tryNumber]);
          timers.add(timer);
        });
        await attempt(tryNumber + 1);
      }
    };
    const running = attempt(0).finally(() => deliveries.delete(running));
    deliveries.add(running);
  }

  function sendWebhook(event: string, contains: string[], payload: Record<string, unknown>): void {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_StandIn0000001', event, contains, payload, created_at: now() });
    const webhook: Webhook = { eventId: razorpayId('evt').slice(4), event, body, answers: [] };
    standIn.webhooks.push(webhook);
    if (standIn.switches.loseWebhooks) return;
    for (let copy = 0; copy < Math.max(1, standIn.switches.webhookCopies); copy++) {
      if (standIn.switches.holdWebhooks) standIn.heldWebhooks.push(webhook);
      else deliver(webhook);
    }
  }

  async function releaseWebhooks(order: (held: Webhook[]) => Webhook[] = (held) => held): Promise<void> {
    standIn.switches.holdWebhooks = false;
    const held = order(standIn.heldWebhooks.splice(0));
    // One after another, each answered before the next goes: "in this order" means this order.
    for (const webhook of held) {
      deliver(webhook);
      await standIn.webhooksDelivered();
    }
  }

  // ---- payments ----

  async function pay(linkId: string, vpa = 'success@razorpay') {
    const link = standIn.links.get(linkId);
    if (!link) throw new Error(`no link ${linkId}`);
    if (link.status !== 'created') throw new Error(`link ${linkId} is ${link.status}`);
    const success = vpa === 'success@razorpay';
    const payment: Payment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: link.amount,
      currency: 'INR',
      status: success ? 'captured' : 'failed',
      order_id: link.order_id,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: success,
      description: link.description,
      vpa,
      email: String(link.customer.email ?? ''),
      contact: String(link.customer.contact ?? ''),
      // A link's notes are its payment's notes.
      notes: link.notes,
      error_code: success ? null : 'BAD_REQUEST_ERROR',
      error_description: success ? null : 'Payment failed because the UPI ID was declined.',
      created_at: now(),
    };
    standIn.payments.set(payment.id, payment);
    if (!success) {
      sendWebhook('payment.failed', ['payment'], { payment: { entity: payment } });
      return { payment, callbackUrl: null };
    }
    link.status = 'paid';
    link.amount_paid = link.amount;
    link.updated_at = now();
    link.payments = [
      ...(link.payments ?? []),
      {
        amount: payment.amount,
        created_at: payment.created_at,
        method: 'upi',
        payment_id: payment.id,
        plink_id: link.id,
        status: 'captured',
        updated_at: now(),
      },
    ];
    const order = {
      id: link.order_id,
      entity: 'order',
      amount: link.amount,
      amount_paid: link.amount,
      amount_due: 0,
      currency: 'INR',
      receipt: null,
      status: 'paid',
      notes: link.notes,
      created_at: link.created_at,
    };
    sendWebhook('payment.captured', ['payment'], { payment: { entity: payment } });
    sendWebhook('payment_link.paid', ['payment_link', 'order', 'payment'], {
      payment_link: { entity: link },
      order: { entity: order },
      payment: { entity: payment },
    });
    const fields = {
      razorpay_payment_id: payment.id,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: 'paid',
    };
    const signature = hmac(
      options.keySecret,
      `${fields.razorpay_payment_link_id}|${fields.razorpay_payment_link_reference_id}|${fields.razorpay_payment_link_status}|${fields.razorpay_payment_id}`,
    );
    const callback = new URL(link.callback_url);
    for (const [name, value] of Object.entries({ ...fields, razorpay_signature: signature })) callback.searchParams.set(name, value);
    return { payment, callbackUrl: callback.toString() };
  }

  function processRefund(refund: Refund): void {
    const payment = standIn.payments.get(refund.payment_id)!;
    if (standIn.switches.failRefunds) {
      refund.status = 'failed';
      payment.amount_refunded -= refund.amount;
      sendWebhook('refund.failed', ['refund', 'payment'], { refund: { entity: refund }, payment: { entity: payment } });
      return;
    }
    refund.status = 'processed';
    sendWebhook('refund.processed', ['refund', 'payment'], { refund: { entity: refund }, payment: { entity: payment } });
  }

  // ---- the API ----

  type Answer = { status: number; body: unknown };
  const error = (status: number, description: string, field?: string): Answer => ({
    status,
    body: {
      error: {
        code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        ...(field ? { field } : {}),
      },
    },
  });

  function authorised(request: IncomingMessage): boolean {
    const expected = Buffer.from(`Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`);
    const given = Buffer.from(request.headers.authorization ?? '');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async function api(method: string, path: string, query: URLSearchParams, text: string, request: IncomingMessage): Promise<Answer> {
    if (!authorised(request))
      return { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } } };
    if (standIn.switches.failNextCalls > 0) {
      standIn.switches.failNextCalls -= 1;
      return error(500, 'We are facing some trouble completing your request at the moment. Please try again shortly.');
    }
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return error(400, 'The request body is not valid JSON');
      }
    }
    let found: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_links') {
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100)
        return error(400, 'The amount must be atleast INR 1.00', 'amount');
      if (body.currency !== 'INR') return error(400, 'The currency field is invalid.', 'currency');
      const reference = typeof body.reference_id === 'string' ? body.reference_id : '';
      if (reference.length > 40) return error(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
      if (reference && [...standIn.links.values()].some((link) => link.reference_id === reference))
        return error(400, `Payment Link with reference_id ${reference} already exists`, 'reference_id');
      if (typeof body.expire_by === 'number' && body.expire_by < now() + 15 * 60)
        return error(400, 'The expire by date should be at least 15 minutes in the future', 'expire_by');
      if (body.callback_url !== undefined && body.callback_method !== 'get')
        return error(400, 'callback_method should be get', 'callback_method');
      const id = razorpayId('plink');
      const link: Link = {
        id,
        accept_partial: Boolean(body.accept_partial),
        amount: body.amount as number,
        amount_paid: 0,
        cancelled_at: 0,
        callback_method: String(body.callback_method ?? ''),
        callback_url: String(body.callback_url ?? ''),
        created_at: now(),
        currency: 'INR',
        customer: (body.customer as Record<string, unknown>) ?? {},
        description: String(body.description ?? ''),
        expire_by: typeof body.expire_by === 'number' ? body.expire_by : 0,
        expired_at: 0,
        first_min_partial_amount: 0,
        notes: (body.notes as Record<string, string>) ?? [],
        notify: (body.notify as Record<string, boolean>) ?? { sms: false, email: false },
        order_id: razorpayId('order'),
        payments: null,
        reference_id: reference,
        reminder_enable: Boolean(body.reminder_enable),
        reminders: [],
        short_url: `${standIn.url}/pay/${id}`,
        status: 'created',
        updated_at: now(),
        upi_link: false,
        user_id: '',
      };
      standIn.links.set(id, link);
      await standIn.onLinkCreated?.(link);
      return { status: 200, body: link };
    }
    if (method === 'GET' && path === '/v1/payment_links') {
      const reference = query.get('reference_id');
      const payment = query.get('payment_id');
      const links = [...standIn.links.values()].filter(
        (link) =>
          (!reference || link.reference_id === reference) && (!payment || (link.payments ?? []).some((p) => p.payment_id === payment)),
      );
      return { status: 200, body: { payment_links: links } };
    }
    if ((found = /^\/v1\/payment_links\/([\w]+)$/.exec(path)) && method === 'GET') {
      const link = standIn.links.get(found[1]!);
      if (!link) return error(400, 'The id provided does not exist');
      if (link.status === 'created' && link.expire_by && link.expire_by < now()) {
        link.status = 'expired';
        link.expired_at = now();
      }
      return { status: 200, body: link };
    }
    if ((found = /^\/v1\/payment_links\/([\w]+)\/cancel$/.exec(path)) && method === 'POST') {
      const link = standIn.links.get(found[1]!);
      if (!link) return error(400, 'The id provided does not exist');
      if (standIn.switches.failCancels)
        return error(500, 'We are facing some trouble completing your request at the moment. Please try again shortly.');
      if (link.status === 'paid') return error(400, 'Payment Link cannot be cancelled as it is already paid');
      if (link.status === 'created') {
        link.status = 'cancelled';
        link.cancelled_at = now();
        link.updated_at = now();
      }
      return { status: 200, body: link };
    }
    if ((found = /^\/v1\/payments\/([\w]+)\/refund$/.exec(path)) && method === 'POST') {
      const payment = standIn.payments.get(found[1]!);
      if (!payment) return error(400, 'The id provided does not exist');
      const key = request.headers['x-refund-idempotency'];
      const keyText = typeof key === 'string' ? key : undefined;
      if (keyText && idempotentRefunds.has(keyText)) return { status: 200, body: standIn.refunds.get(idempotentRefunds.get(keyText)!) };
      if (payment.status !== 'captured') return error(400, 'The payment has not been captured');
      const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : body.amount;
      if (!Number.isInteger(amount) || (amount as number) < 100) return error(400, 'The refund amount must be atleast INR 1.00', 'amount');
      if ((amount as number) > payment.amount - payment.amount_refunded)
        return error(400, 'The refund amount provided is greater than amount captured', 'amount');
      const refund: Refund = {
        id: razorpayId('rfnd'),
        entity: 'refund',
        amount: amount as number,
        currency: 'INR',
        payment_id: payment.id,
        notes: (body.notes as Record<string, string>) ?? [],
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: 'pending',
        speed_processed: 'normal',
        speed_requested: String(body.speed ?? 'normal'),
      };
      payment.amount_refunded += refund.amount;
      payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
      standIn.refunds.set(refund.id, refund);
      if (keyText) idempotentRefunds.set(keyText, refund.id);
      sendWebhook('refund.created', ['refund', 'payment'], { refund: { entity: refund }, payment: { entity: payment } });
      const after = standIn.switches.refundAfterMs;
      if (after === 0) processRefund(refund);
      else if (after !== null) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          processRefund(refund);
        }, after);
        timers.add(timer);
      }
      return { status: 200, body: { ...refund } };
    }
    if ((found = /^\/v1\/payments\/([\w]+)\/refunds$/.exec(path)) && method === 'GET') {
      const items = [...standIn.refunds.values()].filter((r) => r.payment_id === found![1]);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    if ((found = /^\/v1\/refunds\/([\w]+)$/.exec(path)) && method === 'GET') {
      const refund = standIn.refunds.get(found[1]!);
      return refund ? { status: 200, body: refund } : error(400, 'The id provided does not exist');
    }
    if ((found = /^\/v1\/payments\/([\w]+)$/.exec(path)) && method === 'GET') {
      const payment = standIn.payments.get(found[1]!);
      return payment ? { status: 200, body: payment } : error(400, 'The id provided does not exist');
    }
    return error(400, 'The requested URL was not found on the server.');
  }

  // ---- the hosted page ----

  function page(title: string, content: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f2f4f8;color:#1b2536}main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:28px}
h1{font-size:20px;margin:0 0 4px}.brand{color:#3395ff;font-weight:700;font-size:14px;margin-bottom:18px}.amount{font-size:32px;font-weight:700;margin:12px 0}
button{display:block;width:100%;margin:10px 0;padding:14px;font-size:16px;border-radius:8px;border:1px solid #3395ff;background:#3395ff;color:#fff;cursor:pointer}
button.fail{background:#fff;color:#b3261e;border-color:#b3261e}p{line-height:1.5}</style></head><body><main><div class="brand">Razorpay (test stand-in)</div>${content}</main></body></html>`;
  }

  async function hosted(method: string, path: string, text: string, response: ServerResponse): Promise<boolean> {
    const found = /^\/pay\/([\w]+)$/.exec(path);
    if (!found) return false;
    const link = standIn.links.get(found[1]!);
    const send = (status: number, html: string) => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    if (!link) {
      send(404, page('Link not found', '<h1>This payment link does not exist</h1>'));
      return true;
    }
    if (link.status === 'created' && link.expire_by && link.expire_by < now()) link.status = 'expired';
    if (link.status !== 'created') {
      const words = { paid: 'has been paid', expired: 'has expired', cancelled: 'has been cancelled', partially_paid: 'is partly paid' }[
        link.status
      ];
      send(410, page('Payment link', `<h1>This payment link ${words}</h1><p>${escapeHtml(link.description)}</p>`));
      return true;
    }
    if (method === 'POST') {
      const vpa = new URLSearchParams(text).get('vpa') ?? '';
      const { callbackUrl } = await pay(link.id, vpa);
      if (callbackUrl) {
        response.writeHead(302, { location: callbackUrl }).end();
        return true;
      }
      send(
        402,
        page(
          'Payment failed',
          `<h1>Payment failed</h1><p>Your bank declined the payment (${escapeHtml(vpa)}). No money was taken.</p>
<form method="post"><button type="submit" name="vpa" value="success@razorpay">Try again: Pay with UPI (success@razorpay)</button></form>`,
        ),
      );
      return true;
    }
    send(
      200,
      page(
        `Pay ${rupees(link.amount)}`,
        `<h1>${escapeHtml(link.description)}</h1><div class="amount">${rupees(link.amount)}</div>
<form method="post"><button type="submit" name="vpa" value="success@razorpay">Pay with UPI: success@razorpay</button>
<button type="submit" name="vpa" value="failure@razorpay" class="fail">Pay with UPI: failure@razorpay</button></form>`,
      ),
    );
    return true;
  }

  // ---- the server ----

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    if (await hosted(request.method ?? 'GET', url.pathname, text, response)) return;
    if (url.pathname === '/__stand-in/switches' && request.method === 'POST') {
      Object.assign(standIn.switches, JSON.parse(text || '{}'));
      if (typeof (JSON.parse(text || '{}') as { webhookUrl?: unknown }).webhookUrl === 'string')
        standIn.webhookUrl = (JSON.parse(text) as { webhookUrl: string }).webhookUrl;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(standIn.switches));
      return;
    }
    if (url.pathname === '/__stand-in/state' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          links: [...standIn.links.values()],
          payments: [...standIn.payments.values()],
          refunds: [...standIn.refunds.values()],
          webhooks: standIn.webhooks.map(({ body: _b, ...w }) => w),
        }),
      );
      return;
    }
    if (!url.pathname.startsWith('/v1/')) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Not found' } }));
      return;
    }
    const key = request.headers['x-refund-idempotency'];
    standIn.calls.push({
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
    });
    if (standIn.switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.switches.delayMs));
    const answer = await api(request.method ?? 'GET', url.pathname, url.searchParams, text, request);
    if (response.destroyed) return;
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  }

  async function up(): Promise<void> {
    const next = createServer((request, response) => {
      handle(request, response).catch((failure: Error) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: failure.message } }));
      });
    });
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(standIn.port, '127.0.0.1', () => resolve());
    });
    standIn.port = (next.address() as AddressInfo).port;
    standIn.url = `http://127.0.0.1:${standIn.port}`;
    server = next;
  }

  async function down(): Promise<void> {
    const closing = server;
    server = null;
    if (!closing) return;
    // Connections open now are cut too: a Razorpay that is down answers nothing.
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await up();
  return standIn;
}

/** What the hotel's server needs to talk to this stand-in (the environment of `npm start`). */
export function standInEnvironment(standIn: RazorpayStandIn, options: StandInOptions): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: options.keyId,
    RAZORPAY_KEY_SECRET: options.keySecret,
    RAZORPAY_WEBHOOK_SECRET: options.webhookSecret,
    RAZORPAY_API_URL: standIn.url,
  };
}
