import { isIsoDate } from './dates';

/**
 * Form C (issue 40): the particulars the Foreigners Regional Registration Office asks of a hotel
 * for each guest with a foreign passport. One rule for the browser's form and the server's save:
 * which particulars there are (in the form's order and words), which are still missing, and
 * whether what was typed can be right.
 */

export const formCFields = [
  ['fullName', 'Full name'],
  ['nationality', 'Nationality'],
  ['passportNumber', 'Passport number'],
  ['passportIssueDate', 'Passport date of issue'],
  ['passportIssuePlace', 'Passport place of issue'],
  ['passportExpiry', 'Passport valid until'],
  ['visaNumber', 'Visa number'],
  ['visaType', 'Visa type'],
  ['visaIssueDate', 'Visa date of issue'],
  ['visaExpiry', 'Visa valid until'],
  ['arrivalInIndia', 'Date of arrival in India'],
  ['arrivedFrom', 'Arrived from (city, country)'],
  ['nextDestination', 'Next destination'],
  ['addressInIndia', 'Address in India'],
  ['arrivalAtHotel', 'Date of arrival at the hotel'],
] as const;

export type FormCField = (typeof formCFields)[number][0];
/** A guest's particulars as typed: every one a string, '' while not known yet. */
export type FormCParticulars = Record<FormCField, string>;

export const formCDateFields: readonly FormCField[] = [
  'passportIssueDate',
  'passportExpiry',
  'visaIssueDate',
  'visaExpiry',
  'arrivalInIndia',
  'arrivalAtHotel',
];

export const formCLabel = (field: FormCField): string => formCFields.find(([name]) => name === field)![1];

export function emptyParticulars(addressInIndia = '', arrivalAtHotel = ''): FormCParticulars {
  const guest = Object.fromEntries(formCFields.map(([name]) => [name, ''])) as FormCParticulars;
  return { ...guest, addressInIndia, arrivalAtHotel };
}

/** The particulars not given yet, in the form's words (the screen's checklist). */
export function missingParticulars(guest: FormCParticulars): string[] {
  return formCFields.filter(([name]) => guest[name].trim() === '').map(([, label]) => label);
}

/** Form C is for foreigners: an Indian national is registered otherwise. */
const indian = new Set(['india', 'indian', 'ind', 'in', 'bharat', 'bharatiya']);

/**
 * Why these particulars cannot be saved, naming the field in words, or null. A guest may be saved
 * with particulars missing (the checklist shows them), but not without a name and a nationality,
 * and nothing typed may be wrong: a date that is no date, dates out of order, an Indian national.
 */
export function particularsProblem(guest: FormCParticulars): string | null {
  if (guest.fullName.trim() === '') return 'Full name: enter the guest’s name as in the passport.';
  if (guest.nationality.trim() === '') return 'Nationality: enter the guest’s nationality as in the passport.';
  if (indian.has(guest.nationality.trim().toLowerCase().replace(/\.$/, '')))
    return 'Nationality: Form C is for foreign nationals; an Indian national needs no Form C.';
  for (const field of formCDateFields) {
    const value = guest[field].trim();
    if (value !== '' && !isIsoDate(value)) return `${formCLabel(field)}: must be a date (YYYY-MM-DD).`;
  }
  const before = (earlier: FormCField, later: FormCField, strictly: boolean, why: string): string | null => {
    const a = guest[earlier].trim();
    const b = guest[later].trim();
    if (a === '' || b === '') return null;
    return (strictly ? b <= a : b < a) ? `${formCLabel(later)}: ${why}` : null;
  };
  return (
    before('passportIssueDate', 'passportExpiry', true, 'must be after the passport’s date of issue.') ??
    before('visaIssueDate', 'visaExpiry', true, 'must be after the visa’s date of issue.') ??
    before('visaIssueDate', 'arrivalInIndia', false, 'cannot be before the visa’s date of issue.') ??
    before('arrivalInIndia', 'arrivalAtHotel', false, 'cannot be before the date of arrival in India.') ??
    before('arrivalInIndia', 'visaExpiry', false, 'had ended before the date of arrival in India.') ??
    before('arrivalInIndia', 'passportExpiry', false, 'had ended before the date of arrival in India.')
  );
}

/** Trims each particular (what is saved and checked). */
export function trimmedParticulars(guest: FormCParticulars): FormCParticulars {
  return Object.fromEntries(formCFields.map(([name]) => [name, guest[name].trim()])) as FormCParticulars;
}
