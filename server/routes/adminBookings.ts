import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rooms as roomTypes } from '../../src/domain/rooms';
import { isIsoDate } from '../../src/domain/dates';
import { roomsLeftMessage } from '../../src/domain/stay';
import { searchTermForMobile } from '../../src/domain/guestContact';
import { capacityOf } from '../bookingRules';
import { allBookings, deleteBooking, occupancy, recentAudit, restoreBooking } from '../db/bookingQueries';
import type { Booking } from '../db/bookingQueries';
import { csvCell } from '../csv';
import type { Database } from '../db/database';
import { invoiceOf, roomTypeSettings } from '../db/priceQueries';
import { cachedSearch } from '../db/searchCache';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import type { StayGate } from '../stayGate';
import { Type } from '@sinclair/typebox';
import {
  AuditReply,
  BookingEnvelope,
  BookingParams,
  BookingReply,
  ExportQuery,
  OccupancyQuery,
  OccupancyReply,
  Refusal,
  StayRefusal,
  SearchQuery,
  SearchReply,
} from '../../src/domain/wire';
import { InvoiceReply } from '../../src/domain/pricesWire';

function toCsv(bookings: Booking[]): string {
  // The guest's name and mobile (issue 34 item 5) last, so that the columns before them stay where they were.
  const header = ['bookingId', 'email', 'roomName', 'rooms', 'checkIn', 'checkOut', 'totalPrice', 'createdAt', 'guestName', 'guestMobile'];
  const lines = bookings.map((b) =>
    [
      b.bookingId,
      b.email,
      b.roomName,
      b.rooms,
      b.checkIn,
      b.checkOut,
      b.totalPrice,
      b.createdAt,
      b.guestName ?? null,
      b.guestMobile ?? null,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The export is a file, sent as its text: a CSV, or the bookings as JSON (the browser-only site's backup reads it). */
const exportFile = {
  content: {
    'text/csv': { schema: Type.String() },
    'application/json': { schema: Type.Array(BookingReply) },
  },
};

export const adminBookingRoutes: FastifyPluginAsyncTypebox<{ db: Database; gate: StayGate }> = async (app, { db, gate }) => {
  // Before the body is read: a caller without a session gets 401, not a parse of their upload.
  app.addHook('onRequest', requireAdmin(db.pool));
  const search = cachedSearch();
  const notFound = (bookingId: string) => ({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });

  app.get('/api/admin/bookings', { schema: { querystring: SearchQuery, response: { 200: SearchReply } } }, async (request) => {
    const page = request.query.page ?? 1;
    const pageSize = request.query.pageSize ?? 50;
    // A mobile number typed with spaces or dashes finds it as stored (E.164, issue 34 item 5).
    const { items, total, totalExact } = await search(db.pool, searchTermForMobile((request.query.q ?? '').trim()), page, pageSize);
    return { items, total, totalExact, page, pageSize };
  });

  // Any letter case, as the guest routes take it: the ID as booking IDs are written, then (for an
  // older import that kept its own case) exactly as typed.
  const asTyped = (bookingId: string) => [...new Set([bookingId.trim().toUpperCase(), bookingId])];

  app.delete(
    '/api/admin/bookings/:bookingId',
    { schema: { params: BookingParams, response: { 200: BookingEnvelope, 404: Refusal } } },
    async (request, reply) => {
      let booking = null;
      for (const id of asTyped(request.params.bookingId)) booking ??= await deleteBooking(db.pool, id, request.ip, request.admin!.username);
      if (!booking) return reply.code(404).send(notFound(request.params.bookingId));
      request.log.info({ bookingId: booking.bookingId, admin: request.admin?.username }, 'booking deleted');
      return { booking };
    },
  );

  app.post(
    '/api/admin/bookings/:bookingId/restore',
    { schema: { params: BookingParams, response: { 200: BookingEnvelope, 404: Refusal, 409: StayRefusal } } },
    async (request, reply) => {
      let result = await restoreBooking(
        db.pool,
        request.params.bookingId.trim().toUpperCase(),
        capacityOf,
        request.ip,
        request.admin!.username,
      );
      if (result.outcome === 'missing' && request.params.bookingId !== request.params.bookingId.trim().toUpperCase())
        result = await restoreBooking(db.pool, request.params.bookingId, capacityOf, request.ip, request.admin!.username);
      if (result.outcome === 'missing')
        return reply.code(404).send({ error: 'Not Found', message: `No deleted booking with ID: ${request.params.bookingId}` });
      if (result.outcome === 'unavailable') {
        return reply.code(409).send({
          error: 'Conflict',
          message: `This booking cannot be restored: its rooms were booked meanwhile. ${roomsLeftMessage('', result.left)}`.trim(),
        });
      }
      // A night closed since it was deleted, or a minimum stay set: the refusal a new booking of it gets.
      if (result.outcome !== 'restored') {
        const refusal = gate.refused(result);
        return reply.code(refusal.status).send(refusal.body);
      }
      return { booking: result.booking };
    },
  );

  app.get(
    '/api/admin/occupancy',
    { schema: { querystring: OccupancyQuery, response: { 200: OccupancyReply, 400: Refusal } } },
    async (request, reply) => {
      const from = request.query.from ?? gate.today();
      // The schema checks the shape only; PostgreSQL would fail on 2027-02-30 (a 500).
      if (!isIsoDate(from)) return reply.code(400).send({ error: 'Bad Request', message: 'from: must be a date (YYYY-MM-DD)' });
      const days = request.query.days ?? 60;
      const [booked, settings] = await Promise.all([occupancy(db.pool, from, days), roomTypeSettings(db.pool, (id) => id)]);
      const roomsOf = new Map(settings.map((type) => [type.roomId, type.rooms]));
      return {
        from,
        days,
        rooms: roomTypes.map((room) => ({
          roomId: room.id,
          title: room.title,
          capacity: roomsOf.get(room.id) ?? capacityOf(room.id),
          booked: booked.get(room.id) ?? new Array<number>(days).fill(0),
        })),
      };
    },
  );

  app.get('/api/admin/audit', { schema: { response: { 200: AuditReply } } }, async () => ({ items: await recentAudit(db.pool, 50) }));

  app.get(
    '/api/admin/export',
    { onRequest: ownerOnly, schema: { querystring: ExportQuery, response: { 200: exportFile } } },
    async (request, reply) => {
      const bookings = await allBookings(db.pool);
      // The hotel's date, as every date it writes (not the server's UTC one).
      const stamp = gate.today();
      if (request.query.format === 'csv') {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="hotel-bookings-${stamp}.csv"`)
          .send(toCsv(bookings));
      }
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="hotel-bookings-${stamp}.json"`)
        .send(JSON.stringify(bookings, null, 2));
    },
  );

  // The tax invoice of any booking, for the owner and the front desk alike (the desk prints it at
  // check-out); every status of a booking's life prints (issue 35).
  app.get(
    '/api/admin/bookings/:bookingId/invoice',
    { schema: { params: BookingParams, response: { 200: InvoiceReply, 404: Refusal } } },
    async (request, reply) => {
      const bookingId = request.params.bookingId.trim().toUpperCase();
      const found = await invoiceOf(db.pool, bookingId);
      if (!found) return reply.code(404).send({ error: 'Not Found', message: `No invoice for booking ID: ${bookingId}` });
      return found.invoice;
    },
  );
};
