import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { isoDate } from './wire';

/**
 * The owner's reports and the accountant's GST exports (issue 39; server/API.md "Reports"), once
 * for both sides as the rest of the API (wire.ts). Money is integer paise; a ratio the server
 * could not work out (no rooms to sell, no stays) is null.
 */

const count = Type.Integer();
const paise = Type.Integer();
const ratio = Type.Union([Type.Number(), Type.Null()]);
const month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });
/** A financial year (April to March) as the invoices name it: 2026-27. */
const financialYear = Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'YYYY-YY' });

export const ReportsQuery = Type.Object(
  {
    /** The first and last stay night of the range (default: the hotel's month). */
    from: Type.Optional(isoDate),
    to: Type.Optional(isoDate),
    /** One room type; all without it. */
    roomId: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type ReportsQuery = Static<typeof ReportsQuery>;

/** Where a booking came from: website, phone, walk-in, import, or another channel by the name the owner gave its calendar. */
export const ReportSource = Type.String();

const Summary = Type.Object({
  roomNightsAvailable: count,
  outOfService: count,
  /** Here and on other channels (issue 38): a night a channel's calendar took counts as sold there. */
  roomNightsSold: count,
  /** Of those, the ones other channels' calendars took: their price is not known here (ADR is of the nights sold here). */
  channelRoomNights: count,
  occupancyPercent: ratio,
  roomRevenuePaise: paise,
  adrPaise: ratio,
  revparPaise: ratio,
  /** Bookings arriving in the range, whatever became of them. */
  arrivals: count,
  /** Those of them that are sales (confirmed, checked in or out). */
  stays: count,
  averageStayNights: ratio,
  averageLeadDays: ratio,
  cancellations: count,
  cancellationPercent: ratio,
  cancelledRoomNights: count,
  cancelledRevenuePaise: paise,
  noShows: count,
  noShowRoomNights: count,
  noShowRevenuePaise: paise,
});

/** `sold` counts the rooms other channels took that night (`channel`) too. */
const Night = Type.Object({ night: isoDate, available: count, outOfService: count, sold: count, channel: count, occupancyPercent: ratio });

const Sources = Type.Object({
  /** Per night for a range of up to 62 nights, per month beyond. */
  by: Type.Union([Type.Literal('night'), Type.Literal('month')]),
  /** A channel's revenue is null: its calendar does not say what it charged. Its bookings are the calendar's events arriving in the range. */
  totals: Type.Array(
    Type.Object({ source: ReportSource, bookings: count, roomNights: count, revenuePaise: Type.Union([paise, Type.Null()]) }),
  ),
  /** Each night or month of the range that sold anything: its first day and the room-nights of each source. */
  buckets: Type.Array(Type.Object({ start: isoDate, roomNights: Type.Record(Type.String(), count) })),
});

const Pickup = Type.Object({
  days: count,
  roomNights: count,
  revenuePaise: paise,
  /** The same window a year before, for the same nights a year earlier; null when the hotel has no bookings that old. */
  lastYear: Type.Union([Type.Object({ roomNights: count, revenuePaise: paise }), Type.Null()]),
});

const OnTheBooks = Type.Object({ month, bookings: count, roomNights: count, revenuePaise: paise });

export const RateLine = Type.Object({
  cgstBasisPoints: count,
  sgstBasisPoints: count,
  roomNights: count,
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  totalPaise: paise,
});
export type RateLine = Static<typeof RateLine>;

const Money = Type.Object({
  /** Room revenue of the sold nights in the range and its GST, by rate (a booking without prices kept: rate 0). */
  byRate: Type.Array(RateLine),
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  totalPaise: paise,
});

export const ReportReply = Type.Object({
  /** The hotel's today, which the presets (this month, next 30 days, …) count from. */
  today: isoDate,
  from: isoDate,
  to: isoDate,
  roomId: Type.Union([Type.String(), Type.Null()]),
  roomTypes: Type.Array(Type.Object({ roomId: Type.String(), title: Type.String() })),
  summary: Summary,
  nights: Type.Array(Night),
  sources: Sources,
  pickup: Type.Array(Pickup),
  onTheBooks: Type.Array(OnTheBooks),
  money: Money,
});
export type ReportReply = Static<typeof ReportReply>;

// ------------------------------------------------------------------ GST (GSTR-1)

/** A month (2026-04) or a financial year (2026-27) of invoice dates; without either, the month before the hotel's today. */
const period = { fy: Type.Optional(financialYear), month: Type.Optional(month) };
export const GstPeriodQuery = Type.Object(period, { additionalProperties: false });
export type GstPeriodQuery = Static<typeof GstPeriodQuery>;
export const GstExportQuery = Type.Object(
  { ...period, format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) },
  { additionalProperties: false },
);
export type GstExportQuery = Static<typeof GstExportQuery>;

export const gstExports = ['invoice-register', 'b2c-summary', 'hsn-summary', 'document-summary'] as const;
export type GstExportName = (typeof gstExports)[number];
export const GstExportParams = Type.Object(
  { export: Type.Union(gstExports.map((name) => Type.Literal(name))) },
  { additionalProperties: false },
);

export const GstPeriod = Type.Object({
  /** 2026-27 */
  fy: financialYear,
  /** 2026-04, or null for the whole financial year. */
  month: Type.Union([month, Type.Null()]),
  from: isoDate,
  to: isoDate,
});

export const InvoiceRegisterRow = Type.Object({
  invoiceNumber: Type.String(),
  invoiceDate: isoDate,
  bookingId: Type.String(),
  guest: Type.String(),
  /** issued: a supply; cancelled: the booking was cancelled, a no-show or deleted, so the invoice carries no value. */
  status: Type.Union([Type.Literal('issued'), Type.Literal('cancelled')]),
  bookingStatus: Type.String(),
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  totalPaise: paise,
  sac: Type.String(),
  placeOfSupply: Type.Union([Type.String(), Type.Null()]),
});
export type InvoiceRegisterRow = Static<typeof InvoiceRegisterRow>;

/** GSTR-1 table 7, B2C (others): intra-state supplies to unregistered guests, by rate. */
export const B2cRow = Type.Object({
  type: Type.Literal('OE'),
  placeOfSupply: Type.Union([Type.String(), Type.Null()]),
  ratePercent: Type.Number(),
  taxablePaise: paise,
  igstPaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  cessPaise: paise,
});
export type B2cRow = Static<typeof B2cRow>;

/** GSTR-1 table 12, HSN/SAC-wise summary (B2C), by rate. */
export const HsnRow = Type.Object({
  hsn: Type.String(),
  description: Type.String(),
  uqc: Type.String(),
  quantity: count,
  ratePercent: Type.Number(),
  totalValuePaise: paise,
  taxablePaise: paise,
  igstPaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  cessPaise: paise,
});
export type HsnRow = Static<typeof HsnRow>;

/** GSTR-1 table 13, documents issued: one row per series. */
export const DocumentRow = Type.Object({
  nature: Type.String(),
  from: Type.String(),
  to: Type.String(),
  total: count,
  cancelled: count,
  netIssued: count,
});
export type DocumentRow = Static<typeof DocumentRow>;

const Totals = Type.Object({ taxablePaise: paise, cgstPaise: paise, sgstPaise: paise, totalPaise: paise });

export const GstSummaryReply = Type.Object({
  period: GstPeriod,
  /** Every financial year with invoices, up to the current one, newest first. */
  financialYears: Type.Array(financialYear),
  placeOfSupply: Type.Union([Type.String(), Type.Null()]),
  /** What the accountant must know before filing (the GSTIN not set, say). */
  problems: Type.Array(Type.String()),
  register: Type.Object({ invoices: count, issued: count, cancelled: count, ...Totals.properties }),
  b2c: Type.Array(B2cRow),
  hsn: Type.Array(HsnRow),
  documents: Type.Array(DocumentRow),
});
export type GstSummaryReply = Static<typeof GstSummaryReply>;

/** An export as JSON (?format=json, the default): the same rows as its CSV. */
export const GstExportReply = Type.Object({
  export: Type.String(),
  period: GstPeriod,
  items: Type.Array(Type.Union([InvoiceRegisterRow, B2cRow, HsnRow, DocumentRow])),
  totals: Totals,
});
export type GstExportReply = Static<typeof GstExportReply>;
