import type pg from 'pg';
import type { ReportReply } from '../../src/domain/reportsWire';

/**
 * The owner's reports and the accountant's GST figures (issue 39): every figure is worked out in
 * PostgreSQL (server/db/functions/reports.sql), from the sums it keeps per night and per arrival
 * day (migration 050); this module only asks, and names what comes back.
 */

type Queryable = pg.Pool | pg.PoolClient;

/** What waits to be added to the report sums, added (at most one run at a time; the others go on). */
export async function foldReportFacts(db: Queryable): Promise<void> {
  await db.query('SELECT fold_report_facts()');
}

/**
 * The hotel's time zone, as the server starts with it: the sums are built again if it changed
 * (seconds for a large hotel: past the pool's 5 s for a request, as a migration's statements are).
 */
export async function setReportTimeZone(db: Queryable, timeZone: string): Promise<void> {
  await db.query({ text: 'SELECT set_report_time_zone($1)', values: [timeZone], query_timeout: 600_000 } as pg.QueryConfig);
}

export interface ReportRange {
  /** First and last stay night, YYYY-MM-DD. */
  from: string;
  to: string;
  roomId: string | null;
  /** The hotel's month of today (YYYY-MM-01): on the books counts the 12 months from it. */
  month: string;
  /** The moment pickup counts back from. */
  now: Date;
}

/** The longest range whose sources are drawn night by night; longer ones by month. */
export const nightlySourcesUpTo = 62;

type Figures = Pick<ReportReply, 'summary' | 'nights' | 'sources' | 'pickup' | 'onTheBooks' | 'money'>;

/**
 * Every figure of one report, in one statement: one snapshot, so that the figures agree with each
 * other (the sources add up to the rooms sold) however the bookings change meanwhile.
 */
export async function reportFigures(db: Queryable, range: ReportRange): Promise<Figures> {
  const nights = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  const { rows } = await db.query<{ figures: Figures }>(
    `SELECT jsonb_build_object(
              'summary', report_summary($1, $2, $3),
              'nights', report_by_night($1, $2, $3),
              'sources', report_sources($1, $2, $3, $4),
              'money', report_money($1, $2, $3),
              'pickup', report_pickup($1, $2, $3, $5),
              'onTheBooks', report_on_the_books($6, $3)) AS figures`,
    [range.from, range.to, range.roomId, nights <= nightlySourcesUpTo ? 'night' : 'month', range.now.toISOString(), range.month],
  );
  return rows[0]!.figures;
}

export interface InvoiceRow {
  invoiceNumber: string;
  invoiceDate: string;
  bookingId: string;
  guest: string;
  bookingStatus: string;
  supplied: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  /** The SAC of each kind of supply on it: "996311", or "996311, 996331" with a dinner posted to the bill. */
  sacs: string;
}

/** Every invoice dated from to to (inclusive), in number order. */
export async function invoicesDated(db: Queryable, from: string, to: string): Promise<InvoiceRow[]> {
  const { rows } = await db.query<{
    invoice_number: string;
    invoice_date: string;
    booking_id: string;
    guest: string;
    booking_status: string;
    supplied: boolean;
    taxable_paise: string;
    cgst_paise: string;
    sgst_paise: string;
    sacs: string;
  }>('SELECT * FROM gst_invoices($1, $2)', [from, to]);
  return rows.map((row) => ({
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    bookingId: row.booking_id,
    guest: row.guest,
    bookingStatus: row.booking_status,
    supplied: row.supplied,
    taxablePaise: Number(row.taxable_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    sacs: row.sacs,
  }));
}

export interface SupplyRow {
  /** 996311 for the room nights; a service's own SAC for what the desk posted to the bills (issue 40). */
  sac: string;
  /** The services' names (null for the room nights). */
  description: string | null;
  cgstBasisPoints: number;
  sgstBasisPoints: number;
  invoices: number;
  /** Room-nights, or the services' quantity net of corrections. */
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** The supplies of the invoices dated from to to, by SAC and GST rate (the room nights from their nightly lines, the services from the bills). */
export async function suppliesBySacAndRate(db: Queryable, from: string, to: string): Promise<SupplyRow[]> {
  const { rows } = await db.query<
    Record<'sac' | 'cgst_bp' | 'sgst_bp' | 'invoices' | 'quantity' | 'taxable_paise' | 'cgst_paise' | 'sgst_paise', string> & {
      description: string | null;
    }
  >('SELECT * FROM gst_by_rate($1, $2)', [from, to]);
  return rows.map((row) => ({
    sac: row.sac,
    description: row.description,
    cgstBasisPoints: Number(row.cgst_bp),
    sgstBasisPoints: Number(row.sgst_bp),
    invoices: Number(row.invoices),
    quantity: Number(row.quantity),
    taxablePaise: Number(row.taxable_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
  }));
}

export interface SeriesRow {
  first: string;
  last: string;
  total: number;
  cancelled: number;
}

/** Per invoice series (a financial year's), the first and last number dated from to to and how many of the numbers between were cancelled. */
export async function invoiceSeries(db: Queryable, from: string, to: string): Promise<SeriesRow[]> {
  const { rows } = await db.query<{ first_number: string; last_number: string; total: string; cancelled: string }>(
    'SELECT * FROM gst_invoice_series($1, $2)',
    [from, to],
  );
  return rows.map((row) => ({
    first: row.first_number,
    last: row.last_number,
    total: Number(row.total),
    cancelled: Number(row.cancelled),
  }));
}

/** The hotel's GSTIN, and the date of its first invoice (null before any). */
export async function gstFacts(db: Queryable): Promise<{ gstin: string; firstInvoice: string | null }> {
  const { rows } = await db.query<{ gstin: string; first_invoice: string | null }>(
    'SELECT h.gstin, (SELECT min(i.invoice_date) FROM invoices i) AS first_invoice FROM hotel_settings h',
  );
  return { gstin: rows[0]?.gstin ?? '', firstInvoice: rows[0]?.first_invoice ?? null };
}
