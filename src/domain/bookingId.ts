/** Booking IDs are BK followed by a number from 100000 to 999999 (spec section 9). */
export const bookingIdPattern = /^BK[1-9]\d{5}$/;

export function makeBookingId(taken: ReadonlySet<string> | readonly string[] = [], random: () => number = Math.random): string {
  const used = taken instanceof Set ? taken : new Set(taken as readonly string[]);
  if (used.size >= 900_000) throw new Error('Every booking ID is taken');
  for (;;) {
    const id = `BK${100000 + Math.floor(random() * 900000)}`;
    if (!used.has(id)) return id;
  }
}
