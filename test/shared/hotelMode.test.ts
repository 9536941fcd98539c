import { todayIso } from '../../src/domain/dates';
import { forceHotelMode, isHotelMode } from '../../src/shared/hotelMode';
import { siteToday } from '../../src/shared/today';

function setMeta(content: string | null, name = 'hotel-mode') {
  document.head.querySelector(`meta[name="${name}"]`)?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

describe('hotel mode', () => {
  afterEach(() => {
    setMeta(null);
    setMeta(null, 'hotel-time-zone');
    forceHotelMode(undefined);
  });

  it('is off on a static host, where pages carry no hotel-mode tag', () => {
    expect(isHotelMode()).toBe(false);
  });

  it('is on when the server put <meta name="hotel-mode" content="on"> in the page', () => {
    setMeta('on');
    expect(isHotelMode()).toBe(true);
  });

  it('reads the tag once: a tag added later changes nothing', () => {
    expect(isHotelMode()).toBe(false);
    setMeta('on');
    expect(isHotelMode()).toBe(false);
  });

  it('any other value leaves it off', () => {
    setMeta('off');
    expect(isHotelMode()).toBe(false);
  });

  it('tests can force either mode', () => {
    forceHotelMode(true);
    expect(isHotelMode()).toBe(true);
    setMeta('on');
    forceHotelMode(false);
    expect(isHotelMode()).toBe(false);
  });

  // 8 pm in London on 27 November is 1:30 am on the 28th in India, and 3 pm the 27th in New York.
  const evening = new Date('2026-11-27T20:00:00Z');

  it("where the hotel keeps the bookings, the site's today is the hotel's (India's), whatever this device's zone", () => {
    expect(siteToday('hotel', evening)).toBe('2026-11-28');
  });

  it('the site\'s today follows the zone the hotel\'s server names in <meta name="hotel-time-zone">', () => {
    setMeta('America/New_York', 'hotel-time-zone');
    expect(siteToday('hotel', evening)).toBe('2026-11-27');
    setMeta('Not/AZone', 'hotel-time-zone');
    expect(siteToday('hotel', evening)).toBe('2026-11-28');
  });

  it("where this browser keeps them, the site's today is this device's: the bookings are the guest's own", () => {
    expect(siteToday('browser', evening)).toBe(todayIso(evening));
  });
});
