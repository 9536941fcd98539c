import { startRazorpayStandIn } from './razorpayStandIn';

/**
 * The Razorpay stand-in on its own, for trying payments with `npm start` without Razorpay
 * (README, "Payments"), and for the browser tests (playwright.config.ts starts it):
 *
 *   npx tsx scripts/razorpay-stand-in.ts          # listens on 127.0.0.1:9700
 *
 * It takes the same three secrets as the hotel's server (defaults below: give the server the same
 * ones), and sends its webhooks to STAND_IN_WEBHOOK_URL (default: the hotel at
 * http://localhost:8080/api/payments/razorpay/webhook).
 */
const keyId = process.env.RAZORPAY_KEY_ID || 'rzp_test_standin';
const keySecret = process.env.RAZORPAY_KEY_SECRET || 'stand-in-key-secret';
const webhookSecret = process.env.RAZORPAY_WEBHOOK_SECRET || 'stand-in-webhook-secret';
const port = Number(process.env.STAND_IN_PORT || 9700);
const webhookUrl = process.env.STAND_IN_WEBHOOK_URL || 'http://localhost:8080/api/payments/razorpay/webhook';

startRazorpayStandIn({ keyId, keySecret, webhookSecret, port, webhookUrl })
  .then((standIn) => {
    console.log(`Razorpay stand-in at ${standIn.url} (webhooks to ${webhookUrl}). Start the hotel with:
  RAZORPAY_KEY_ID=${keyId} RAZORPAY_KEY_SECRET=${keySecret} RAZORPAY_WEBHOOK_SECRET=${webhookSecret} RAZORPAY_API_URL=${standIn.url} npm start`);
    const stop = () => void standIn.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  })
  .catch((error: Error) => {
    console.error(`The Razorpay stand-in could not start: ${error.message}`);
    process.exit(1);
  });
