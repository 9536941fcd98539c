import { adminBookingPath, bookingsApi, bookingsChanged } from '../../api/bookingsApi';
import { storageRefusal } from '../../api/requestErrors';
import { toStoredRecord } from '../../domain/bookingRecord';
import type { AuditEntry, OccupancyReply } from '../../domain/wire';
import { parseBackup } from '../bookings/bookingsBackup';

export interface ImportOutcome {
  added: number;
  /** Bookings already here, left as they are. */
  skipped: number;
  /** Entries in the file that could not be read at all. */
  unreadable: number;
  /** Bookings the keeper refused, each with why. */
  refused: Array<{ bookingId: string; reason: string }>;
}

/** The hotel's answer to an import (server/API.md); this browser's storage also says how many it had already. */
interface ImportReply {
  imported: number;
  skipped?: number;
  conflicts: Array<{ bookingId: string; reason: string }>;
}

export type ExportFormat = 'csv' | 'json';

export const adminApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    deleteBooking: build.mutation<{ bookingId: string }, string>({
      query: (bookingId) => ({ url: adminBookingPath(bookingId), method: 'DELETE' }),
      transformResponse: ({ booking }: { booking: { bookingId: string } }) => ({ bookingId: booking.bookingId }),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    getOccupancy: build.query<OccupancyReply, { days: number }>({
      query: ({ days }) => ({ url: 'admin/occupancy', params: { days } }),
      providesTags: ['Occupancy'],
    }),
    getAudit: build.query<{ items: AuditEntry[] }, void>({
      query: () => 'admin/audit',
      providesTags: ['Audit'],
    }),
    /**
     * A JSON backup's text: what the keeper lacks is added, nothing it has is changed. The file is
     * read here, before any request (a queryFn for that alone): a file that is not a backup is
     * refused with why, and the keeper gets the records it holds.
     */
    importBackup: build.mutation<ImportOutcome, string>({
      async queryFn(text, _api, _extraOptions, baseQuery) {
        const backup = parseBackup(text);
        if ('problem' in backup) return storageRefusal(backup.problem);
        const result = await baseQuery({ url: 'admin/import', method: 'POST', body: backup.records.map(toStoredRecord) });
        if (result.error) return { error: result.error };
        const { imported, skipped = 0, conflicts } = result.data as ImportReply;
        return { data: { added: imported, skipped, unreadable: backup.unreadable, refused: conflicts } };
      },
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** Every booking as a file's text, fetched when asked for (a mutation: nothing to keep in the cache). */
    exportBookings: build.mutation<string, ExportFormat>({
      query: (format) => ({ url: 'admin/export', params: { format }, responseHandler: 'text' }),
    }),
  }),
});

export const { useDeleteBookingMutation, useGetOccupancyQuery, useGetAuditQuery, useImportBackupMutation, useExportBookingsMutation } =
  adminApi;
