/**
 * Money on the screens (issue 22): paise as rupees, GST rates as printed, the GSTIN's form, the
 * invoice's SAC, and the price and GST a hotel booking carries. Money is integer paise (₹1 = 100
 * paise) everywhere: no floating-point amounts.
 *
 * The hotel prices nights and works out their GST in PostgreSQL only (price_nights and gst_rates
 * in server/db/functions/prices.sql), by the rounding rule the README states under "GST"; the
 * tests hold it to that rule written out in TypeScript (test/support/gstRule.ts).
 */

import { groupedIndian } from './words';

/** Services Accounting Code of room accommodation, printed on the invoice. */
export const accommodationSac = '996311';

/** ₹7,500.01: paise as rupees with Indian grouping and two decimals. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}₹${groupedIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** ₹8,000 or ₹7,500.01: paise as rupees, with the paise only when there are some (the booking cards, the meal plans' list). */
export function formatRupees(paise: number): string {
  return paise % 100 ? formatPaise(paise) : `${paise < 0 ? '-' : ''}₹${groupedIndian(Math.abs(paise) / 100)}`;
}

/** The GST rate of a line as printed: "2.5%". */
export function formatBasisPoints(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** A GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
export const gstinPattern = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

/** The price and GST a hotel booking carries (the hotel's answer, or this browser's copy of it); null without. */
export function recordTax(booking: {
  taxablePaise?: number;
  cgstPaise?: number;
  sgstPaise?: number;
  invoiceNumber?: string;
  extra?: Record<string, unknown>;
}): { taxablePaise: number; cgstPaise: number; sgstPaise: number; invoiceNumber: string } | null {
  const field = (name: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'invoiceNumber') => booking[name] ?? booking.extra?.[name];
  const [taxablePaise, cgstPaise, sgstPaise, invoiceNumber] = [
    field('taxablePaise'),
    field('cgstPaise'),
    field('sgstPaise'),
    field('invoiceNumber'),
  ];
  const isPaise = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  if (!isPaise(taxablePaise) || !isPaise(cgstPaise) || !isPaise(sgstPaise) || typeof invoiceNumber !== 'string') return null;
  return { taxablePaise, cgstPaise, sgstPaise, invoiceNumber };
}
