import { parseStoredBookings } from '../../../src/features/bookings/storedBookings';
import { sampleBooking } from '../../testUtils';

describe('reading what is stored under hotelBookings', () => {
  it('reads nothing as an empty list', () => {
    expect(parseStoredBookings(null)).toEqual({ records: [], unreadable: [] });
  });

  it('keeps invalid JSON whole, byte for byte', () => {
    const text = '[{"bookingId":"BK1",';
    expect(parseStoredBookings(text)).toEqual({ records: [], unreadable: [{ reason: 'not valid JSON', raw: text }] });
  });

  it('keeps a value that is not a list whole', () => {
    expect(parseStoredBookings('42').unreadable).toEqual([{ reason: 'not a list of bookings', raw: '42' }]);
    expect(parseStoredBookings('{"hello":"world"}').unreadable[0]?.raw).toBe('{"hello":"world"}');
  });

  it('reads the records inside a redux-persist wrapped value', () => {
    const wrapped = JSON.stringify({
      items: JSON.stringify([sampleBooking()]),
      _persist: JSON.stringify({ version: -1, rehydrated: true }),
    });
    expect(parseStoredBookings(wrapped).records).toEqual([sampleBooking()]);
  });

  it('reads records from the earlier version of the site', () => {
    const legacy = {
      bookingId: 'BK654321',
      roomName: 'Suit Room',
      checkIn: '12/01/2026',
      checkOut: '12/04/2026',
      totalPrice: '12000',
      email: 'old@example.com',
    };
    const [record] = parseStoredBookings(JSON.stringify([legacy])).records;
    expect(record).toEqual({
      bookingId: 'BK654321',
      roomName: 'Suit Room',
      checkIn: '2026-12-01',
      checkOut: '2026-12-04',
      totalPrice: 12000,
      email: 'old@example.com',
    });
  });

  it('reads missing dates as Not Selected and keeps fields it does not know', () => {
    const text = JSON.stringify([{ ...sampleBooking(), checkIn: 'Not Selected', checkOut: null, note: 'late arrival' }]);
    const [record] = parseStoredBookings(text).records;
    expect(record).toMatchObject({ checkIn: null, checkOut: null, extra: { note: 'late arrival' } });
  });

  it('sets aside broken records and keeps the readable ones', () => {
    const good = sampleBooking();
    const broken = [{ roomName: 'x' }, { ...sampleBooking({ bookingId: 'BK2' }), totalPrice: 'lots' }, 'text', null];
    const result = parseStoredBookings(JSON.stringify([good, ...broken]));
    expect(result.records).toEqual([good]);
    expect(result.unreadable.map((u) => JSON.parse(u.raw))).toEqual(broken);
  });

  it('keeps the first of two records with one ID and sets aside a different duplicate', () => {
    const first = sampleBooking();
    const copy = sampleBooking();
    const other = sampleBooking({ email: 'someone-else@example.com' });
    const result = parseStoredBookings(JSON.stringify([first, copy, other]));
    expect(result.records).toEqual([first]);
    expect(result.unreadable).toEqual([{ reason: 'duplicate bookingId BK123456', raw: JSON.stringify(other) }]);
  });
});
