import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { hotelToday } from '../../server/bookingRules';
import { addDays } from '../../src/domain/dates';
import { parseCsv } from '../support/csv';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { confirmBody } from './support/stays';
import { databaseKinds } from './support/testDatabase';
import { signIn } from './support/testServer';
import { moveSettled } from './support/bill';

/**
 * Issue 39: the accountant's exports add up to the invoices, to the paisa, whatever the prices
 * (₹7,500.00 and ₹7,500.01 at the edge of the GST slabs, a price change inside a stay), whoever
 * booked (website, phone, walk-in) and whatever became of each booking (cancelled, a no-show, an
 * early check-out, deleted). The invoices are read from the database as they are (each booking's
 * nightly lines, its status and its invoice number and date); every figure of the exports, as
 * JSON and as CSV, and the report's money for the same nights, must be their sums.
 */

const indiaNoon = (date: string) => new Date(`${date}T06:30:00Z`);
const monthAhead = (today: string, days: number) => {
  const later = addDays(today, days);
  return later.endsWith('-01') ? later : `${addDays(`${later.slice(0, 8)}01`, 32).slice(0, 8)}01`;
};

interface Line {
  night: string;
  rooms: number;
  cgstBasisPoints: number;
  sgstBasisPoints: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}
interface Invoice {
  bookingId: string;
  invoiceNumber: string;
  invoiceDate: string;
  guest: string;
  supplied: boolean;
  lines: Line[];
}
type Money = { taxablePaise: number; cgstPaise: number; sgstPaise: number; totalPaise: number };

const priced = fc.oneof(fc.constant(750_000), fc.constant(750_001), fc.integer({ min: 50_000, max: 2_500_000 }));
const rule = fc.record({
  roomId: fc.constantFrom('deluxe', 'executive'),
  start: fc.integer({ min: 2, max: 14 }),
  nights: fc.integer({ min: 1, max: 6 }),
  pricePaise: priced,
});
const booking = fc.record({
  by: fc.constantFrom('website', 'phone', 'walk-in'),
  roomId: fc.constantFrom('deluxe', 'executive'),
  rooms: fc.integer({ min: 1, max: 2 }),
  start: fc.integer({ min: 2, max: 14 }),
  nights: fc.integer({ min: 1, max: 5 }),
  // A guest's email a spreadsheet would read as a formula, unless the export guards it.
  email: fc.constantFrom('guest@example.com', '=1+2@example.com', '-5@example.com', '+91@example.com'),
  fate: fc.constantFrom('kept', 'kept', 'cancelled', 'no_show', 'early', 'deleted'),
});

function sum(lines: Line[]): Money {
  const taxablePaise = lines.reduce((s, l) => s + l.taxablePaise, 0);
  const cgstPaise = lines.reduce((s, l) => s + l.cgstPaise, 0);
  const sgstPaise = lines.reduce((s, l) => s + l.sgstPaise, 0);
  return { taxablePaise, cgstPaise, sgstPaise, totalPaise: taxablePaise + cgstPaise + sgstPaise };
}

function byRate(lines: Line[]): Map<number, Money> {
  const rates = new Map<number, Line[]>();
  for (const line of lines)
    rates.set(line.cgstBasisPoints + line.sgstBasisPoints, [...(rates.get(line.cgstBasisPoints + line.sgstBasisPoints) ?? []), line]);
  return new Map([...rates].sort(([a], [b]) => a - b).map(([rate, of]) => [rate, sum(of)]));
}

/** A column of rupee amounts ("1234.50") summed in paise. */
const paiseIn = (rows: string[][], column: number) => rows.reduce((total, row) => total + Math.round(Number(row[column]) * 100), 0);

describe.each(databaseKinds)('the GST exports on %s', (kind) => {
  let hotel: TestHotel;
  let clock: Date | null = null;
  let run = 0;
  let ownerHeaders: Record<string, string> = {};

  beforeAll(async () => {
    hotel = await startHotel(kind, { now: () => clock ?? new Date() });
    ownerHeaders = (await signIn(hotel.url)).headers;
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  async function csvOf(name: string, month: string): Promise<string[][]> {
    const reply = await fetch(`${hotel.url}/api/admin/reports/gst/${name}?month=${month}&format=csv`, { headers: ownerHeaders });
    expect(reply.status).toBe(200);
    return parseCsv(await reply.text()).slice(1);
  }

  async function invoicesOf(month: string): Promise<Invoice[]> {
    const { rows } = await hotel.db.pool.query<{
      booking_id: string;
      invoice_number: string;
      invoice_date: string;
      email: string;
      supplied: boolean;
      lines: Line[];
    }>(
      `SELECT b.booking_id, i.invoice_number, i.invoice_date, b.email, b.lines,
              b.deleted_at IS NULL AND b.status IN ('confirmed', 'checked_in', 'checked_out') AS supplied
         FROM invoices i JOIN bookings b USING (booking_id)
        WHERE to_char(i.invoice_date, 'YYYY-MM') = $1 ORDER BY i.invoice_number`,
      [month],
    );
    return rows.map((row) => ({
      bookingId: row.booking_id,
      invoiceNumber: row.invoice_number,
      invoiceDate: row.invoice_date,
      guest: row.email,
      supplied: row.supplied,
      lines: row.lines,
    }));
  }

  test('every export, as JSON and as CSV, is the sum of its invoices to the paisa', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rule, { maxLength: 2 }), fc.array(booking, { minLength: 1, maxLength: 7 }), async (rules, bookings) => {
        const first = monthAhead(hotelToday(), 40 + 35 * run++);
        const month = first.slice(0, 7);
        const day = (n: number) => addDays(first, n);
        const at = async <T>(date: string, act: () => Promise<T>) => {
          clock = indiaNoon(date);
          try {
            return await act();
          } finally {
            clock = null;
          }
        };
        for (const r of rules) {
          const added = await hotel.owner('/api/admin/price-rules', {
            method: 'POST',
            body: { roomId: r.roomId, firstNight: day(r.start), lastNight: day(r.start + r.nights - 1), pricePaise: r.pricePaise },
          });
          expect(added.status).toBe(201);
        }
        // Every booking is made on the month's first day: its invoice is dated in the month.
        for (const b of bookings) {
          const stay = { roomId: b.roomId, rooms: b.rooms, packageIndex: 0, checkIn: day(b.start), checkOut: day(b.start + b.nights) };
          const reply = await at(first, () =>
            b.by === 'website'
              ? hotel.guest('/api/bookings', { method: 'POST', body: confirmBody({ ...stay, email: b.email }) })
              : hotel.owner('/api/admin/desk/bookings', {
                  method: 'POST',
                  body: { ...stay, draftId: randomUUID(), channel: b.by, email: b.email },
                }),
          );
          if (reply.status !== 201) continue;
          const id = reply.body.booking.bookingId as string;
          const move = (to: string) => moveSettled(hotel.owner, id, to);
          if (b.fate === 'cancelled') await move('cancelled');
          if (b.fate === 'no_show') await at(addDays(stay.checkIn, 1), () => move('no_show'));
          if (b.fate === 'early') {
            await at(stay.checkIn, () => move('checked_in'));
            await at(b.nights > 1 ? addDays(stay.checkIn, 1) : stay.checkOut, () => move('checked_out'));
          }
          if (b.fate === 'deleted') await hotel.owner(`/api/admin/bookings/${id}`, { method: 'DELETE' });
        }

        const invoices = await invoicesOf(month);
        const supplied = invoices.filter((invoice) => invoice.supplied);
        const lines = supplied.flatMap((invoice) => invoice.lines);
        const total = sum(lines);
        const rates = byRate(lines);

        const summary = (await hotel.owner(`/api/admin/reports/gst?month=${month}`)).body;
        expect(summary.register).toEqual({
          invoices: invoices.length,
          issued: supplied.length,
          cancelled: invoices.length - supplied.length,
          ...total,
        });
        expect(summary.b2c.map((row: { ratePercent: number }) => row.ratePercent)).toEqual([...rates.keys()].map((bp) => bp / 100));
        for (const [bp, money] of rates) {
          const { totalPaise: _total, ...tax } = money;
          expect(summary.b2c.find((row: { ratePercent: number }) => row.ratePercent === bp / 100)).toMatchObject(tax);
          expect(summary.hsn.find((row: { ratePercent: number }) => row.ratePercent === bp / 100)).toMatchObject({
            ...tax,
            totalValuePaise: money.totalPaise,
          });
        }
        expect(summary.documents).toEqual(
          invoices.length === 0
            ? []
            : [
                {
                  nature: 'Invoices for outward supply',
                  from: invoices[0]!.invoiceNumber,
                  to: invoices.at(-1)!.invoiceNumber,
                  total: invoices.length,
                  cancelled: invoices.length - supplied.length,
                  netIssued: supplied.length,
                },
              ],
        );

        // The register, row by row, as JSON and as CSV.
        const register = (await hotel.owner(`/api/admin/reports/gst/invoice-register?month=${month}`)).body;
        expect(register.totals).toEqual(total);
        expect(
          register.items.map((row: { invoiceNumber: string; status: string; totalPaise: number }) => [
            row.invoiceNumber,
            row.status,
            row.totalPaise,
          ]),
        ).toEqual(
          invoices.map((invoice) => [
            invoice.invoiceNumber,
            invoice.supplied ? 'issued' : 'cancelled',
            invoice.supplied ? sum(invoice.lines).totalPaise : 0,
          ]),
        );
        const registerCsv = await csvOf('invoice-register', month);
        expect(registerCsv.map((row) => row[0])).toEqual(invoices.map((invoice) => invoice.invoiceNumber));
        expect([5, 6, 7, 8].map((column) => paiseIn(registerCsv, column))).toEqual([
          total.taxablePaise,
          total.cgstPaise,
          total.sgstPaise,
          total.totalPaise,
        ]);
        // A guest's email that reads as a formula is written as text.
        for (const [row, invoice] of registerCsv.map((row, i) => [row, invoices[i]!] as const))
          expect(row[3]).toBe(/^[=+\-@]/.test(invoice.guest) ? `'${invoice.guest}` : invoice.guest);

        const b2cCsv = await csvOf('b2c-summary', month);
        expect([4, 6, 7].map((column) => paiseIn(b2cCsv, column))).toEqual([total.taxablePaise, total.cgstPaise, total.sgstPaise]);
        const hsnCsv = await csvOf('hsn-summary', month);
        expect([4, 6, 8, 9].map((column) => paiseIn(hsnCsv, column))).toEqual([
          total.totalPaise,
          total.taxablePaise,
          total.cgstPaise,
          total.sgstPaise,
        ]);
        const documentsCsv = await csvOf('document-summary', month);
        expect(documentsCsv.map((row) => row.slice(3).map(Number))).toEqual(
          summary.documents.map((row: { total: number; cancelled: number; netIssued: number }) => [
            row.total,
            row.cancelled,
            row.netIssued,
          ]),
        );

        // The report's money for the month's nights: the same lines, by the night they are for.
        const { body } = await hotel.owner(`/api/admin/reports?from=${first}&to=${day(20)}`);
        expect(body.money).toMatchObject({ ...sum(lines.filter((line) => line.night <= day(20))) });
      }),
      { numRuns: 8 },
    );
  });
});
