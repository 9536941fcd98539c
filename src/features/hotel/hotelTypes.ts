import type { RoomId } from '../../domain/rooms';

/** A booking as the hotel's server answers it (server/API.md). */
export interface ServerBooking {
  bookingId: string;
  /** Null for bookings imported from a browser backup that named no room type. */
  roomId: RoomId | null;
  roomName: string;
  checkIn: string | null;
  checkOut: string | null;
  rooms: number;
  totalPrice: number;
  email: string;
  createdAt: string;
}

/** What GET /api/bookings/:id shows without the guest's key: that it exists, and its dates. */
export type BookingOutline = Pick<ServerBooking, 'bookingId' | 'checkIn' | 'checkOut'>;

export interface AdminSession {
  username: string;
  csrfToken: string;
}

/** The body every error answer carries; `message` is written for a person. */
export interface ServerErrorBody {
  error: string;
  message: string;
}
