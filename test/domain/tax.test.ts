import fc from 'fast-check';
import { addDays } from '../../src/domain/dates';
import { formatPaise } from '../../src/domain/tax';
import {
  basisPointsOf,
  defaultGstSlabs,
  financialYear,
  invoiceLine,
  invoiceNumber,
  invoiceTotals,
  priceNights,
  slabFor,
} from '../support/gstRule';

const edge = 750_000; // ₹7,500.00
const price = fc.integer({ min: 1, max: 10_000_000 }); // up to ₹1,00,000 a night
const rooms = fc.integer({ min: 1, max: 3 });

describe('GST per room-night (slabs since 22 Sep 2025)', () => {
  test('₹7,500.00 a night is taxed 5% (2.5% + 2.5%), ₹7,500.01 is taxed 18% (9% + 9%)', () => {
    expect(invoiceLine('2026-12-01', edge, 1)).toMatchObject({ cgstPaise: 18_750, sgstPaise: 18_750, taxablePaise: edge });
    expect(invoiceLine('2026-12-01', edge + 1, 1)).toMatchObject({ cgstPaise: 67_500, sgstPaise: 67_500, taxablePaise: edge + 1 });
    expect(formatPaise(invoiceTotals([invoiceLine('2026-12-01', edge, 1)]).totalPaise)).toBe('₹7,875.00');
    // 9% of 750,001 paise is 67,500.09 paise: rounded to 67,500.
    expect(formatPaise(invoiceTotals([invoiceLine('2026-12-01', edge + 1, 1)]).totalPaise)).toBe('₹8,850.01');
  });

  test('property: at or below ₹7,500 the rate is 5%, above it 18%, decided on the room-night price alone', () => {
    fc.assert(
      fc.property(price, rooms, (p, n) => {
        const line = invoiceLine('2026-12-01', p, n);
        const rate = p <= edge ? 250 : 900;
        expect(line.cgstBasisPoints).toBe(rate);
        expect(line.sgstBasisPoints).toBe(rate);
        // The number of rooms never moves a night into another slab.
        expect(line.cgstPaise).toBe(n * invoiceLine('2026-12-01', p, 1).cgstPaise);
      }),
    );
  });

  test('property: each part is the exact share rounded half up, never more than half a paisa off per room-night', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 10_000 }), (p, bp) => {
        const share = basisPointsOf(p, bp);
        const exact = (p * bp) / 10_000;
        expect(Math.abs(share - exact)).toBeLessThanOrEqual(0.5);
        if (exact - Math.floor(exact) === 0.5) expect(share).toBe(Math.ceil(exact));
      }),
    );
  });

  test('property: a stay across seasons and slabs: totals equal the sum of its invoice lines to the paisa', () => {
    // Two seasons: nights before the edge at one price, from the edge at another, either side of ₹7,500.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 500_000, max: 1_000_000 }),
        fc.integer({ min: 500_000, max: 1_000_000 }),
        rooms,
        (before, after, low, high, n) => {
          const start = '2026-12-20';
          const nights = Array.from({ length: before + after }, (_, i) => ({
            night: addDays(start, i),
            pricePaise: i < before ? low : high,
          }));
          const { lines, totals } = priceNights(nights, n);
          expect(lines).toHaveLength(before + after);
          const sum = (key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise') => lines.reduce((s, l) => s + l[key], 0);
          expect(totals.taxablePaise).toBe(sum('taxablePaise'));
          expect(totals.cgstPaise).toBe(sum('cgstPaise'));
          expect(totals.sgstPaise).toBe(sum('sgstPaise'));
          expect(totals.totalPaise).toBe(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise);
          expect(totals.taxablePaise).toBe(n * (before * low + after * high));
          for (const line of lines) {
            expect(Number.isInteger(line.cgstPaise) && Number.isInteger(line.sgstPaise)).toBe(true);
            expect(line.cgstBasisPoints).toBe(slabFor(line.pricePaise).cgstBasisPoints);
          }
          // Each season's nights carry their own slab.
          expect(lines[0]!.cgstBasisPoints).toBe(low <= edge ? 250 : 900);
          expect(lines[before]!.cgstBasisPoints).toBe(high <= edge ? 250 : 900);
        },
      ),
    );
  });

  test('the slabs are data: another schedule changes the tax without code', () => {
    const flat = [{ upToPaise: null, cgstBasisPoints: 600, sgstBasisPoints: 600 }];
    expect(invoiceLine('2026-12-01', 100_000, 2, flat)).toMatchObject({ cgstPaise: 12_000, sgstPaise: 12_000 });
    expect(defaultGstSlabs).toHaveLength(2);
  });
});

describe('invoice numbers', () => {
  test('the financial year runs April to March, and a number fits 16 characters', () => {
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
    expect(invoiceNumber('2026-27', 42)).toBe('INV-2627-000042');
    expect(invoiceNumber('2026-27', 999_999).length).toBeLessThanOrEqual(16);
  });

  test('formatPaise groups the Indian way with two decimals', () => {
    expect(formatPaise(1_234_567_89)).toBe('₹12,34,567.89');
    expect(formatPaise(5)).toBe('₹0.05');
  });
});
