import { countOf } from '../../src/domain/words';

describe('a count with its noun', () => {
  it('says one in the singular and every other count in the plural, zero included', () => {
    expect(countOf(1, 'night')).toBe('1 night');
    expect(countOf(0, 'night')).toBe('0 nights');
    expect(countOf(3, 'child', 'children')).toBe('3 children');
  });

  it('groups a large count the Indian way', () => {
    expect(countOf(120000, 'booking')).toBe('1,20,000 bookings');
  });
});
