import type { Offers } from '../api/offers';

/** What the store's source of bookings offers (api/offers.ts): screens show or leave out their parts by it. */
export const selectOffers = (state: { offers: Offers }): Offers => state.offers;
