// Seeded choices for a style: every piece draws from its own stream (the style's seed and the piece's
// name), so adding a piece to the registry leaves the other pieces' choices as they were.
import { hashString } from '../data/random.js';

export interface Draw {
  /** Uniform in [0, 1). */
  next(): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Each item kept with probability `p`, at least one kept when `items` is not empty. */
  some<T>(items: readonly T[], p: number): T[];
  /** The items in a drawn order. */
  shuffle<T>(items: readonly T[]): T[];
  /** A stream of its own for `tag`, the same whatever was drawn before. */
  fork(tag: string): Draw;
}

/** mulberry32 from the hash of `seed`. */
export function drawFrom(seed: string): Draw {
  const fork = (tag: string) => drawFrom(`${seed}:${tag}`);
  let state = hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return {
    fork,
    next,
    chance: (p) => next() < p,
    int,
    pick,
    some(items, p) {
      const kept = items.filter(() => next() < p);
      return kept.length > 0 || items.length === 0 ? kept : [pick(items)];
    },
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
      }
      return out;
    },
  };
}
