import fc from 'fast-check';
import { bookingsKey } from '../../../src/features/bookings/bookingStorage';
import { startBookingSync } from '../../../src/features/bookings/bookingSync';
import { makeBookingId } from '../../../src/domain/bookingId';
import { changeBookingEmail, confirmBooking, deleteBooking } from '../../../src/features/bookings/bookingsThunks';
import { isPackageLocked, roomCountChosen, selectionReset } from '../../../src/features/selection/selectionSlice';
import type { RoomId } from '../../../src/domain/rooms';
import { rooms } from '../../../src/domain/rooms';
import { makeTestStore } from '../../testUtils';

type Tab = ReturnType<typeof makeTestStore>;

type Step =
  | { kind: 'choose'; tab: number; roomId: RoomId; packageIndex: number; count: number }
  | { kind: 'reset'; tab: number }
  | { kind: 'confirm'; tab: number; seed: number; email: string }
  | { kind: 'delete'; tab: number; pick: number }
  | { kind: 'email'; tab: number; pick: number; email: string }
  | { kind: 'reload'; tab: number }
  | { kind: 'deliver'; tab: number };

const tabArb = fc.integer({ min: 0, max: 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('choose' as const),
    tab: tabArb,
    roomId: fc.constantFrom<RoomId>('deluxe', 'executive'),
    packageIndex: fc.integer({ min: 0, max: 1 }),
    count: fc.integer({ min: -2, max: 6 }),
  }),
  fc.record({ kind: fc.constant('reset' as const), tab: tabArb }),
  fc.record({ kind: fc.constant('confirm' as const), tab: tabArb, seed: fc.integer({ min: 0, max: 899_999 }), email: fc.emailAddress() }),
  fc.record({ kind: fc.constant('delete' as const), tab: tabArb, pick: fc.nat() }),
  fc.record({ kind: fc.constant('email' as const), tab: tabArb, pick: fc.nat(), email: fc.emailAddress() }),
  fc.record({ kind: fc.constant('reload' as const), tab: tabArb }),
  fc.record({ kind: fc.constant('deliver' as const), tab: tabArb }),
);

/**
 * Two stores on one local storage behave like two tabs. Each tab hears about the other's writes
 * through its own event target, and only when a 'deliver' step says so: until then it works from
 * a stale copy, as a real tab does between a write elsewhere and the storage event.
 */
interface OpenTab extends Tab {
  events: EventTarget;
  inbox: StorageEvent[];
  stop: () => Promise<void>;
}

async function openTab(): Promise<OpenTab> {
  const tab = makeTestStore();
  // Wait for rehydration so that stopping the tab later also stops its first write.
  await new Promise<void>((resolve) => {
    const check = () => tab.persistor.getState().bootstrapped && (unsubscribe(), resolve());
    const unsubscribe = tab.persistor.subscribe(check);
    check();
  });
  const events = new EventTarget();
  const stopSync = startBookingSync(tab.store, tab.bookingStorage, events);
  // Let pending writes finish before the tab goes, so that nothing from it lands in a later run.
  const stop = async () => {
    stopSync();
    await tab.persistor.flush();
    tab.persistor.pause();
  };
  return { ...tab, events, inbox: [], stop };
}

async function settle(tabs: OpenTab[]) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(tabs.map((t) => t.persistor.flush()));
}

/** Runs a step in one tab and queues the storage events its writes cause for the other tab. */
async function act(tabs: OpenTab[], index: number, work: () => Promise<unknown> | unknown) {
  const before = localStorage.getItem(bookingsKey);
  await work();
  await settle(tabs);
  const after = localStorage.getItem(bookingsKey);
  if (after !== before) tabs[1 - index]!.inbox.push(new StorageEvent('storage', { key: bookingsKey, oldValue: before, newValue: after }));
}

async function deliver(tabs: OpenTab[], index: number) {
  const tab = tabs[index]!;
  while (tab.inbox.length > 0) await act(tabs, index, () => tab.events.dispatchEvent(tab.inbox.shift()!));
}

function idsOf(tab: Tab) {
  return tab.store.getState().bookings.items.map((b) => b.bookingId);
}

function storedIds(): string[] {
  return (JSON.parse(localStorage.getItem(bookingsKey) ?? '[]') as Array<{ bookingId: string }>).map((b) => b.bookingId);
}

async function run(steps: Step[]) {
  localStorage.clear();
  sessionStorage.clear();
  const tabs = [await openTab(), await openTab()];
  const expected = new Map<string, string>();
  try {
    for (const step of steps) {
      const tab = tabs[step.tab]!;
      const ids = idsOf(tab);
      switch (step.kind) {
        case 'choose':
          tab.store.dispatch(roomCountChosen({ roomId: step.roomId, packageIndex: step.packageIndex, count: step.count }));
          break;
        case 'reset':
          tab.store.dispatch(selectionReset());
          break;
        case 'confirm': {
          let seed = step.seed;
          const taken = new Set([...ids, ...storedIds()]);
          const bookingId = makeBookingId(taken, () => (seed = (seed * 7919 + 104729) % 900_000) / 900_000);
          await act(tabs, step.tab, () =>
            tab.store.dispatch(
              confirmBooking({
                bookingId,
                roomName: 'Suit Room',
                checkIn: null,
                checkOut: null,
                totalPrice: 0,
                email: step.email,
                rooms: 1,
              }),
            ),
          );
          expected.set(bookingId, step.email);
          break;
        }
        case 'delete':
          if (ids.length > 0) {
            const id = ids[step.pick % ids.length]!;
            await act(tabs, step.tab, () => tab.store.dispatch(deleteBooking(id)));
            expected.delete(id);
          }
          break;
        case 'email':
          if (ids.length > 0) {
            const id = ids[step.pick % ids.length]!;
            await act(tabs, step.tab, () => tab.store.dispatch(changeBookingEmail({ bookingId: id, email: step.email })));
            // A change to a booking the other tab already deleted stays deleted.
            if (expected.has(id)) expected.set(id, step.email);
            break;
          }
          break;
        case 'reload':
          await tab.stop();
          tabs[step.tab] = await openTab();
          // A freshly loaded tab holds exactly what is stored.
          expect(idsOf(tabs[step.tab]!)).toEqual(storedIds());
          break;
        case 'deliver':
          await deliver(tabs, step.tab);
          break;
      }

      for (const t of tabs) {
        const { selection, bookings } = t.store.getState();
        expect(selection.roomCount).toBeGreaterThanOrEqual(0);
        expect(selection.roomCount).toBeLessThanOrEqual(3);
        if (selection.roomId === null) expect(selection.roomCount).toBe(0);
        else
          for (const room of rooms)
            room.packages.forEach((_, i) =>
              expect(isPackageLocked(selection, room.id, i)).toBe(room.id !== selection.roomId || i !== selection.packageIndex),
            );
        expect(new Set(idsOf(t)).size).toBe(bookings.items.length);
      }
      expect(new Set(storedIds()).size).toBe(storedIds().length);
    }

    // Once every event has arrived, both tabs, storage and a fresh tab agree on the expected set.
    while (tabs.some((t) => t.inbox.length > 0)) for (const i of [0, 1]) await deliver(tabs, i);
    const fresh = await openTab();
    for (const t of [...tabs, fresh]) {
      expect(idsOf(t)).toEqual(storedIds());
      expect(Object.fromEntries(t.store.getState().bookings.items.map((b) => [b.bookingId, b.email]))).toEqual(
        Object.fromEntries(expected),
      );
    }
    await fresh.stop();
  } finally {
    await Promise.all(tabs.map((t) => t.stop()));
  }
}

describe('bookings under random action sequences in two tabs', () => {
  it('keeps IDs unique, counts within 0 to 3, locking intact and storage equal to state', async () => {
    await fc.assert(fc.asyncProperty(fc.array(stepArb, { maxLength: 25 }), run), { numRuns: 1000 });
  }, 120_000);
});
