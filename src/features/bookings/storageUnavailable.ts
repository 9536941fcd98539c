/**
 * What the guest is told where the browser refuses this site storage. Its own module, so that a
 * screen that only says it (StorageNotice.tsx, on the booking screen's budget) carries none of the
 * thunks that save bookings (bookingsThunks.ts, saveFailureMessage).
 */
export const storageUnavailableMessage =
  'This browser does not allow this site to store data (site data may be blocked), so bookings cannot be saved in this browser.';
