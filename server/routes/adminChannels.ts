import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChannelsReply, FeedBody, FeedEntry, IdParams, SyncReply, TypeParams } from '../../src/domain/roomsWire';
import { NoContent, Refusal } from '../../src/domain/wire';
import { hotelToday } from '../bookingRules';
import { syncClaimed, typeTitle } from '../channels/channelSync';
import type { ChannelSettings } from '../channels/channelSettings';
import { feedAddress } from '../channels/fetchFeed';
import {
  addFeed,
  calendarUrl,
  channelLog,
  channelsOverview,
  claimFeed,
  findFeed,
  removeFeed,
  replaceFeedToken,
  replaceTypeToken,
} from '../db/channelQueries';
import type { Database } from '../db/database';
import { overbookedNights, replaceRoomToken } from '../db/roomQueries';
import type { MailContext } from '../mail/outbox';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';

/**
 * The Channels screen's API (issue 38), owners only: each room's calendar address and the channel
 * calendars it reads, adding and removing one, Sync now, new addresses for a calendar that leaked,
 * and the log.
 */
export interface ChannelRouteOptions {
  db: Database;
  mail: MailContext;
  channels: ChannelSettings;
  /** The booking horizon: how far ahead a feed's nights are read. */
  horizonDays: number;
  now: () => Date;
}

const noFeed = (id: number) => ({ error: 'Not Found', message: `No channel calendar with ID: ${id}` });

export const adminChannelRoutes: FastifyPluginAsyncTypebox<ChannelRouteOptions> = async (app, { db, mail, channels, horizonDays, now }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);
  const today = () => hotelToday(now());

  app.get('/api/admin/channels', { schema: { response: { 200: ChannelsReply } } }, async () => {
    const [overview, log, overbooked, settings] = await Promise.all([
      channelsOverview(db.pool, mail.publicUrl),
      channelLog(db.pool),
      overbookedNights(db.pool, today(), typeTitle),
      db.pool.query<{ hotel_email: string | null }>('SELECT hotel_email FROM mail_settings'),
    ]);
    return {
      rooms: overview.rooms.map((room) => ({
        id: room.id,
        number: room.number,
        typeId: room.typeId,
        title: typeTitle(room.typeId),
        calendarUrl: calendarUrl(mail.publicUrl, room.calendarToken),
        feeds: room.feeds,
      })),
      types: overview.types.map((type) => ({
        typeId: type.typeId,
        title: typeTitle(type.typeId),
        calendarUrl: calendarUrl(mail.publicUrl, type.calendarToken),
      })),
      log,
      overbooked,
      syncMinutes: channels.syncMinutes,
      allowPrivate: channels.fetch.allowPrivate !== false,
      hotelEmail: settings.rows[0]?.hotel_email != null,
    };
  });

  /** Reads the feed now and answers what it found (a failure is an answer too: the feed shows it). */
  async function syncNow(feedId: number) {
    const claim = await claimFeed(db.pool, feedId, channels.syncMinutes);
    if (!claim) return null;
    const result = await syncClaimed(db.pool, claim, channels, horizonDays, now);
    if (result.overbooked.length) mail.onQueued?.();
    return { feed: (await findFeed(db.pool, feedId, mail.publicUrl))!, result };
  }

  app.post(
    '/api/admin/channels/feeds',
    { schema: { body: FeedBody, response: { 201: SyncReply, 400: Refusal, 404: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const { roomId, label, url } = request.body;
      const address = feedAddress(url);
      if (typeof address === 'string') return reply.code(400).send({ error: 'Bad Request', message: `url: the address ${address}` });
      const added = await addFeed(db.pool, roomId, label, address.toString());
      if (added.outcome === 'missing') return reply.code(404).send({ error: 'Not Found', message: `No room in use with ID: ${roomId}` });
      if (added.outcome === 'duplicate')
        return reply.code(409).send({ error: 'Conflict', message: 'This room reads that calendar already.' });
      request.log.info({ feedId: added.feedId, roomId, label, admin: request.admin?.username }, 'channel calendar added');
      return reply.code(201).send((await syncNow(added.feedId))!);
    },
  );

  app.post(
    '/api/admin/channels/feeds/:id/sync',
    { schema: { params: IdParams, response: { 200: SyncReply, 404: Refusal } } },
    async (request, reply) => {
      const synced = await syncNow(request.params.id);
      if (!synced) return reply.code(404).send(noFeed(request.params.id));
      return synced;
    },
  );

  app.delete(
    '/api/admin/channels/feeds/:id',
    { schema: { params: IdParams, response: { 204: NoContent, 404: Refusal } } },
    async (request, reply) => {
      if (!(await removeFeed(db.pool, request.params.id, today()))) return reply.code(404).send(noFeed(request.params.id));
      request.log.info({ feedId: request.params.id, admin: request.admin?.username }, 'channel calendar removed');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/channels/feeds/:id/token',
    { schema: { params: IdParams, response: { 200: FeedEntry, 404: Refusal } } },
    async (request, reply) => {
      if (!(await replaceFeedToken(db.pool, request.params.id))) return reply.code(404).send(noFeed(request.params.id));
      return (await findFeed(db.pool, request.params.id, mail.publicUrl))!;
    },
  );

  app.post(
    '/api/admin/channels/rooms/:id/token',
    { schema: { params: IdParams, response: { 204: NoContent, 404: Refusal } } },
    async (request, reply) => {
      if (!(await replaceRoomToken(db.pool, request.params.id)))
        return reply.code(404).send({ error: 'Not Found', message: `No room in use with ID: ${request.params.id}` });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/channels/types/:typeId/token',
    { schema: { params: TypeParams, response: { 204: NoContent, 404: Refusal } } },
    async (request, reply) => {
      if (!(await replaceTypeToken(db.pool, request.params.typeId)))
        return reply.code(404).send({ error: 'Not Found', message: `No room type with ID: ${request.params.typeId}` });
      return reply.code(204).send(null);
    },
  );
};
