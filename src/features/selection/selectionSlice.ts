import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { findPackage, maxRoomCount } from '../../domain/rooms';
import type { RoomId } from '../../domain/rooms';
import { isIsoDate } from '../../domain/dates';

export interface SelectionState {
  roomId: RoomId | null;
  packageIndex: number | null;
  roomCount: number;
  startDate: string | null;
  endDate: string | null;
}

export const initialSelection: SelectionState = {
  roomId: null,
  packageIndex: null,
  roomCount: 0,
  startDate: null,
  endDate: null,
};

/** Equal choices, whatever else the two states carry (redux-persist adds its own field). */
export function sameSelection(a: SelectionState, b: SelectionState): boolean {
  return (
    a.roomId === b.roomId &&
    a.packageIndex === b.packageIndex &&
    a.roomCount === b.roomCount &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate
  );
}

function clampCount(count: number): number {
  if (!Number.isFinite(count)) return 0;
  return Math.min(maxRoomCount, Math.max(0, Math.trunc(count)));
}

const selectionSlice = createSlice({
  name: 'selection',
  initialState: initialSelection,
  reducers: {
    /** A guest picked a number of rooms on one package card. Other packages stay locked while one is chosen. */
    roomCountChosen(state, action: PayloadAction<{ roomId: RoomId; packageIndex: number; count: number }>) {
      const { roomId, packageIndex } = action.payload;
      if (!findPackage(roomId, packageIndex)) return;
      if (isPackageLocked(state, roomId, packageIndex)) return;
      const count = clampCount(action.payload.count);
      // Choosing 0 rooms is the same as choosing nothing: the other packages unlock.
      state.roomId = count > 0 ? roomId : null;
      state.packageIndex = count > 0 ? packageIndex : null;
      state.roomCount = count;
    },
    datesChosen(state, action: PayloadAction<{ startDate: string | null; endDate: string | null }>) {
      const { startDate, endDate } = action.payload;
      state.startDate = isIsoDate(startDate) ? startDate : null;
      state.endDate = isIsoDate(endDate) && state.startDate !== null && endDate > state.startDate ? endDate : null;
    },
    /**
     * Hotel mode: the hotel said how many rooms of each type are free for the chosen dates. A
     * count above that comes down to it (to nothing, and the other packages unlock, when none are left).
     */
    availabilityReceived(state, action: PayloadAction<Partial<Record<RoomId, number>>>) {
      const left = state.roomId === null ? undefined : action.payload[state.roomId];
      if (left === undefined || state.roomCount <= left) return;
      state.roomCount = clampCount(left);
      if (state.roomCount === 0) {
        state.roomId = null;
        state.packageIndex = null;
      }
    },
    /** Reset Selection: unlocks every package and sets the room count back to 0; dates stay. */
    selectionReset(state) {
      state.roomId = null;
      state.packageIndex = null;
      state.roomCount = 0;
    },
    /** After a booking is stored the guest starts afresh. */
    selectionCleared() {
      return initialSelection;
    },
  },
  selectors: {
    selectSelection: (state) => state,
    selectChosenRoomId: (state) => state.roomId,
  },
});

export const { roomCountChosen, datesChosen, availabilityReceived, selectionReset, selectionCleared } = selectionSlice.actions;
export const { selectSelection, selectChosenRoomId } = selectionSlice.selectors;
export default selectionSlice;

/**
 * The booking screen's rule between packages: while one package holds a room count, every other
 * is locked (its count and Book disabled). The reducer refuses a count on a locked package by it,
 * and the screen draws the lock by it. Before React, the prerendered page answers a count by the
 * same rule in the page (src/shared/earlyForm.ts, tested on the screen's own markup).
 */
export function isPackageLocked(selection: SelectionState, roomId: RoomId, packageIndex: number): boolean {
  return selection.roomId !== null && (selection.roomId !== roomId || selection.packageIndex !== packageIndex);
}
