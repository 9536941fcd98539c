import type { RootState } from '../../app/store';

/** Spec section 8: the alert and the message once a booking is confirmed (both modes). */
export const confirmedAlert = 'Your room booking was confirmed!';
export const confirmedMessage = 'Your booking is confirmed! Thank you for choosing our hotel.';

// Until the session's selection and draft are read back, the screen would show fallbacks and
// make a new ID over the one a reload should keep.
export const selectSessionRestored = (state: RootState) => state.selection._persist.rehydrated && state.confirmation._persist.rehydrated;
