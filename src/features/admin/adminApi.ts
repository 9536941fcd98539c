import { hotelApi } from '../hotel/hotelApi';
import type { ServerBooking } from '../hotel/hotelTypes';
import type { RoomId } from '../../domain/rooms';

export interface Occupancy {
  /** The first night, YYYY-MM-DD. */
  from: string;
  days: number;
  /** booked[i]: rooms taken on the night from + i. */
  rooms: Array<{ roomId: RoomId; title: string; capacity: number; booked: number[] }>;
}

export interface AuditEntry {
  at: string;
  bookingId: string;
  action: string;
  actor: 'admin' | 'guest';
  address: string | null;
}

export interface ImportResult {
  imported: number;
  conflicts: Array<{ bookingId: string; reason: string }>;
}

/** Everything a change to the bookings can alter on the dashboard. */
const bookingsChanged = ['AdminBookings', 'Availability', 'Occupancy', 'Audit'] as const;

/** The admin dashboard's server calls in hotel mode (server/API.md, Admin). */
export const adminApi = hotelApi.injectEndpoints({
  endpoints: (build) => ({
    deleteBooking: build.mutation<{ booking: ServerBooking }, string>({
      query: (bookingId) => ({ url: `admin/bookings/${encodeURIComponent(bookingId)}`, method: 'DELETE' }),
      invalidatesTags: [...bookingsChanged],
    }),
    restoreBooking: build.mutation<{ booking: ServerBooking }, string>({
      query: (bookingId) => ({ url: `admin/bookings/${encodeURIComponent(bookingId)}/restore`, method: 'POST' }),
      invalidatesTags: [...bookingsChanged],
    }),
    getOccupancy: build.query<Occupancy, { days: number }>({
      query: ({ days }) => ({ url: 'admin/occupancy', params: { days } }),
      providesTags: ['Occupancy'],
    }),
    getAudit: build.query<{ items: AuditEntry[] }, void>({
      query: () => 'admin/audit',
      providesTags: ['Audit'],
    }),
    /** A browser-only backup's records, as that mode stores them; nothing the hotel has is overwritten. */
    importBackup: build.mutation<ImportResult, Array<Record<string, unknown>>>({
      query: (records) => ({ url: 'admin/import', method: 'POST', body: records }),
      invalidatesTags: [...bookingsChanged],
    }),
  }),
});

export const { useDeleteBookingMutation, useRestoreBookingMutation, useGetOccupancyQuery, useGetAuditQuery, useImportBackupMutation } =
  adminApi;
