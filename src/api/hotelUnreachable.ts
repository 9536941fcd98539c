import { createAction } from '@reduxjs/toolkit';

/** A try at reaching the hotel: the one about to be made, counting the first (2 for the first retry), of how many. */
export interface HotelRetry {
  nextTry: number;
  tries: number;
}

/**
 * The hotel did not answer a request that is sent again (the confirm, hotelBaseQuery.ts), and
 * another try follows. In a module of its own: the confirmation slice, which shows it, is in every
 * screen's store, and takes no API code with it.
 */
export const hotelUnreachable = createAction<HotelRetry>('hotel/unreachable');
