import { forceHotelMode, isHotelMode } from '../../src/shared/hotelMode';

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="hotel-mode"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'hotel-mode';
  meta.content = content;
  document.head.append(meta);
}

describe('hotel mode', () => {
  afterEach(() => {
    setMeta(null);
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
});
