/**
 * The browser tests' payments (issue 37): a hotel-mode server with Razorpay's settings and the
 * Razorpay stand-in it talks to (playwright.config.ts starts both). Ports derived from E2E_PORT
 * like the others: the stand-in on E2E_PORT+4, that hotel on E2E_PORT+5.
 */
export function paymentsPorts(): { standInPort: number; paymentsPort: number } {
  const port = Number(process.env.E2E_PORT ?? 4173);
  return { standInPort: port + 4, paymentsPort: port + 5 };
}

/** The secrets the payments hotel and its stand-in share. */
export const standInSecrets = {
  RAZORPAY_KEY_ID: 'rzp_test_e2e',
  RAZORPAY_KEY_SECRET: 'e2e-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'e2e-webhook-secret',
};

export const standInUrl = (): string => `http://127.0.0.1:${paymentsPorts().standInPort}`;
