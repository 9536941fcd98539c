import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readBookingRecord } from '../../src/domain/bookingRecord';
import { capacityOf } from '../bookingRules';
import { importBooking } from '../db/bookingQueries';
import type { ImportOutcome } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import { ImportBody, ImportReply } from '../../src/domain/wire';
import { importBodyLimit } from '../limits';
import { importProblem } from '../importRules';
import type { StayGate } from '../stayGate';

type Conflict = { bookingId: string; reason: string };

/**
 * Takes the browser-only mode's JSON backup (Download JSON on its admin dashboard) into the
 * hotel's database: IDs are kept, an ID the hotel already has is reported and left as it is, a
 * record a confirm would refuse is reported with why (importRules.ts), and a record whose nights
 * are full is reported rather than overbooked.
 */
export const adminImportRoutes: FastifyPluginAsyncTypebox<{ db: Database; gate: StayGate }> = async (app, { db, gate }) => {
  // Before the body is read: a caller without a session gets 401, not a parse of their upload.
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);
  app.post(
    '/api/admin/import',
    { bodyLimit: importBodyLimit, schema: { body: ImportBody, response: { 200: ImportReply } } },
    async (request) => {
      let imported = 0;
      const conflicts: Conflict[] = [];
      for (const [index, raw] of request.body.entries()) {
        const read = readBookingRecord(raw);
        if ('problem' in read) {
          conflicts.push({ bookingId: `record ${index + 1}`, reason: `not a booking record (${read.problem})` });
          continue;
        }
        // Every rule a confirm applies: an ID a guest can look up, an email address, a room of the
        // hotel, and the stay gate's (a past stay excepted: a backup records stays made).
        const checked = importProblem(read.record, gate);
        if ('problem' in checked) {
          // An ID made of other characters than IDs are is reported by its place in the file.
          const named = /^[A-Za-z0-9_-]+$/.test(read.record.bookingId) ? read.record.bookingId : `record ${index + 1}`;
          conflicts.push({ bookingId: named, reason: checked.problem });
          continue;
        }
        const record = checked.record;
        let outcome: ImportOutcome;
        try {
          outcome = await importBooking(
            db.pool,
            {
              bookingId: record.bookingId,
              roomId: record.room.id,
              roomName: record.room.title,
              rooms: record.rooms,
              checkIn: record.checkIn,
              checkOut: record.checkOut,
              totalPrice: Math.round(read.record.totalPrice),
              email: record.email,
              createdAt: read.record.createdAt && !Number.isNaN(Date.parse(read.record.createdAt)) ? read.record.createdAt : null,
            },
            capacityOf(record.room.id),
            request.ip,
            request.admin!.username,
          );
        } catch (error) {
          // PostgreSQL refused one of its values (class 22: a number past 32 bits, a timestamp only
          // JavaScript reads): that record is reported, the rest go on.
          if (!/^22/.test(String((error as { code?: unknown }).code))) throw error;
          conflicts.push({
            bookingId: record.bookingId,
            reason: 'a value in this record cannot be stored (a number or date out of range)',
          });
          continue;
        }
        if (outcome.outcome === 'imported') imported++;
        else if (outcome.outcome === 'exists')
          conflicts.push({ bookingId: record.bookingId, reason: 'the hotel already has a booking with this ID' });
        else if (outcome.outcome === 'unavailable')
          conflicts.push({ bookingId: record.bookingId, reason: 'no rooms of this type are left on those nights' });
        // A closed night or a stay under the minimum: what a confirm of it would be told.
        else conflicts.push({ bookingId: record.bookingId, reason: gate.refused(outcome).body.message });
      }
      return { imported, conflicts };
    },
  );
};
