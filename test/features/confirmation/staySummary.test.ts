import { initialSelection } from '../../../src/features/selection/selectionSlice';
import type { SelectionState } from '../../../src/features/selection/selectionSlice';
import { stayTotal } from '../../../src/domain/stay';
import { summarizeRecord, summarizeSelection } from '../../../src/features/confirmation/staySummary';

const chosen = (overrides: Partial<SelectionState>): SelectionState => ({ ...initialSelection, ...overrides });

describe('stay summary', () => {
  it('totals discounted price x rooms x nights', () => {
    const summary = summarizeSelection(
      chosen({ roomId: 'executive', packageIndex: 0, roomCount: 2, startDate: '2030-03-12', endDate: '2030-03-15' }),
    );
    expect(summary).toEqual({
      roomName: 'Suit Room',
      checkIn: '2030-03-12',
      checkOut: '2030-03-15',
      rooms: 2,
      nights: 3,
      nightlyPrice: 4000,
      totalPrice: 24000,
    });
  });

  it('counts nights across a month end and a daylight-saving change', () => {
    const summary = summarizeSelection(
      chosen({ roomId: 'deluxe', packageIndex: 0, roomCount: 1, startDate: '2030-03-30', endDate: '2030-04-02' }),
    );
    expect(summary.nights).toBe(3);
    expect(summary.totalPrice).toBe(9000);
  });

  it('falls back to Deluxe Room, no dates and total 0 when nothing was chosen', () => {
    expect(summarizeSelection(initialSelection)).toMatchObject({
      roomName: 'Deluxe Room',
      checkIn: null,
      checkOut: null,
      rooms: 0,
      nights: 0,
      totalPrice: 0,
    });
  });

  it('is 0 when the dates or the room count are missing', () => {
    expect(summarizeSelection(chosen({ roomId: 'deluxe', packageIndex: 0, roomCount: 2 })).totalPrice).toBe(0);
    expect(summarizeSelection(chosen({ startDate: '2030-03-12', endDate: '2030-03-15' })).totalPrice).toBe(0);
    expect(stayTotal(3000, 0, 3)).toBe(0);
    expect(stayTotal(null, 2, 3)).toBe(0);
    expect(stayTotal(3000, 2, 0)).toBe(0);
  });

  it('reads a stored record, counting one room for records without rooms', () => {
    const summary = summarizeRecord({
      bookingId: 'BK123456',
      roomName: 'Classic Room',
      checkIn: '2030-01-01',
      checkOut: '2030-01-03',
      totalPrice: 6000,
      email: 'a@b.c',
    });
    expect(summary).toMatchObject({ roomName: 'Classic Room', rooms: 1, nights: 2, nightlyPrice: 3000, totalPrice: 6000 });
  });

  it('gives no nightly price for a stored record whose total does not divide evenly', () => {
    const summary = summarizeRecord({
      bookingId: 'BK123456',
      roomName: 'Classic Room',
      checkIn: '2030-01-01',
      checkOut: '2030-01-04',
      totalPrice: 1000,
      email: 'a@b.c',
      rooms: 1,
    });
    expect(summary.nightlyPrice).toBeNull();
  });
});
