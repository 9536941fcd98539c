import { datesTests } from './bookingDates';

// Issue 34 items 0, 3 and 8 in hotel mode (the same screen, the hotel's own rules behind it).
datesTests('hotel mode');
