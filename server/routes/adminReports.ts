import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { addDays, isIsoDate, nightsBetween } from '../../src/domain/dates';
import { findRoom, rooms } from '../../src/domain/rooms';
import {
  GstExportParams,
  GstExportQuery,
  GstExportReply,
  GstPeriodQuery,
  GstSummaryReply,
  ReportReply,
  ReportsQuery,
} from '../../src/domain/reportsWire';
import { hotelToday } from '../bookingRules';
import type { Database } from '../db/database';
import { foldReportFacts, gstFacts, reportFigures } from '../db/reportQueries';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import { financialYearsSince, gstExport, gstPeriod, gstSummary } from '../reports/gstReturns';
import { placeOfSupply } from '../reports/placeOfSupply';

/**
 * The owner's reports and the accountant's GST exports (issue 39; server/API.md "Reports"). The
 * owner's only: the front desk gets 403, as for prices and staff.
 */

const Refusal = Type.Object({ error: Type.String(), message: Type.String() });
const badRequest = (message: string) => ({ error: 'Bad Request', message });
/** The longest range of stay nights one report covers: two years. */
export const longestReport = 731;

/** An export is a file: CSV, or the same rows as JSON. */
const exportFile = {
  content: {
    'text/csv': { schema: Type.String() },
    'application/json': { schema: GstExportReply },
  },
};

/** The stay nights asked for (both ends, or neither for the hotel's month), or why not, naming the field. */
function rangeOf(query: { from?: string; to?: string }, today: string): { from: string; to: string } | string {
  if (query.from === undefined && query.to === undefined) {
    const from = `${today.slice(0, 8)}01`;
    return { from, to: addDays(`${addDays(from, 31).slice(0, 8)}01`, -1) };
  }
  if (query.from === undefined || query.to === undefined)
    return `${query.from === undefined ? 'from' : 'to'}: give the first and the last night, or neither`;
  if (!isIsoDate(query.from)) return 'from: must be a date (YYYY-MM-DD)';
  if (!isIsoDate(query.to)) return 'to: must be a date (YYYY-MM-DD)';
  if (query.to < query.from) return 'to: must be on or after from';
  if (nightsBetween(query.from, query.to) + 1 > longestReport) return `to: a report covers at most ${longestReport} nights`;
  return { from: query.from, to: query.to };
}

export const adminReportRoutes: FastifyPluginAsyncTypebox<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);

  app.get(
    '/api/admin/reports',
    { schema: { querystring: ReportsQuery, response: { 200: ReportReply, 400: Refusal } } },
    async (request, reply) => {
      const today = hotelToday(now());
      const range = rangeOf(request.query, today);
      if (typeof range === 'string') return reply.code(400).send(badRequest(range));
      const roomId = request.query.roomId ?? null;
      if (roomId !== null && !findRoom(roomId)) return reply.code(400).send(badRequest(`roomId: no room type with ID ${roomId}`));
      // What changed since the last fold is read either way; folding first keeps the part read twice small.
      await foldReportFacts(db.pool);
      const figures = await reportFigures(db.pool, { ...range, roomId, month: `${today.slice(0, 8)}01`, now: now() });
      return { today, ...range, roomId, roomTypes: rooms.map((room) => ({ roomId: room.id, title: room.title })), ...figures };
    },
  );

  app.get(
    '/api/admin/reports/gst',
    { schema: { querystring: GstPeriodQuery, response: { 200: GstSummaryReply, 400: Refusal } } },
    async (request, reply) => {
      const today = hotelToday(now());
      const period = await gstPeriod(db.pool, request.query, today);
      if (typeof period === 'string') return reply.code(400).send(badRequest(period));
      const facts = await gstFacts(db.pool);
      const place = placeOfSupply(facts.gstin);
      return {
        period,
        financialYears: await financialYearsSince(db.pool, facts.firstInvoice, today),
        placeOfSupply: place,
        ...(await gstSummary(db.pool, period, place)),
      };
    },
  );

  app.get(
    '/api/admin/reports/gst/:export',
    { schema: { params: GstExportParams, querystring: GstExportQuery, response: { 200: exportFile, 400: Refusal } } },
    async (request, reply) => {
      const period = await gstPeriod(db.pool, request.query, hotelToday(now()));
      if (typeof period === 'string') return reply.code(400).send(badRequest(period));
      const file = await gstExport(db.pool, request.params.export, period, placeOfSupply((await gstFacts(db.pool)).gstin));
      const csv = request.query.format === 'csv';
      return reply
        .header('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}.${csv ? 'csv' : 'json'}"`)
        .send(csv ? file.csv() : file.json());
    },
  );
};
