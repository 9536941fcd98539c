import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readBookingRecord, roomsOf } from '../../src/domain/bookingRecord';
import { rooms as roomTypes } from '../../src/domain/rooms';
import { capacityOf } from '../bookingRules';
import { importBooking } from '../db/bookingQueries';
import type { ImportOutcome } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { requireAdmin } from '../plugins/adminAuth';
import { bookingIdParam, ImportBody } from '../../src/domain/wire';
import { importBodyLimit } from '../limits';

type Conflict = { bookingId: string; reason: string };

const bookingIdPattern = new RegExp(bookingIdParam.pattern!);

/**
 * Takes the browser-only mode's JSON backup (Download JSON on its admin dashboard) into the
 * hotel's database: IDs are kept, an ID the hotel already has is reported and left as it is,
 * and a record whose nights are full is reported rather than overbooked.
 */
export const adminImportRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  // Before the body is read: a caller without a session gets 401, not a parse of their upload.
  app.addHook('onRequest', requireAdmin(db.pool));
  app.post('/api/admin/import', { bodyLimit: importBodyLimit, schema: { body: ImportBody } }, async (request) => {
    let imported = 0;
    const conflicts: Conflict[] = [];
    for (const [index, raw] of request.body.entries()) {
      const read = readBookingRecord(raw);
      if ('problem' in read) {
        conflicts.push({ bookingId: `record ${index + 1}`, reason: `not a booking record (${read.problem})` });
        continue;
      }
      const record = read.record;
      // An ID the other admin routes cannot address (DELETE /api/admin/bookings/:bookingId) would
      // be a booking nobody can delete: only the characters booking IDs are made of.
      if (!bookingIdPattern.test(record.bookingId)) {
        conflicts.push({
          bookingId: `record ${index + 1}`,
          reason: 'not a booking record (bookingId may hold only letters, digits, - and _)',
        });
        continue;
      }
      const room = roomTypes.find((type) => type.title === record.roomName);
      const rooms = roomsOf(record);
      if (rooms > 3) {
        conflicts.push({ bookingId: record.bookingId, reason: 'more than 3 rooms' });
        continue;
      }
      if (record.checkIn && record.checkOut && record.checkOut <= record.checkIn) {
        conflicts.push({ bookingId: record.bookingId, reason: 'check-out is not after check-in' });
        continue;
      }
      const holdsNights = Boolean(room && record.checkIn && record.checkOut && rooms > 0);
      let outcome: ImportOutcome;
      try {
        outcome = await importBooking(
          db.pool,
          {
            bookingId: record.bookingId,
            roomId: holdsNights ? room!.id : null,
            roomName: record.roomName,
            rooms,
            checkIn: record.checkIn,
            checkOut: record.checkOut,
            totalPrice: Math.round(record.totalPrice),
            email: record.email,
            createdAt: record.createdAt && !Number.isNaN(Date.parse(record.createdAt)) ? record.createdAt : null,
          },
          room ? capacityOf(room.id) : 0,
          request.ip,
        );
      } catch (error) {
        // PostgreSQL refused one of its values (class 22: a number past 32 bits, a timestamp only
        // JavaScript reads): that record is reported, the rest go on.
        if (!/^22/.test(String((error as { code?: unknown }).code))) throw error;
        conflicts.push({ bookingId: record.bookingId, reason: 'a value in this record cannot be stored (a number or date out of range)' });
        continue;
      }
      if (outcome === 'imported') imported++;
      else
        conflicts.push({
          bookingId: record.bookingId,
          reason: outcome === 'exists' ? 'the hotel already has a booking with this ID' : 'no rooms of this type are left on those nights',
        });
    }
    return { imported, conflicts };
  });
};
