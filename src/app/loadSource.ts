import { isHotelMode } from '../shared/hotelMode';

/**
 * The chunk of the store's source of bookings (its base query), which brings the bookings API with
 * it: the hotel's server in hotel mode, this browser's storage otherwise. StoreProvider.tsx connects it; the entry
 * (main.tsx) asks for it alongside the store when the first screen asks the API, so that it
 * downloads with them rather than after them (webpack loads a chunk once, whoever asks first).
 */
export const loadSource = () =>
  isHotelMode()
    ? import(/* webpackChunkName: "hotel-source" */ '../api/hotelBaseQuery')
    : import(/* webpackChunkName: "browser-source" */ '../features/bookings/browserBaseQuery');
