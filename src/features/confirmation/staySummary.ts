import type { BookingRecord } from '../../domain/bookingRecord';
import { roomsOf } from '../../domain/bookingRecord';
import { findPackage, findRoom } from '../../domain/rooms';
import type { SelectionState } from '../selection/selectionSlice';
import { nightsBetween } from '../../domain/dates';
import { fallbackRoomName, stayTotal } from '../../domain/stay';

/** What the guest sees on the confirmation screen, before and after the booking is stored. */
export interface StaySummary {
  roomName: string;
  checkIn: string | null;
  checkOut: string | null;
  rooms: number;
  nights: number;
  /** Discounted price per room per night; null when no package was chosen. */
  nightlyPrice: number | null;
  totalPrice: number;
}

export function summarizeSelection(selection: SelectionState): StaySummary {
  const room = findRoom(selection.roomId);
  const nightlyPrice = findPackage(selection.roomId, selection.packageIndex)?.discountPrice ?? null;
  const rooms = room ? selection.roomCount : 0;
  const nights = nightsBetween(selection.startDate, selection.endDate);
  return {
    roomName: room?.title ?? fallbackRoomName,
    checkIn: selection.startDate,
    checkOut: selection.endDate,
    rooms,
    nights,
    nightlyPrice,
    totalPrice: stayTotal(nightlyPrice, rooms, nights),
  };
}

export function summarizeRecord(record: BookingRecord): StaySummary {
  const rooms = roomsOf(record);
  const nights = nightsBetween(record.checkIn, record.checkOut);
  // The record keeps the total only; the nightly price it implies explains it, as before confirming.
  const implied = rooms > 0 && nights > 0 ? record.totalPrice / (rooms * nights) : 0;
  return {
    roomName: record.roomName,
    checkIn: record.checkIn,
    checkOut: record.checkOut,
    rooms,
    nights,
    nightlyPrice: Number.isInteger(implied) && implied > 0 ? implied : null,
    totalPrice: record.totalPrice,
  };
}
