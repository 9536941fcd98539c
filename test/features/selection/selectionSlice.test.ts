import {
  datesChosen,
  isPackageLocked,
  roomCountChosen,
  selectionCleared,
  selectionReset,
} from '../../../src/features/selection/selectionSlice';
import { makeTestStore } from '../../testUtils';

function selection(store: ReturnType<typeof makeTestStore>['store']) {
  const { roomId, packageIndex, roomCount, startDate, endDate } = store.getState().selection;
  return { roomId, packageIndex, roomCount, startDate, endDate };
}

describe('selection slice', () => {
  it('starts with nothing chosen', () => {
    const { store } = makeTestStore();
    expect(selection(store)).toEqual({ roomId: null, packageIndex: null, roomCount: 0, startDate: null, endDate: null });
  });

  it('choosing a count on one package locks every other package', () => {
    const { store } = makeTestStore();
    store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 2 }));
    expect(selection(store)).toMatchObject({ roomId: 'executive', packageIndex: 0, roomCount: 2 });
    expect(isPackageLocked(store.getState().selection, 'deluxe', 0)).toBe(true);
    expect(isPackageLocked(store.getState().selection, 'executive', 0)).toBe(false);

    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 1 }));
    expect(selection(store)).toMatchObject({ roomId: 'executive', roomCount: 2 });
  });

  it('keeps the count within 0 to 3', () => {
    const { store } = makeTestStore();
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 7 }));
    expect(selection(store).roomCount).toBe(3);
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: -2 }));
    expect(selection(store).roomCount).toBe(0);
  });

  it('choosing 0 rooms unlocks the other packages', () => {
    const { store } = makeTestStore();
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 2 }));
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 0 }));
    expect(isPackageLocked(store.getState().selection, 'executive', 0)).toBe(false);
  });

  it('ignores packages that are not in the catalogue', () => {
    const { store } = makeTestStore();
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 4, count: 2 }));
    expect(selection(store).roomId).toBeNull();
  });

  it('reset clears the room and count but keeps the dates', () => {
    const { store } = makeTestStore();
    store.dispatch(datesChosen({ startDate: '2026-12-01', endDate: '2026-12-04' }));
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 3 }));
    store.dispatch(selectionReset());
    expect(selection(store)).toEqual({ roomId: null, packageIndex: null, roomCount: 0, startDate: '2026-12-01', endDate: '2026-12-04' });
    store.dispatch(selectionCleared());
    expect(selection(store).startDate).toBeNull();
  });

  it('accepts only real dates with check-out after check-in', () => {
    const { store } = makeTestStore();
    store.dispatch(datesChosen({ startDate: '2026-02-30', endDate: '2026-03-02' }));
    expect(selection(store)).toMatchObject({ startDate: null, endDate: null });
    store.dispatch(datesChosen({ startDate: '2026-12-05', endDate: '2026-12-05' }));
    expect(selection(store)).toMatchObject({ startDate: '2026-12-05', endDate: null });
  });
});
