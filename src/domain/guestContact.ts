/**
 * The guest's name and mobile number (issue 34 item 5, hotel mode): the one rule every path goes
 * through (the booking screen, the desk's phone and walk-in bookings, and the server, which checks
 * what any client sends). The desk told guests apart only by email; these let it call them.
 *
 * A name is what a person writes their name with, in any script (Devanagari, Tamil, ... need their
 * vowel signs, Unicode's marks), with spaces, dots, apostrophes and hyphens. A mobile number is
 * kept as E.164 ("+919876543210"): one spelling per number, so that search and the desk agree
 * whichever way it was typed ("098765-43210", "+91 98765 43210").
 */

export const maxGuestNameLength = 100;
/** Long enough for any spacing of 15 digits; the rule below decides the rest. */
export const maxGuestMobileInputLength = 32;

export const guestNameMissing = 'Enter the name the booking is for.';
export const guestNameTooLong = `A name can be at most ${maxGuestNameLength} characters.`;
export const guestNameBadCharacters = 'A name can have letters, spaces, dots, apostrophes and hyphens only.';
export const guestMobileMissing = 'Enter a mobile number, such as 98765 43210 or +44 7700 900123.';
export const guestMobileIndianProblem = 'An Indian mobile number has 10 digits and starts with 6, 7, 8 or 9, such as 98765 43210.';
export const guestMobileProblem =
  'Enter a mobile number, such as 98765 43210 or +44 7700 900123 (from outside India, start with + and the country code).';

export type Checked = { value: string } | { problem: string };

/** Letters and their marks in any script, starting with a letter and ending with one or a dot ("Ravi K."). */
const namePattern = /^\p{L}(?:[\p{L}\p{M} .'-]*[\p{L}\p{M}.])?$/u;

/** The name as stored: trimmed, runs of spaces as one (NFC, so one name is one spelling). */
export function checkGuestName(input: string): Checked {
  const value = input.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (value === '') return { problem: guestNameMissing };
  if (value.length > maxGuestNameLength) return { problem: guestNameTooLong };
  // Apostrophes as phones type them (’) are the same apostrophe.
  const plain = value.replace(/[’‘]/g, "'");
  if (!namePattern.test(plain)) return { problem: guestNameBadCharacters };
  return { value: plain };
}

/**
 * A mobile number as E.164. Indian: 10 digits starting 6-9, with +91, 91 or 0 before them or
 * nothing. Anything else must start with + and its country code: 8 to 15 digits in all (E.164's
 * longest), the first not 0.
 */
export function checkGuestMobile(input: string): Checked {
  const compact = input.trim().replace(/[\s-]/g, '');
  if (compact === '') return { problem: guestMobileMissing };
  if (!/^\+?\d+$/.test(compact)) return { problem: guestMobileProblem };
  const indian = /^(?:\+91|91|0)?(\d{10})$/.exec(compact);
  if (indian) return /^[6-9]/.test(indian[1]!) ? { value: `+91${indian[1]}` } : { problem: guestMobileIndianProblem };
  // +91 with too few or too many digits, or a short number without a country code: an Indian number mistyped.
  if (compact.startsWith('+91') || (!compact.startsWith('+') && compact.length <= 12)) return { problem: guestMobileIndianProblem };
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return { value: compact };
  return { problem: guestMobileProblem };
}

/** A stored number as people read it: "+91 98765 43210"; other countries as stored ("+447700900123"). */
export function showGuestMobile(e164: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : e164;
}

/**
 * A search typed as a number ("98765 43210", "+91 98765-43210") without its spaces and dashes, so
 * that it finds the number as stored; any other query as typed.
 */
export function searchTermForMobile(query: string): string {
  const compact = query.trim().replace(/[\s-]/g, '');
  return /^\+?\d{3,15}$/.test(compact) ? compact : query;
}

/**
 * A request's name and mobile (the confirm, the desk's phone and walk-in bookings) as stored: each
 * checked when sent, null when not (a client written before they were asked), or the first problem.
 */
export function checkGuestContact(body: { guestName?: string; guestMobile?: string }): {
  contact?: { guestName: string | null; guestMobile: string | null };
  problem?: string;
} {
  const name = body.guestName === undefined ? null : checkGuestName(body.guestName);
  if (name && 'problem' in name) return { problem: name.problem };
  const mobile = body.guestMobile === undefined ? null : checkGuestMobile(body.guestMobile);
  if (mobile && 'problem' in mobile) return { problem: mobile.problem };
  return { contact: { guestName: name?.value ?? null, guestMobile: mobile?.value ?? null } };
}
