import type { BookingRecord } from '../../domain/bookingRecord';
import { roomsOf } from '../../domain/bookingRecord';
import { nightsBetween } from '../../domain/dates';
import { summarizeStay } from '../../domain/stay';
import type { StaySummary } from '../../domain/stay';
import type { StayNight } from '../../domain/wire';
import type { SelectionState } from '../selection/selectionSlice';

export type { StaySummary };

/** A stay's room total and GST in paise (the invoice's totals). */
export interface StayTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/**
 * Hotel mode, before confirming: the stay's room total and GST from the hotel's own figures for
 * one room each night (the availability answer, priced by the same SQL as the confirm), each night
 * times the rooms and summed, as the invoice sums its lines (README, "GST": nothing rounded again).
 */
export function quoteStay(nights: readonly Pick<StayNight, 'pricePaise' | 'cgstPaise' | 'sgstPaise'>[], rooms: number): StayTax {
  const sum = (part: (night: (typeof nights)[number]) => number) => nights.reduce((total, night) => total + part(night) * rooms, 0);
  return { taxablePaise: sum((n) => n.pricePaise), cgstPaise: sum((n) => n.cgstPaise), sgstPaise: sum((n) => n.sgstPaise) };
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
