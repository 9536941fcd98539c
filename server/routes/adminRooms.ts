import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { rooms as catalogue } from '../../src/domain/rooms';
import { IdParams, NewRoomBody, RenameRoomBody, RetireReply, RoomRef, RoomsReply } from '../../src/domain/roomsWire';
import { Refusal } from '../../src/domain/wire';
import { hotelToday } from '../bookingRules';
import { typeTitle } from '../channels/channelSync';
import type { Database } from '../db/database';
import { addRoom, listRooms, renameRoom, retireRoom } from '../db/roomQueries';
import type { Editor } from '../db/roomQueries';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import { longDate } from '../../src/domain/dateWords';

/**
 * The hotel's rooms by number (issue 38), the owner's: add one to a type, rename one, retire one
 * (never below what is booked: its bookings from today on move to the type's other rooms). Each
 * change is written to settings_audit, as the owner's other settings are.
 */

const editorOf = (request: FastifyRequest): Editor => ({ username: request.admin?.username ?? 'admin', address: request.ip });
const noRoom = (id: number) => ({ error: 'Not Found', message: `No room in use with ID: ${id}` });
const taken = (number: string) => ({
  error: 'Conflict',
  message: `Another room in use is numbered ${number}. Please choose another number.`,
});

export const adminRoomRoutes: FastifyPluginAsyncTypebox<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);

  app.get('/api/admin/rooms', { schema: { response: { 200: RoomsReply } } }, async () => {
    const byType = await listRooms(db.pool, hotelToday(now()));
    const known = new Set(catalogue.map((room) => room.id as string));
    const typeIds = [...catalogue.map((room) => room.id as string), ...[...byType.keys()].filter((id) => !known.has(id))];
    return { types: typeIds.map((typeId) => ({ typeId, title: typeTitle(typeId), rooms: byType.get(typeId) ?? [] })) };
  });

  app.post(
    '/api/admin/rooms',
    { schema: { body: NewRoomBody, response: { 201: RoomRef, 404: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const { typeId, number } = request.body;
      const result = await addRoom(db.pool, typeId, number, editorOf(request));
      if (result.outcome === 'missing') return reply.code(404).send({ error: 'Not Found', message: `No room type with ID: ${typeId}` });
      if (result.outcome === 'taken') return reply.code(409).send(taken(number));
      request.log.info({ room: number, typeId, admin: request.admin?.username }, 'room added');
      return reply.code(201).send(result.room);
    },
  );

  app.put(
    '/api/admin/rooms/:id',
    { schema: { params: IdParams, body: RenameRoomBody, response: { 200: RoomRef, 404: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const result = await renameRoom(db.pool, request.params.id, request.body.number, editorOf(request));
      if (result.outcome === 'missing') return reply.code(404).send(noRoom(request.params.id));
      if (result.outcome === 'taken') return reply.code(409).send(taken(request.body.number));
      return result.room;
    },
  );

  app.delete(
    '/api/admin/rooms/:id',
    {
      schema: {
        params: IdParams,
        response: { 200: RetireReply, 404: Refusal, 409: Refusal },
      },
    },
    async (request, reply) => {
      const result = await retireRoom(db.pool, request.params.id, hotelToday(now()), editorOf(request));
      if (result.outcome === 'missing') return reply.code(404).send(noRoom(request.params.id));
      const conflict = (message: string) => reply.code(409).send({ error: 'Conflict', message });
      if (result.outcome === 'has-feeds')
        return conflict(`Room ${result.number} still reads channel calendars: remove them on the Channels screen first.`);
      if (result.outcome === 'in-house')
        return conflict(
          `Room ${result.number} has a guest in tonight (booking ${result.bookingId}): move them first, or retire it after they leave.`,
        );
      if (result.outcome === 'below-taken') {
        const shown = result.nights.slice(0, 5).map((n) => `${longDate(n.night)} (${n.taken} taken)`);
        const more = result.nights.length > 5 ? ` and ${result.nights.length - 5} more nights` : '';
        return conflict(
          `Room ${result.number} cannot be retired: its type's other rooms cannot hold what is taken on ${shown.join(', ')}${more}.`,
        );
      }
      request.log.info({ room: result.room.number, moved: result.moved, admin: request.admin?.username }, 'room retired');
      return { room: result.room, moved: result.moved };
    },
  );
};
