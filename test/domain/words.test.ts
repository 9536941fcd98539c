import { formatPaise, formatRupees } from '../../src/domain/tax';
import { countOf, groupedIndian } from '../../src/domain/words';

describe('a count with its noun', () => {
  it('says one in the singular and every other count in the plural, zero included', () => {
    expect(countOf(1, 'night')).toBe('1 night');
    expect(countOf(0, 'night')).toBe('0 nights');
    expect(countOf(3, 'child', 'children')).toBe('3 children');
  });

  it('groups a large count the Indian way', () => {
    expect(countOf(120000, 'booking')).toBe('1,20,000 bookings');
  });

  it('groups any whole number the Indian way, its sign kept', () => {
    expect([0, 999, 1000, 100000, 12345678, -150000].map(groupedIndian)).toEqual([
      '0',
      '999',
      '1,000',
      '1,00,000',
      '1,23,45,678',
      '-1,50,000',
    ]);
  });
});

describe('rupees from paise', () => {
  it('a card says whole rupees without paise, and the paise when there are some', () => {
    expect(formatRupees(800_000)).toBe('₹8,000');
    expect(formatRupees(750_001)).toBe('₹7,500.01');
    expect(formatRupees(-60_000)).toBe('-₹600');
    expect(formatPaise(60_000)).toBe('₹600.00');
  });
});
