import type pg from 'pg';
import { accommodationSac } from '../../src/domain/tax';
import type { B2cRow, DocumentRow, GstExportName, GstSummaryReply, HsnRow, InvoiceRegisterRow } from '../../src/domain/reportsWire';
import { toCsv } from '../csv';
import { invoiceSeries, invoicesDated, suppliesBySacAndRate } from '../db/reportQueries';
import type { SupplyRow } from '../db/reportQueries';

/**
 * What the accountant files from (GSTR-1, issue 39): the invoice register, the B2C summary by rate
 * (table 7), the HSN/SAC summary (table 12) and the documents issued (table 13), for a month or a
 * financial year by invoice date. Each is a list of rows, sent as CSV or the same rows as JSON;
 * each total is the plain sum of its invoices (the database's sums, never rounded again).
 *
 * Every guest is unregistered (the site asks for no GSTIN) and every stay is intra-state (the place
 * of supply of a room is where the hotel is), so all supplies are B2C others, taxed CGST + SGST.
 */

export interface GstPeriod {
  fy: string;
  month: string | null;
  from: string;
  to: string;
}

type Db = pg.Pool | pg.PoolClient;
type Money = { taxablePaise: number; cgstPaise: number; sgstPaise: number; totalPaise: number };

const sacDescription = 'Room or unit accommodation services provided by hotels, inns, guest houses, clubs and the like';
const invoiceNature = 'Invoices for outward supply';

/**
 * The first year a period may be in: the reports start with this century (GST itself with July
 * 2017), and PostgreSQL has no year 0 (?month=0000-01 reached it as a 500).
 */
const firstYear = 2000;

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month before `today`'s (YYYY-MM): the one a monthly return is filed for. */
function monthBefore(today: string): string {
  return today.slice(5, 7) === '01'
    ? `${Number(today.slice(0, 4)) - 1}-12`
    : `${today.slice(0, 5)}${String(Number(today.slice(5, 7)) - 1).padStart(2, '0')}`;
}

/** The financial year of a date, as the database numbers invoices by it (financial_year, functions/invoices.sql). */
async function financialYearOf(db: Db, day: string): Promise<string> {
  const { rows } = await db.query<{ fy: string }>('SELECT financial_year($1::date) AS fy', [day]);
  return rows[0]!.fy;
}

/**
 * A period from ?fy= or ?month= (exactly one), or why not (naming the field). The financial year is
 * the database's (financial_year and financial_year_days, functions/invoices.sql): one rule.
 */
export async function gstPeriod(db: Db, query: { fy?: string; month?: string }, today: string): Promise<GstPeriod | string> {
  if (query.fy !== undefined && query.month !== undefined) return 'fy, month: give one of them, not both';
  if (query.fy !== undefined) {
    const { rows } =
      Number(query.fy.slice(0, 4)) >= firstYear
        ? await db.query<{ first_day: string; last_day: string }>(
            `SELECT to_char(first_day, 'YYYY-MM-DD') AS first_day, to_char(last_day, 'YYYY-MM-DD') AS last_day FROM financial_year_days($1)`,
            [query.fy],
          )
        : { rows: [] };
    const days = rows[0];
    if (!days) return `fy: must be a financial year such as ${await financialYearOf(db, today)}`;
    return { fy: query.fy, month: null, from: days.first_day, to: days.last_day };
  }
  // Without either, the month before the hotel's today: the one a monthly return is filed for.
  const month = query.month ?? monthBefore(today);
  if (Number(month.slice(0, 4)) < firstYear) return `month: must be a month from ${firstYear}-01 on, such as ${monthBefore(today)}`;
  return { fy: await financialYearOf(db, `${month}-01`), month, from: `${month}-01`, to: lastDayOf(month) };
}

/** Every financial year from the first invoice's to today's, newest first. */
export async function financialYearsSince(db: Db, firstInvoice: string | null, today: string): Promise<string[]> {
  const { rows } = await db.query<{ fy: string }>('SELECT fy FROM financial_years_between($1::date, $2::date) AS fy', [
    firstInvoice ?? today,
    today,
  ]);
  return rows.map((row) => row.fy);
}

/** 5 for 250 + 250 basis points. */
const ratePercent = (row: { cgstBasisPoints: number; sgstBasisPoints: number }) => (row.cgstBasisPoints + row.sgstBasisPoints) / 100;

/** Paise as rupees with two decimals, as a spreadsheet reads a number: 123456 -> "1234.56". */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function sum<T>(rows: readonly T[], money: (row: T) => Omit<Money, 'totalPaise'>): Money {
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, totalPaise: 0 };
  for (const row of rows) {
    const { taxablePaise, cgstPaise, sgstPaise } = money(row);
    totals.taxablePaise += taxablePaise;
    totals.cgstPaise += cgstPaise;
    totals.sgstPaise += sgstPaise;
    totals.totalPaise += taxablePaise + cgstPaise + sgstPaise;
  }
  return totals;
}

async function registerRows(db: Db, period: GstPeriod, placeOfSupply: string | null): Promise<InvoiceRegisterRow[]> {
  return (await invoicesDated(db, period.from, period.to)).map((row) => ({
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    bookingId: row.bookingId,
    guest: row.guest,
    status: row.supplied ? 'issued' : 'cancelled',
    bookingStatus: row.bookingStatus,
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    totalPaise: row.taxablePaise + row.cgstPaise + row.sgstPaise,
    sac: row.sacs,
    placeOfSupply,
  }));
}

/** Table 7 is by rate alone: the room nights and the services at one rate are one row. */
function byRate(supplies: SupplyRow[]): SupplyRow[] {
  const rates = new Map<number, SupplyRow>();
  for (const row of supplies) {
    const key = row.cgstBasisPoints + row.sgstBasisPoints;
    const seen = rates.get(key);
    rates.set(
      key,
      seen
        ? {
            ...seen,
            taxablePaise: seen.taxablePaise + row.taxablePaise,
            cgstPaise: seen.cgstPaise + row.cgstPaise,
            sgstPaise: seen.sgstPaise + row.sgstPaise,
          }
        : row,
    );
  }
  return [...rates].sort(([a], [b]) => a - b).map(([, row]) => row);
}

const b2cOf = (supplies: SupplyRow[], placeOfSupply: string | null): B2cRow[] =>
  byRate(supplies).map((rate) => ({
    type: 'OE',
    placeOfSupply,
    ratePercent: ratePercent(rate),
    taxablePaise: rate.taxablePaise,
    igstPaise: 0,
    cgstPaise: rate.cgstPaise,
    sgstPaise: rate.sgstPaise,
    cessPaise: 0,
  }));

// Services are reported with UQC "NA" and no quantity.
const hsnOf = (supplies: SupplyRow[]): HsnRow[] =>
  supplies.map((rate) => ({
    hsn: rate.sac,
    description: rate.sac === accommodationSac ? sacDescription : (rate.description ?? ''),
    uqc: 'NA',
    quantity: 0,
    ratePercent: ratePercent(rate),
    totalValuePaise: rate.taxablePaise + rate.cgstPaise + rate.sgstPaise,
    taxablePaise: rate.taxablePaise,
    igstPaise: 0,
    cgstPaise: rate.cgstPaise,
    sgstPaise: rate.sgstPaise,
    cessPaise: 0,
  }));

async function documentRows(db: Db, period: GstPeriod): Promise<DocumentRow[]> {
  return (await invoiceSeries(db, period.from, period.to)).map((series) => ({
    nature: invoiceNature,
    from: series.first,
    to: series.last,
    total: series.total,
    cancelled: series.cancelled,
    netIssued: series.total - series.cancelled,
  }));
}

/** What the accountant must know before filing these figures. */
function problemsOf(placeOfSupply: string | null, rates: SupplyRow[]): string[] {
  const problems: string[] = [];
  if (!placeOfSupply)
    problems.push(
      'The hotel’s GSTIN is not set (Prices & rooms, “Invoice details and GST”): the place of supply is the state its first two digits name.',
    );
  const untaxed = rates.filter((rate) => rate.cgstBasisPoints + rate.sgstBasisPoints === 0);
  if (untaxed.length > 0)
    problems.push(
      'Some nights were charged 0% GST: GSTR-1 reports nil-rated supplies in table 8, which these exports do not fill; they are in the 0% rows here.',
    );
  return problems;
}

/** The screen's summary of a period: the register's totals and tables 7, 12 and 13. */
export async function gstSummary(
  db: Db,
  period: GstPeriod,
  placeOfSupply: string | null,
): Promise<Pick<GstSummaryReply, 'register' | 'b2c' | 'hsn' | 'documents' | 'problems'>> {
  const [register, rates, documents] = await Promise.all([
    registerRows(db, period, placeOfSupply),
    suppliesBySacAndRate(db, period.from, period.to),
    documentRows(db, period),
  ]);
  const issued = register.filter((row) => row.status === 'issued').length;
  return {
    register: { invoices: register.length, issued, cancelled: register.length - issued, ...sum(register, (row) => row) },
    b2c: b2cOf(rates, placeOfSupply),
    hsn: hsnOf(rates),
    documents,
    problems: problemsOf(placeOfSupply, rates),
  };
}

interface Column<Row> {
  header: string;
  cell: (row: Row) => string | number | null;
}

interface GstExport<Row> {
  /** The file's name, before the period: gst-invoice-register-2026-04.csv */
  file: string;
  rows(db: Db, period: GstPeriod, placeOfSupply: string | null): Promise<Row[]>;
  columns: Column<Row>[];
  totals(rows: Row[]): Money;
}

const pct = (row: { ratePercent: number }) => row.ratePercent;

/**
 * Each export: its rows and its CSV columns. The CSV names the columns as GSTR-1's offline tool
 * does and writes money in rupees with two decimals; the JSON keeps paise. (Receipt and refund
 * vouchers, once payments are taken, are two more entries here and two more series in table 13.)
 */
const exportsByName: {
  [Name in GstExportName]: GstExport<
    Name extends 'invoice-register'
      ? InvoiceRegisterRow
      : Name extends 'b2c-summary'
        ? B2cRow
        : Name extends 'hsn-summary'
          ? HsnRow
          : DocumentRow
  >;
} = {
  'invoice-register': {
    file: 'gst-invoice-register',
    rows: registerRows,
    columns: [
      { header: 'Invoice number', cell: (row) => row.invoiceNumber },
      { header: 'Invoice date', cell: (row) => row.invoiceDate },
      { header: 'Booking ID', cell: (row) => row.bookingId },
      { header: 'Guest', cell: (row) => row.guest },
      { header: 'Status', cell: (row) => (row.status === 'issued' ? 'Issued' : `Cancelled (${row.bookingStatus.replace('_', '-')})`) },
      { header: 'Taxable value', cell: (row) => rupees(row.taxablePaise) },
      { header: 'CGST', cell: (row) => rupees(row.cgstPaise) },
      { header: 'SGST', cell: (row) => rupees(row.sgstPaise) },
      { header: 'Invoice value', cell: (row) => rupees(row.totalPaise) },
      { header: 'SAC', cell: (row) => row.sac },
      { header: 'Place of supply', cell: (row) => row.placeOfSupply },
    ],
    totals: (rows) => sum(rows, (row) => row),
  },
  'b2c-summary': {
    file: 'gstr1-table7-b2c',
    rows: async (db, period, placeOfSupply) => b2cOf(await suppliesBySacAndRate(db, period.from, period.to), placeOfSupply),
    columns: [
      { header: 'Type', cell: (row) => row.type },
      { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
      { header: 'Rate', cell: pct },
      { header: 'Applicable % of Tax Rate', cell: () => '' },
      { header: 'Taxable Value', cell: (row) => rupees(row.taxablePaise) },
      { header: 'Integrated Tax', cell: (row) => rupees(row.igstPaise) },
      { header: 'Central Tax', cell: (row) => rupees(row.cgstPaise) },
      { header: 'State/UT Tax', cell: (row) => rupees(row.sgstPaise) },
      { header: 'Cess Amount', cell: (row) => rupees(row.cessPaise) },
      { header: 'E-Commerce GSTIN', cell: () => '' },
    ],
    totals: (rows) => sum(rows, (row) => row),
  },
  'hsn-summary': {
    file: 'gstr1-table12-hsn',
    rows: async (db, period) => hsnOf(await suppliesBySacAndRate(db, period.from, period.to)),
    columns: [
      { header: 'HSN', cell: (row) => row.hsn },
      { header: 'Description', cell: (row) => row.description },
      { header: 'UQC', cell: (row) => row.uqc },
      { header: 'Total Quantity', cell: (row) => row.quantity },
      { header: 'Total Value', cell: (row) => rupees(row.totalValuePaise) },
      { header: 'Rate', cell: pct },
      { header: 'Taxable Value', cell: (row) => rupees(row.taxablePaise) },
      { header: 'Integrated Tax Amount', cell: (row) => rupees(row.igstPaise) },
      { header: 'Central Tax Amount', cell: (row) => rupees(row.cgstPaise) },
      { header: 'State/UT Tax Amount', cell: (row) => rupees(row.sgstPaise) },
      { header: 'Cess Amount', cell: (row) => rupees(row.cessPaise) },
    ],
    totals: (rows) => sum(rows, (row) => row),
  },
  'document-summary': {
    file: 'gstr1-table13-documents',
    rows: (db, period) => documentRows(db, period),
    columns: [
      { header: 'Nature of Document', cell: (row) => row.nature },
      { header: 'Sr. No. From', cell: (row) => row.from },
      { header: 'Sr. No. To', cell: (row) => row.to },
      { header: 'Total Number', cell: (row) => row.total },
      { header: 'Cancelled', cell: (row) => row.cancelled },
      { header: 'Net Issued', cell: (row) => row.netIssued },
    ],
    totals: () => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, totalPaise: 0 }),
  },
};

export interface GstFile {
  fileName: string;
  csv(): string;
  json(): string;
}

/** One export of one period, ready to send as CSV or as JSON (the same rows). */
export async function gstExport(db: Db, name: GstExportName, period: GstPeriod, placeOfSupply: string | null): Promise<GstFile> {
  const spec = exportsByName[name] as GstExport<unknown>;
  const rows = await spec.rows(db, period, placeOfSupply);
  return {
    fileName: `${spec.file}-${period.month ?? period.fy}`,
    csv: () =>
      toCsv(
        spec.columns.map((column) => column.header),
        rows.map((row) => spec.columns.map((column) => column.cell(row))),
      ),
    // Written out here rather than by the route's serializer: a year's register is tens of thousands of rows.
    json: () => JSON.stringify({ export: name, period, items: rows, totals: spec.totals(rows) }),
  };
}
