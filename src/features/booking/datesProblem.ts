import { isIsoDate, nightsBetween, toIsoDate } from '../../domain/dates';
import { maxNights } from '../../domain/stay';

/** Spec section 8: what the guest reads when what they typed is not a date the picker allows. */
export const invalidDateMessage = 'Date input not valid.';

/** Which of the two inputs a problem is about (react-dates' names for them). */
export type DateInput = 'startDate' | 'endDate';

export interface DatesProblem {
  input: DateInput;
  /** The input's text is not a date the picker takes: the spec's message comes first. */
  invalid: boolean;
  /** Why, in words for the guest (never a field's name). */
  why: string;
}

/** A stored date (YYYY-MM-DD) as it is, or typed text (MM/DD/YYYY) as YYYY-MM-DD; null when it is neither. */
function dateOf(value: string): string | null {
  const typed = value.trim();
  if (isIsoDate(typed)) return typed;
  return (/^\d\d?\/\d\d?\/\d{4}$/.test(typed) && toIsoDate(typed)) || null;
}

/** Typed text as the date the picker would take from it (YYYY-MM-DD, from the site's today on); null when it would take none. */
export function typedDate(text: string, today: string): string | null {
  const day = dateOf(text);
  return day && day >= today ? day : null;
}

/**
 * Why the dates given cannot be booked, said where the dates are; null when they can, or are not
 * given (spec section 5: a stay without dates is not blocked in this browser; the hotel asks for
 * them on the confirmation screen). Each value is what the guest chose (YYYY-MM-DD), the text
 * they typed when it is not a date the picker took, or null. The picker's own rules: a date, from
 * today on (the site's: shared/today.ts), check-out after check-in; and no longer than the hotel
 * takes (domain/stay.ts).
 */
export function datesProblem(start: string | null, end: string | null, today: string): DatesProblem | null {
  const [checkIn, checkOut] = [start, end].map((value) => (value ? dateOf(value) : null));
  const problem = (input: DateInput, why: string, invalid = true) => ({ input, invalid, why });
  if (start && !checkIn) return problem('startDate', 'Please type dates as MM/DD/YYYY.');
  if (end && !checkOut) return problem('endDate', 'Please type dates as MM/DD/YYYY.');
  if (checkIn && checkIn < today) return problem('startDate', 'Check-in cannot be before today.');
  if (checkOut && checkIn && checkOut <= checkIn) return problem('endDate', 'Check-out must be after check-in.');
  if (checkOut && checkOut <= today) return problem('endDate', 'Check-out must be after today.');
  if (nightsBetween(checkIn, checkOut) > maxNights)
    return problem('endDate', `A stay can be at most ${maxNights} nights. Please choose an earlier check-out date.`, false);
  return null;
}
