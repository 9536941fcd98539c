import fc from 'fast-check';
import { formatCount, formatInr } from '../../src/shared/money';

// The browser's own en-IN formatting is the reference the hand-written one must match.
const intlInr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

describe('rupee amounts and counts', () => {
  it('group digits the Indian way, with the rupee sign', () => {
    expect(formatInr(0)).toBe('₹0');
    expect(formatInr(999)).toBe('₹999');
    expect(formatInr(12000)).toBe('₹12,000');
    expect(formatInr(150000)).toBe('₹1,50,000');
    expect(formatInr(12345678)).toBe('₹1,23,45,678');
    expect(formatCount(10000)).toBe('10,000');
    expect(formatCount(1500000)).toBe('15,00,000');
  });

  it('match en-IN formatting for any amount, whole or not, small or huge', () => {
    const amount = fc.oneof(
      fc.integer({ min: -10_000_000, max: 100_000_000 }),
      fc.double({ min: -1e6, max: 1e22, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(amount, (value) => {
        // en-IN writes a negative amount that rounds to zero as "-₹0"; the site shows ₹0.
        fc.pre(!(Math.round(Math.abs(value)) === 0 && (value < 0 || Object.is(value, -0))));
        expect(formatInr(value)).toBe(intlInr.format(value));
        expect(formatCount(value)).toBe(Math.round(value).toLocaleString('en-IN'));
      }),
      { numRuns: 3000 },
    );
  });

  it('show an amount that is not a number as ₹0 rather than NaN', () => {
    expect(formatInr(Number.NaN)).toBe('₹0');
    expect(formatInr(Number.POSITIVE_INFINITY)).toBe('₹0');
  });
});
