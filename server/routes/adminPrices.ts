import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { addDays, nightsBetween } from '../../src/domain/dates';
import { findRoom } from '../../src/domain/rooms';
import { stayOptionsProblem } from '../../src/domain/roomGuests';
import { gstinPattern } from '../../src/domain/tax';
import { hotelToday, roomsBelowBookedMessage } from '../bookingRules';
import type { Database } from '../db/database';
import {
  activeRules,
  addClosure,
  addMinStay,
  addPriceRule,
  calendar,
  hotelSettings,
  removeRule,
  roomTypeSettings,
  saveHotelSettings,
  saveRoomType,
  setOutOfService,
  settingsAudit,
} from '../db/priceQueries';
import { saveStayOptions } from '../db/priceQueries';
import type { Editor } from '../db/priceQueries';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import { Refusal } from '../../src/domain/wire';
import { longDate } from '../../src/domain/dateWords';
import {
  Closure,
  ClosureBody,
  HotelSettingsBody,
  MinStay,
  MinStayBody,
  OutOfServiceBody,
  PriceRule,
  PriceRuleBody,
  PricesQuery,
  PricesReply,
  RoomTypeBody,
  RoomTypeParams,
  RoomTypeSetting,
  RuleParams,
  SettingsAuditReply,
  StayOptionsBody,
} from '../../src/domain/pricesWire';

/**
 * The owner's rooms, prices, closures, minimum stays, legal details and GST slabs (issue 22).
 * Signed-in owner; changes need the CSRF token and are
 * written to settings_audit with the old and new values.
 */

const TakenRefusal = Type.Object({
  error: Type.String(),
  message: Type.String(),
  nights: Type.Array(Type.Object({ night: Type.String(), taken: Type.Integer() })),
});
/** The longest range one rule covers, and how far ahead any may reach. */
const longestRange = 731;

const titleOf = (roomId: string) => findRoom(roomId)?.title ?? roomId;
const editorOf = (request: FastifyRequest): Editor => ({ username: request.admin?.username ?? 'admin', address: request.ip });
const badRequest = (message: string) => ({ error: 'Bad Request', message });
const unknownRoomType = (roomId: string) => ({ error: 'Not Found', message: `No room type with ID: ${roomId}` });

/** Why a range of nights (both valid dates) cannot be taken, naming the field; null when it can. */
function rangeProblem(firstNight: string, lastNight: string, today: string): string | null {
  if (lastNight < firstNight) return 'lastNight: must be on or after firstNight';
  if (nightsBetween(firstNight, lastNight) >= longestRange) return `lastNight: a range can cover at most ${longestRange} nights`;
  if (lastNight < today) return `lastNight: must not be before today (${longDate(today)})`;
  if (lastNight > addDays(today, 3 * 366)) return 'lastNight: must be within three years';
  return null;
}

function validDate(value: string): boolean {
  return nightsBetween(value, addDays(value, 1)) === 1;
}

export const adminPriceRoutes: FastifyPluginAsyncTypebox<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  // Rooms, prices, closures, tax and the legal details are the owner's (issue 23); a booking's
  // invoice, which the front desk prints too, is with the bookings (routes/adminBookings.ts).
  app.addHook('onRequest', ownerOnly);

  const checkRange = (body: { firstNight: string; lastNight: string }) => {
    if (!validDate(body.firstNight)) return 'firstNight: must be a date (YYYY-MM-DD)';
    if (!validDate(body.lastNight)) return 'lastNight: must be a date (YYYY-MM-DD)';
    return rangeProblem(body.firstNight, body.lastNight, hotelToday(now()));
  };
  const knownRoom = (roomId: string | null) => roomId === null || findRoom(roomId) !== undefined;

  app.get(
    '/api/admin/prices',
    { schema: { querystring: PricesQuery, response: { 200: PricesReply, 400: Refusal } } },
    async (request, reply) => {
      const from = request.query.from ?? hotelToday(now());
      if (!validDate(from)) return reply.code(400).send(badRequest('from: must be a date (YYYY-MM-DD)'));
      const days = request.query.days ?? 120;
      const [types, nights, active, settings] = await Promise.all([
        roomTypeSettings(db.pool, titleOf),
        calendar(db.pool, from, days),
        activeRules(db.pool, from),
        hotelSettings(db.pool),
      ]);
      return { from, days, roomTypes: types.map((t) => ({ ...t, nights: nights.get(t.roomId) ?? [] })), ...active, settings };
    },
  );

  app.put(
    '/api/admin/room-types/:roomId',
    { schema: { params: RoomTypeParams, body: RoomTypeBody, response: { 200: RoomTypeSetting, 404: Refusal, 409: TakenRefusal } } },
    async (request, reply) => {
      const { roomId } = request.params;
      if (!findRoom(roomId)) return reply.code(404).send(unknownRoomType(roomId));
      const result = await saveRoomType(db.pool, roomId, request.body, hotelToday(now()), editorOf(request), titleOf);
      if (result.outcome === 'missing') return reply.code(404).send(unknownRoomType(roomId));
      if (result.outcome === 'rooms-in-use')
        return reply
          .code(409)
          .send({ error: 'Conflict', message: `The number of rooms cannot change now: ${result.message}.`, nights: [] });
      if (result.outcome === 'below-taken')
        return reply.code(409).send({
          error: 'Conflict',
          message: roomsBelowBookedMessage(titleOf(roomId), request.body.rooms, result.nights),
          nights: result.nights,
        });
      request.log.info({ roomId, admin: request.admin?.username }, 'room type changed');
      return result.roomType;
    },
  );

  // Issue 40: the guests a room takes, what its price includes, and its meal plans.
  app.put(
    '/api/admin/room-types/:roomId/stay-options',
    { schema: { params: RoomTypeParams, body: StayOptionsBody, response: { 200: RoomTypeSetting, 400: Refusal, 404: Refusal } } },
    async (request, reply) => {
      const { roomId } = request.params;
      if (!findRoom(roomId)) return reply.code(404).send(unknownRoomType(roomId));
      const problem = stayOptionsProblem(request.body);
      if (problem) return reply.code(400).send({ error: 'Bad Request', message: problem });
      const saved = await saveStayOptions(db.pool, roomId, request.body, editorOf(request), titleOf);
      if (!saved) return reply.code(404).send(unknownRoomType(roomId));
      request.log.info({ roomId, admin: request.admin?.username }, 'stay options changed');
      return saved;
    },
  );

  app.put(
    '/api/admin/room-types/:roomId/out-of-service',
    {
      schema: {
        params: RoomTypeParams,
        body: OutOfServiceBody,
        response: {
          200: Type.Object({ roomId: Type.String(), ...OutOfServiceBody.properties }),
          400: Refusal,
          404: Refusal,
          409: TakenRefusal,
        },
      },
    },
    async (request, reply) => {
      const { roomId } = request.params;
      if (!findRoom(roomId)) return reply.code(404).send(unknownRoomType(roomId));
      const problem = checkRange(request.body);
      if (problem) return reply.code(400).send(badRequest(problem));
      const result = await setOutOfService(db.pool, roomId, request.body, editorOf(request));
      if (result.outcome === 'missing') return reply.code(404).send(unknownRoomType(roomId));
      if (result.outcome === 'below-taken') {
        const nights = result.nights.map((n) => `${longDate(n.night)} (${n.taken} booked)`).join(', ');
        return reply.code(409).send({
          error: 'Conflict',
          message: `${request.body.rooms} ${titleOf(roomId)}s cannot be out of service: too many are booked on ${nights}.`,
          nights: result.nights,
        });
      }
      return { roomId, ...request.body };
    },
  );

  app.post(
    '/api/admin/price-rules',
    { schema: { body: PriceRuleBody, response: { 201: PriceRule, 400: Refusal } } },
    async (request, reply) => {
      const problem = checkRange(request.body) ?? (knownRoom(request.body.roomId) ? null : 'roomId: is not a room type of this hotel');
      if (problem) return reply.code(400).send(badRequest(problem));
      const rule = await addPriceRule(db.pool, request.body, editorOf(request));
      if (!rule) return reply.code(400).send(badRequest('roomId: is not a room type of this hotel'));
      return reply.code(201).send(rule);
    },
  );

  app.post('/api/admin/closures', { schema: { body: ClosureBody, response: { 201: Closure, 400: Refusal } } }, async (request, reply) => {
    const problem = checkRange(request.body) ?? (knownRoom(request.body.roomId) ? null : 'roomId: is not a room type of this hotel');
    if (problem) return reply.code(400).send(badRequest(problem));
    const closure = await addClosure(db.pool, request.body, editorOf(request));
    if (!closure) return reply.code(400).send(badRequest('roomId: is not a room type of this hotel'));
    return reply.code(201).send(closure);
  });

  app.post('/api/admin/min-stays', { schema: { body: MinStayBody, response: { 201: MinStay, 400: Refusal } } }, async (request, reply) => {
    const problem = checkRange(request.body) ?? (knownRoom(request.body.roomId) ? null : 'roomId: is not a room type of this hotel');
    if (problem) return reply.code(400).send(badRequest(problem));
    const minStay = await addMinStay(db.pool, request.body, editorOf(request));
    if (!minStay) return reply.code(400).send(badRequest('roomId: is not a room type of this hotel'));
    return reply.code(201).send(minStay);
  });

  for (const [path, kind] of [
    ['/api/admin/price-rules/:id', 'price rule'],
    ['/api/admin/closures/:id', 'closure'],
    ['/api/admin/min-stays/:id', 'minimum stay'],
  ] as const) {
    app.delete(path, { schema: { params: RuleParams, response: { 204: Type.Null(), 404: Refusal } } }, async (request, reply) => {
      const removed = await removeRule(db.pool, kind, request.params.id, editorOf(request));
      if (!removed) return reply.code(404).send({ error: 'Not Found', message: `No ${kind} with ID: ${request.params.id}` });
      return reply.code(204).send(null);
    });
  }

  app.get('/api/admin/hotel-settings', { schema: { response: { 200: HotelSettingsBody } } }, async () => hotelSettings(db.pool));

  app.put(
    '/api/admin/hotel-settings',
    { schema: { body: HotelSettingsBody, response: { 200: HotelSettingsBody, 400: Refusal } } },
    async (request, reply) => {
      const body = { ...request.body, legalName: request.body.legalName.trim(), address: request.body.address.trim() };
      const gstin = body.gstin.trim().toUpperCase();
      if (gstin !== '' && !new RegExp(gstinPattern).test(gstin))
        return reply.code(400).send(badRequest('gstin: must be a GSTIN of 15 characters, like 29ABCDE1234F1Z5'));
      const slabs = body.gstSlabs;
      const open = slabs[slabs.length - 1]!;
      if (open.upToPaise !== null)
        return reply.code(400).send(badRequest('gstSlabs: the last slab must have upToPaise null (every price above)'));
      for (let i = 1; i < slabs.length; i++) {
        const before = slabs[i - 1]!.upToPaise;
        const here = slabs[i]!.upToPaise;
        if (before === null || (here !== null && here <= before))
          return reply.code(400).send(badRequest('gstSlabs: upToPaise must rise from one slab to the next, only the last being null'));
      }
      const saved = await saveHotelSettings(db.pool, { ...body, gstin }, editorOf(request));
      request.log.info({ admin: request.admin?.username }, 'hotel settings changed');
      return saved;
    },
  );

  app.get('/api/admin/settings-audit', { schema: { response: { 200: SettingsAuditReply } } }, async () => ({
    items: await settingsAudit(db.pool),
  }));
};
