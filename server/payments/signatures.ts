import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, both HMAC-SHA256 in hex: a webhook's over its raw body with the
 * webhook secret (header X-Razorpay-Signature), and a guest's return from a payment link over
 * `link_id|reference_id|status|payment_id` with the key secret. Compared in constant time (the
 * SDK's own helper compares with ===, which tells an attacker how many characters were right).
 */

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Whether `given` is the signature `expected` (hex), in time that depends only on their lengths. */
export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  // timingSafeEqual throws on buffers of different lengths; a length says nothing secret.
  return a.length === b.length && timingSafeEqual(a, b);
}

export function webhookSignatureValid(webhookSecret: string, rawBody: Buffer, given: unknown): boolean {
  return sameSignature(hmacHex(webhookSecret, rawBody), given);
}

/** The fields Razorpay adds to the callback URL when the guest comes back from paying. */
export interface ReturnFields {
  razorpay_payment_id: string;
  razorpay_payment_link_id: string;
  razorpay_payment_link_reference_id: string;
  razorpay_payment_link_status: string;
  razorpay_signature: string;
}

export function returnSignature(keySecret: string, fields: Omit<ReturnFields, 'razorpay_signature'>): string {
  return hmacHex(
    keySecret,
    `${fields.razorpay_payment_link_id}|${fields.razorpay_payment_link_reference_id}|${fields.razorpay_payment_link_status}|${fields.razorpay_payment_id}`,
  );
}

export function returnSignatureValid(keySecret: string, fields: ReturnFields): boolean {
  return sameSignature(returnSignature(keySecret, fields), fields.razorpay_signature);
}
