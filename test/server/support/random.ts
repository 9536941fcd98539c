/** A small seeded generator (mulberry32): a failing run can be replayed with the seed it printed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer from `min` to `max`, both included. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** The seed for this run: SEED from the environment, else a new one (report it, see withSeed). */
export function runSeed(): number {
  const fromEnv = Number(process.env.SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31);
}

/** The items in a random order (Fisher-Yates). */
export function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Runs a randomized test: a passing run prints nothing, and a failure says which seed replays it
 * (`SEED=… npx jest …`) and what `note` was told on the way, with the failure itself as the cause.
 */
export async function withSeed(seed: number, work: (note: (line: string) => void) => Promise<void>): Promise<void> {
  const notes: string[] = [];
  try {
    await work((line) => notes.push(line));
  } catch (error) {
    throw new Error([`Failed with seed ${seed}: replay with SEED=${seed}.`, ...notes].join('\n'), { cause: error });
  }
}
