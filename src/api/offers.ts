/**
 * What a source of bookings can do beyond what every source does (confirm, show one booking,
 * change its email, list, search, delete, back up). Screens show or leave out their parts by
 * these, and never ask which mode the site runs in. A flag left out is not offered.
 */
export interface Offers {
  /** Where the bookings are kept: only in this browser, or at the hotel (the guest's own copies stay here too). */
  keeper: 'browser' | 'hotel';
  /** Staff screens need someone signed in. */
  signIn?: boolean;
  /** Rooms left for the chosen dates, on the booking screen. */
  roomsLeft?: boolean;
  /** A booking can be found from any device by its ID and the email it was made with. */
  lookupByEmail?: boolean;
  /** A deleted booking can be brought back. */
  undo?: boolean;
  /** Who changed which booking, when. */
  audit?: boolean;
  /** Rooms taken per night, per room type. */
  occupancy?: boolean;
  /** A stay without dates or a room can be confirmed (the spec's "Deluxe Room" fallback); a hotel needs both. */
  incompleteStays?: boolean;
  /** The bookings made lately per address and per email, and deleting one's burst at once (undoing an attack on the rooms). */
  bursts?: boolean;
  /** The emails the hotel sends (or holds without SMTP), each readable, and sending one again. */
  outbox?: boolean;
  /** The guest's emails carry a link to change or cancel the stay (/manage), and the portal mails it again on request. */
  manageLinks?: boolean;
  /** Today at the desk: arrivals, departures, guests in the house, check-in and check-out, phone and walk-in bookings (issue 23). */
  desk?: boolean;
  /** Staff accounts with roles, each with their own sign-in (issue 23). */
  staff?: boolean;
  /** The owner sets rooms, nightly prices, closures and minimum stays; bookings carry GST and a tax invoice (issue 22). */
  prices?: boolean;
  /** Rooms by number: the owner names them, each booking is placed on rooms, the desk sees and moves them (issue 38). */
  rooms?: boolean;
  /** Each room's calendar kept in step with Airbnb, Booking.com and other channels by iCal (issue 38). */
  channels?: boolean;
  /** The owner's figures (occupancy, ADR, RevPAR, pickup, on the books) and the GST returns (issue 39). */
  reports?: boolean;
  /** The owner's payment policy, advances paid online through Razorpay, refunds and GST vouchers (issue 37). */
  payments?: boolean;
  /** A booking asks the guest's name and mobile number with the email, and staff see them (issue 34 item 5). */
  guestContact?: boolean;
}

/**
 * The bookings kept in this browser only: the site as the specification describes it, and nothing
 * more. The store starts with it; the hotel's offers come with the hotel's source
 * (hotelBaseQuery.ts, a chunk of its own), so a new offer costs the booking screen's budget nothing.
 */
export const browserOffers: Offers = { keeper: 'browser', incompleteStays: true };
