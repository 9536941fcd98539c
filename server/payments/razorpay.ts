import type { PaymentsConfig } from '../config';

/**
 * A thin client of Razorpay's REST API (https://razorpay.com/docs/api/), over Node's fetch: basic
 * auth with the key ID and secret, JSON both ways, and a bound on every call.
 *
 * Not the `razorpay` npm SDK (2.9.8): its host is fixed ('https://api.razorpay.com' in
 * dist/razorpay.js, no option), so the tests and a local stand-in could not be put in its place
 * (RAZORPAY_API_URL); it sets no timeout, so a Razorpay that stops answering would hold a guest's
 * confirm for as long as the socket lives; and it sends only the headers it knows
 * (X-Razorpay-Account, Content-Type), dropping X-Refund-Idempotency, which makes a refund asked
 * twice a refund made once. The few calls below are all this server needs.
 */

/** A payment link as Razorpay answers it (the fields this server reads). */
export interface RazorpayLink {
  id: string;
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  amount: number;
  amount_paid: number;
  reference_id: string;
  expire_by?: number;
  payments?: Array<{ payment_id: string; amount: number; status: string; method?: string; created_at?: number }> | null;
}

export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  notes?: Record<string, string> | unknown[];
  receipt?: string | null;
}

export interface NewLink {
  amountPaise: number;
  referenceId: string;
  description: string;
  email: string;
  callbackUrl: string;
  /** Unix seconds; Razorpay wants it at least 15 minutes ahead. */
  expireBy: number;
  notes: Record<string, string>;
}

/**
 * Why a call failed: `unreachable` (no answer: refused, reset, timed out), `server` (Razorpay
 * answered 5xx or something that is not its JSON), `refused` (4xx: Razorpay said no, with its
 * code and description).
 */
export class RazorpayError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'server' | 'refused',
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

export interface RazorpayClient {
  createLink(link: NewLink): Promise<RazorpayLink>;
  fetchLink(linkId: string): Promise<RazorpayLink>;
  /** The links made with this reference_id (none, or the one a lost answer made). */
  linksByReference(referenceId: string): Promise<RazorpayLink[]>;
  cancelLink(linkId: string): Promise<RazorpayLink>;
  /** Refunds `amountPaise` of a payment; the same key asked again answers the same refund. */
  refund(paymentId: string, amountPaise: number, idempotencyKey: string, notes: Record<string, string>): Promise<RazorpayRefund>;
  fetchRefund(refundId: string): Promise<RazorpayRefund>;
  paymentRefunds(paymentId: string): Promise<RazorpayRefund[]>;
}

type Config = Pick<PaymentsConfig, 'keyId' | 'keySecret' | 'apiUrl' | 'timeoutMs'>;

export function razorpayClient(config: Config): RazorpayClient {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new RazorpayError(
        'unreachable',
        timedOut ? `no answer within ${config.timeoutMs} ms` : `unreachable (${cause ?? (error as Error).message})`,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new RazorpayError(
        'unreachable',
        `answer cut off (${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message})`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RazorpayError('server', `answered ${response.status} without JSON`, response.status);
    }
    if (response.ok) return json as T;
    const detail = (json as { error?: { code?: string; description?: string } }).error;
    const message = `${response.status} ${detail?.code ?? ''} ${detail?.description ?? ''}`.trim();
    throw new RazorpayError(response.status >= 500 ? 'server' : 'refused', message, response.status, detail?.code ?? null);
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    createLink: (link) =>
      call<RazorpayLink>('POST', '/v1/payment_links', {
        amount: link.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: link.referenceId,
        description: link.description,
        customer: { email: link.email },
        // The hotel sends its own emails; Razorpay's would be a second message about the same link.
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: link.callbackUrl,
        callback_method: 'get',
        expire_by: link.expireBy,
        notes: link.notes,
      }),
    fetchLink: (linkId) => call<RazorpayLink>('GET', `/v1/payment_links/${id(linkId)}`),
    linksByReference: async (referenceId) =>
      (await call<{ payment_links?: RazorpayLink[] }>('GET', `/v1/payment_links?reference_id=${id(referenceId)}`)).payment_links ?? [],
    cancelLink: (linkId) => call<RazorpayLink>('POST', `/v1/payment_links/${id(linkId)}/cancel`, {}),
    refund: (paymentId, amountPaise, idempotencyKey, notes) =>
      call<RazorpayRefund>(
        'POST',
        `/v1/payments/${id(paymentId)}/refund`,
        { amount: amountPaise, speed: 'normal', notes, receipt: notes.refund_key },
        { 'x-refund-idempotency': idempotencyKey },
      ),
    fetchRefund: (refundId) => call<RazorpayRefund>('GET', `/v1/refunds/${id(refundId)}`),
    paymentRefunds: async (paymentId) =>
      (await call<{ items?: RazorpayRefund[] }>('GET', `/v1/payments/${id(paymentId)}/refunds`)).items ?? [],
  };
}
