import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BookingParams, Refusal } from '../../src/domain/wire';
import {
  AdminPaymentsQuery,
  AdminPaymentsReply,
  AdminVoucherParams,
  PaymentSettingsBody,
  PaymentSettingsReply,
  PaymentSummary,
  ReconcileReply,
  VoucherReply,
} from '../../src/domain/paymentsWire';
import type { Database } from '../db/database';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import { attention, effectivePolicy, listPayments, paymentSettings, savePaymentSettings, voucherOf } from '../payments/paymentQueries';
import type { PaymentSettings } from '../payments/paymentQueries';
import type { PaymentsService } from '../payments/payments';
import { countOf } from '../../src/domain/words';

/**
 * The back office's payments (issue 37): the owner's policy (audited in settings_audit like every
 * setting), the Payments screen with its Reconcile now, and for the desk too a booking's payments
 * and its vouchers.
 */
export interface AdminPaymentRouteOptions {
  db: Database;
  payments: PaymentsService;
  /** PUBLIC_URL, to tell the owner where Razorpay must send its webhooks. */
  publicUrl: string;
}

/** What the front desk may open: a booking's payments and its vouchers. The rest is the owner's. */
const deskRoutes = new Set(['/api/admin/bookings/:bookingId/payment', '/api/admin/vouchers/:voucherNumber']);

export const adminPaymentRoutes: FastifyPluginAsyncTypebox<AdminPaymentRouteOptions> = async (app, { db, payments, publicUrl }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', async (request, reply) => {
    if (!deskRoutes.has(request.routeOptions.url ?? '')) return ownerOnly(request, reply);
  });

  const settingsReply = (settings: PaymentSettings) => ({
    policy: settings.policy,
    percent: settings.percent,
    holdMinutes: settings.holdMinutes,
    lateRefundPercent: settings.lateRefundPercent,
    online: settings.gatewayReady,
    effective: effectivePolicy(settings).kind,
    webhookUrl: `${publicUrl}/api/payments/razorpay/webhook`,
  });

  app.get('/api/admin/payment-settings', { schema: { response: { 200: PaymentSettingsReply } } }, async () =>
    settingsReply(await paymentSettings(db.pool)),
  );

  app.put(
    '/api/admin/payment-settings',
    { schema: { body: PaymentSettingsBody, response: { 200: PaymentSettingsReply } } },
    async (request) => {
      const saved = await savePaymentSettings(db.pool, request.body, { username: request.admin?.username ?? 'admin', address: request.ip });
      request.log.info({ admin: request.admin?.username, policy: saved.policy }, 'payment policy changed');
      return settingsReply(saved);
    },
  );

  app.get(
    '/api/admin/payments',
    { schema: { querystring: AdminPaymentsQuery, response: { 200: AdminPaymentsReply } } },
    async (request) => {
      const listing = await listPayments(db.pool, request.query.show ?? 'all', request.query.q ?? '', request.query.limit ?? 100);
      return { online: payments.online, ...listing, attention: await attention(db.pool) };
    },
  );

  app.post('/api/admin/payments/reconcile', { schema: { response: { 200: ReconcileReply, 503: Refusal } } }, async (_request, reply) => {
    if (!payments.online)
      return reply.code(503).send({ error: 'Payment Unavailable', message: 'Razorpay is not set up on this server (README, "Payments").' });
    const { checked, changed } = await payments.reconcile({ force: true });
    await payments.settled();
    return {
      checked,
      changed,
      message:
        checked === 0
          ? 'Nothing was open: every payment and refund is settled.'
          : `Asked about ${countOf(checked, 'item')}; ${countOf(changed, 'change')}.`,
    };
  });

  app.get(
    '/api/admin/bookings/:bookingId/payment',
    { schema: { params: BookingParams, response: { 200: PaymentSummary, 404: Refusal } } },
    async (request, reply) => {
      const bookingId = request.params.bookingId.trim().toUpperCase();
      const summary = await payments.summary(bookingId);
      if (!summary) return reply.code(404).send({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });
      return summary;
    },
  );

  app.get(
    '/api/admin/vouchers/:voucherNumber',
    { schema: { params: AdminVoucherParams, response: { 200: VoucherReply, 404: Refusal } } },
    async (request, reply) => {
      const found = await voucherOf(db.pool, request.params.voucherNumber);
      if (!found) return reply.code(404).send({ error: 'Not Found', message: `No voucher ${request.params.voucherNumber}` });
      return found.voucher;
    },
  );
};
