import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { publishedCalendar as calendarFile } from '../../src/domain/calendar';
import { Refusal } from '../../src/domain/wire';
import { hotelToday } from '../bookingRules';
import { typeTitle } from '../channels/channelSync';
import { publishedCalendar } from '../db/channelQueries';
import type { Database } from '../db/database';

/**
 * The calendars channels read (issue 38): GET /api/calendars/<token>.ics, a room's, a room type's,
 * or a room's for one channel (server/db/channelQueries.ts publishedCalendar says what each holds).
 * No sign-in: the token is the key (244 random bits), replaceable on the Channels screen. An
 * unknown token gets the same 404 as a malformed one.
 */
export const calendarRoutes: FastifyPluginAsyncTypebox<{ db: Database; publicUrl: string; now: () => Date }> = async (
  app,
  { db, publicUrl, now },
) => {
  let host = 'hotel.invalid';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is checked at start; the fallback only keeps UIDs well formed.
  }
  const notFound = {
    error: 'Not Found',
    message: 'No calendar at this address. It may have been replaced: ask the hotel for the new one.',
  };

  app.get(
    '/api/calendars/:file',
    {
      schema: {
        params: Type.Object({ file: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
        // The calendar is a file (RFC 5545), sent as its text.
        response: { 200: { content: { 'text/calendar': { schema: Type.String() } } }, 404: Refusal },
      },
    },
    async (request, reply) => {
      const token = /^([a-f0-9]{64})\.ics$/.exec(request.params.file)?.[1];
      if (!token) return reply.code(404).send(notFound);
      const calendar = await publishedCalendar(db.pool, token, hotelToday(now()), host, typeTitle);
      if (!calendar) return reply.code(404).send(notFound);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(calendarFile(calendar.name, calendar.events, now().toISOString()));
    },
  );
};
