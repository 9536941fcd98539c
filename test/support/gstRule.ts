/**
 * The README's GST rule (under "GST") written out in TypeScript, for the tests only: the site
 * prices nights in PostgreSQL alone (price_nights and gst_rates in server/db/functions/prices.sql,
 * fixed on a booking by confirm_booking), and test/server/prices.test.ts holds the database's
 * arithmetic to this for any price, while test/domain/tax.test.ts checks this against the rule's
 * own cases. Money in integer paise.
 *
 *   1. The slab is chosen per room per night on the price actually charged for that night
 *      (the first slab whose `upToPaise` is at least the price, or the open-ended last one).
 *   2. CGST and SGST of ONE room-night are each rounded half up to the paisa:
 *      floor((price × basis points + 5,000) / 10,000).
 *   3. A night's line is that room-night's price, CGST and SGST times the number of rooms.
 *   4. Every total (taxable value, CGST, SGST, total with tax) is the sum of the lines: nothing
 *      is rounded again, so the invoice always adds up to the paisa.
 */

export interface GstSlab {
  /** The highest room-night price (paise) this slab covers; null: every price above the slab before. */
  upToPaise: number | null;
  /** Central tax in basis points (250 = 2.5%). */
  cgstBasisPoints: number;
  /** State tax in basis points. */
  sgstBasisPoints: number;
}

/**
 * The slabs in force since 22 Sep 2025 (Notification 15/2025-Central Tax (Rate)): a room-night
 * charged at most ₹7,500 is taxed 5% (2.5% + 2.5%), above that 18% (9% + 9%). Data, not code: the
 * hotel keeps them in the database (hotel_settings.gst_slabs, seeded by migration 009), and the
 * owner can change them.
 */
export const defaultGstSlabs: readonly GstSlab[] = [
  { upToPaise: 750_000, cgstBasisPoints: 250, sgstBasisPoints: 250 },
  { upToPaise: null, cgstBasisPoints: 900, sgstBasisPoints: 900 },
];

/** A share of an amount in basis points, rounded half up to the paisa (non-negative amounts). */
export function basisPointsOf(paise: number, basisPoints: number): number {
  return Math.floor((paise * basisPoints + 5_000) / 10_000);
}

export function slabFor(pricePaise: number, slabs: readonly GstSlab[] = defaultGstSlabs): GstSlab {
  const slab = slabs.find((s) => s.upToPaise === null || pricePaise <= s.upToPaise) ?? slabs[slabs.length - 1];
  if (!slab) throw new Error('No GST slabs');
  return slab;
}

/** One night of a stay as the invoice lists it: `rooms` rooms at `pricePaise` each. */
export interface InvoiceLine {
  night: string;
  rooms: number;
  /** Price of one room for this night, tax exclusive. */
  pricePaise: number;
  cgstBasisPoints: number;
  sgstBasisPoints: number;
  /** pricePaise × rooms. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface InvoiceTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

export function invoiceLine(night: string, pricePaise: number, rooms: number, slabs: readonly GstSlab[] = defaultGstSlabs): InvoiceLine {
  const slab = slabFor(pricePaise, slabs);
  return {
    night,
    rooms,
    pricePaise,
    cgstBasisPoints: slab.cgstBasisPoints,
    sgstBasisPoints: slab.sgstBasisPoints,
    taxablePaise: pricePaise * rooms,
    cgstPaise: basisPointsOf(pricePaise, slab.cgstBasisPoints) * rooms,
    sgstPaise: basisPointsOf(pricePaise, slab.sgstBasisPoints) * rooms,
  };
}

export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  let taxablePaise = 0;
  let cgstPaise = 0;
  let sgstPaise = 0;
  for (const line of lines) {
    taxablePaise += line.taxablePaise;
    cgstPaise += line.cgstPaise;
    sgstPaise += line.sgstPaise;
  }
  return { taxablePaise, cgstPaise, sgstPaise, totalPaise: taxablePaise + cgstPaise + sgstPaise };
}

/** The invoice lines of a stay from each night's price of one room. */
export function priceNights(
  nights: readonly { night: string; pricePaise: number }[],
  rooms: number,
  slabs: readonly GstSlab[] = defaultGstSlabs,
): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = nights.map((n) => invoiceLine(n.night, n.pricePaise, rooms, slabs));
  return { lines, totals: invoiceTotals(lines) };
}

/** The financial year (April to March) of a date: 2026-03-31 is in 2025-26, 2026-04-01 in 2026-27. */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** INV-2627-000042: the 42nd invoice of FY 2026-27 (15 characters; at most 999,999 a year). */
export function invoiceNumber(fy: string, sequence: number): string {
  return `INV-${fy.slice(2, 4)}${fy.slice(5, 7)}-${String(sequence).padStart(6, '0')}`;
}

/**
 * RCV-2627-000042 (receipt) and RFV-2627-000042 (refund): each series gapless per financial year,
 * as invoices are (issue 37; the server numbers them in SQL, functions/payments.sql).
 */
export function voucherNumber(kind: 'receipt' | 'refund', isoDate: string, sequence: number): string {
  const fy = financialYear(isoDate);
  return `${kind === 'receipt' ? 'RCV' : 'RFV'}-${fy.slice(2, 4)}${fy.slice(5, 7)}-${String(sequence).padStart(6, '0')}`;
}
