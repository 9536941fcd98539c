import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

/**
 * findBy and waitFor wait up to 10 s instead of Testing Library's 1 s, and a test up to 30 s: a
 * screen's code is loaded on first use (React.lazy), and on a busy 2-core machine compiling it
 * for the first test of a file took over a second, and a list of thousands of bookings over 5 s
 * while browser tests ran beside. What the tests wait for does not change.
 */
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

/**
 * Redux Toolkit's development checks warn when one of them took over 32 ms. Under Jest that
 * measures the machine's load rather than the store: on a busy 2-core machine a store holding at
 * most 25 bookings once took 126 ms for one action. Only those timing notes are dropped; what the
 * checks find (a value that is not serializable, a mutation) is still reported. The one real cost,
 * walking a list of 10,000 bookings, is kept out of the checks in makeStore (src/app/store.ts).
 * A plain wrapper rather than jest.spyOn, so that tests calling jest.restoreAllMocks keep it.
 */
const checkTiming = /^(Serializable|Immutable)StateInvariantMiddleware took \d+ms, which is more than the warning threshold/;
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && checkTiming.test(args[0])) return;
  warn(...args);
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
