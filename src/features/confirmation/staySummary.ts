import type { BookingRecord } from '../../domain/bookingRecord';
import { roomsOf } from '../../domain/bookingRecord';
import { nightsBetween } from '../../domain/dates';
import { summarizeStay } from '../../domain/stay';
import type { StaySummary } from '../../domain/stay';
import type { SelectionState } from '../selection/selectionSlice';

export type { StaySummary };

/** A stay's room total and GST in paise (the invoice's totals). */
export interface StayTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export function summarizeSelection(selection: SelectionState): StaySummary {
  return summarizeStay(selection);
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
