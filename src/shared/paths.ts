/** Every route of the site in one table (spec section 2). Paths match case-insensitively, so /Booking reaches /booking. */
export const paths = {
  home: '/',
  booking: '/booking',
  bookingDetails: '/booking-details',
  adminBookings: '/admin-bookings',
  adminBursts: '/admin-bursts',
  adminOutbox: '/admin-outbox',
  adminDesk: '/admin-desk',
  /** Hotel mode (issue 40): the arrivals still lacking Form C, and one booking's Form C. */
  adminFormC: '/admin-desk/form-c',
  adminFormCBooking: '/admin-desk/form-c/:bookingId',
  adminStaff: '/admin-staff',
  adminPrices: '/admin-prices',
  adminRooms: '/admin-rooms',
  adminChannels: '/admin-channels',
  adminReports: '/admin-reports',
  /** Hotel mode with payments (issue 37): the owner's Payments screen. */
  adminPayments: '/admin-payments',
  /** Hotel mode (issue 40): the owner's catalogue of services, and a stay's running bill at the desk. */
  adminServices: '/admin-services',
  adminBill: '/admin-desk/bill/:bookingId',
  invoice: '/invoice/:bookingId',
  /** Hotel mode with payments: a booking's payment (where Razorpay sends the guest back), and a printable GST voucher. */
  bookingPayment: '/booking-payment/:bookingId',
  voucher: '/voucher/:bookingId/:voucherNumber',
  viewBookings: '/view-bookings',
  bookingPortal: '/booking-portal',
  customerBooking: '/customer-booking/:bookingId',
  /** Hotel mode: the guest's manage link, `/manage#<token>` (the token never leaves the browser in a URL). */
  manage: '/manage',
} as const;

/**
 * Router state the portal hands the guest view in hotel mode: the email the guest typed, kept in
 * memory (history state), never in the address, to look the booking up with.
 */
export interface CustomerBookingState {
  lookupEmail?: string;
}
