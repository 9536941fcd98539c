import { longDate, monthName, shortDate, shortMonth, weekdayOf } from '../../src/domain/dateWords';

describe('dates in words, the same on every screen and in every email', () => {
  it('says a day long, with its weekday when asked', () => {
    expect(longDate('2026-12-24')).toBe('24 December 2026');
    expect(longDate('2026-12-24', { weekday: true })).toBe('Thu, 24 December 2026');
  });

  it('says a day short, with or without its year', () => {
    expect(shortDate('2027-01-05')).toBe('5 Jan 2027');
    expect(shortDate('2027-01-05', false)).toBe('5 Jan');
  });

  it('says a month long and short', () => {
    expect(monthName('2027-03')).toBe('March 2027');
    expect(shortMonth('2027-03-31')).toBe('Mar 2027');
  });

  it("counts a day's weekday from the calendar, not this device's zone", () => {
    expect(weekdayOf('2026-11-29')).toBe('Sun');
    expect(weekdayOf('2028-02-29')).toBe('Tue');
  });
});
