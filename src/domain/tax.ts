/**
 * GST on room-nights, and the lines of a tax invoice (issue 22). Money is in integer paise
 * (₹1 = 100 paise) everywhere here: no floating-point amounts.
 *
 * Rounding rule (stated in the README, property-tested in test/domain/tax.test.ts, and done the
 * same way by gst_line() in server/db/migrations/009-prices.sql):
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
 * hotel keeps its copy in the database (hotel_settings.gst_slabs) and the owner can change it.
 */
export const defaultGstSlabs: readonly GstSlab[] = [
  { upToPaise: 750_000, cgstBasisPoints: 250, sgstBasisPoints: 250 },
  { upToPaise: null, cgstBasisPoints: 900, sgstBasisPoints: 900 },
];

/** Services Accounting Code of room accommodation, printed on the invoice. */
export const accommodationSac = '996311';

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

/** ₹7,500.01: paise as rupees with Indian grouping and two decimals. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  const rupees = String(Math.floor(abs / 100));
  const grouped = rupees.length <= 3 ? rupees : `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}`;
  return `${sign}₹${grouped}.${String(abs % 100).padStart(2, '0')}`;
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
