// The exhaustive cases (every league-season, every dialect) run as a sample in `npm test` and whole in
// `npm run test:full`. The sample is drawn from a seed (today's date unless FOOTBALL_TEST_SAMPLE_SEED
// names one; vitest.config.ts prints it), so a failure is replayed with the seed the output shows.

/** The seed of this run; vitest.config.ts sets it for every worker. */
export const SAMPLE_SEED = process.env.FOOTBALL_TEST_SAMPLE_SEED || new Date().toISOString().slice(0, 10);
/** Whether this is `npm run test:full`: every case, no sample. */
export const FULL_RUN = process.env.FOOTBALL_TEST_FULL === '1';

/** A number generator from a string: FNV-1a for the seed, then mulberry32. */
export function generator(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `size` of `items` drawn from the run's seed (each `what` its own draw, in the items' order), or all of
 * them in a full run; says on stdout what it took and how to replay it.
 */
export function sample<T>(what: string, items: readonly T[], size: number): T[] {
  if (FULL_RUN || size >= items.length) {
    console.info(`${what}: all ${items.length} (full run)`);
    return [...items];
  }
  const random = generator(`${SAMPLE_SEED}:${what}`);
  const picked = new Set<number>();
  while (picked.size < size) picked.add(Math.floor(random() * items.length));
  console.info(
    `${what}: a sample of ${size} of ${items.length}, seed ${SAMPLE_SEED} ` +
      `(replay: FOOTBALL_TEST_SAMPLE_SEED=${SAMPLE_SEED}; all: npm run test:full)`,
  );
  return [...picked].sort((a, b) => a - b).map((i) => items[i] as T);
}

/** The replay hint for an assertion message: which seed drew the case that failed. */
export function drawn(label: string): string {
  return FULL_RUN ? label : `${label} (sample seed ${SAMPLE_SEED})`;
}

/**
 * fast-check's settings for a property of `npm test`: a seed drawn from the run's seed (printed, so a failure
 * replays with FOOTBALL_TEST_SAMPLE_SEED), and ten times the runs in a full run.
 */
export function propertyRuns(what: string, runs = 100): { seed: number; numRuns: number } {
  const seed = Math.floor(generator(`${SAMPLE_SEED}:${what}`)() * 2 ** 31);
  const numRuns = FULL_RUN ? runs * 10 : runs;
  console.info(
    `${what}: ${numRuns} runs, fast-check seed ${seed} (replay: FOOTBALL_TEST_SAMPLE_SEED=${SAMPLE_SEED})`,
  );
  return { seed, numRuns };
}
