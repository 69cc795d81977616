// Every synthetic value is a pure function of (seed, tag, coordinates): any row can be generated on
// its own, in any order, and the same seed always gives the same bytes.

export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** 32-bit hash of a seed, a tag and up to four integer coordinates. */
export function hash(seed: number, tag: number, a = 0, b = 0, c = 0, d = 0): number {
  let h = mix32(seed ^ Math.imul(tag + 1, 0x9e3779b1));
  h = mix32(h ^ Math.imul(a + 0x632be5ab, 0x85ebca6b));
  h = mix32(h ^ Math.imul(b + 0x1b873593, 0xc2b2ae35));
  h = mix32(h ^ Math.imul(c + 0x27d4eb2f, 0x165667b1));
  h = mix32(h ^ Math.imul(d + 0x61c88647, 0x9e3779b1));
  return h;
}

/** Uniform in [0, 1). */
export function unit(seed: number, tag: number, a = 0, b = 0, c = 0, d = 0): number {
  return hash(seed, tag, a, b, c, d) / 4294967296;
}

/** Approximately standard normal (Irwin–Hall with four 16-bit uniforms). */
export function normal(seed: number, tag: number, a = 0, b = 0, c = 0, d = 0): number {
  const h1 = hash(seed, tag, a, b, c, d);
  const h2 = mix32(h1 ^ 0x5bd1e995);
  const sum = (h1 & 0xffff) + (h1 >>> 16) + (h2 & 0xffff) + (h2 >>> 16);
  return (sum / 65536 - 2) * Math.sqrt(3);
}

/** Standard normal-ish draw number `i` of a stream started by `base` (a hash): cheaper than normal(). */
export function normalAt(base: number, i: number): number {
  const h1 = mix32(base + Math.imul(i + 1, 0x9e3779b1));
  const h2 = mix32(h1 ^ 0x5bd1e995);
  const sum = (h1 & 0xffff) + (h1 >>> 16) + (h2 & 0xffff) + (h2 >>> 16);
  return (sum / 65536 - 2) * Math.sqrt(3);
}

export function pick<T>(items: readonly T[], h: number): T {
  const item = items[h % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Deterministic Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], seed: number, tag: number, salt = 0): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = hash(seed, tag, salt, i) % (i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of base 36 (lowercase) or base 62 drawn from a hash chain. */
export function hashChars(h: number, length: number, base: 36 | 62): string {
  let out = '';
  let x = h;
  for (let i = 0; i < length; i++) {
    x = mix32(x + i * 0x9e3779b1);
    out += base === 36 ? ALNUM[x % 36]?.toLowerCase() : ALNUM[x % 62];
  }
  return out;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Tags keep the hash streams of different facts independent. */
export const TAG = {
  playerId: 1,
  serviceId: 2,
  teamId: 3,
  coachId: 4,
  link: 5,
  mover: 6,
  slotNoise: 7,
  candNoise: 8,
  culture: 9,
  nameFirst: 10,
  nameLast: 11,
  age: 12,
  birth: 13,
  ability: 14,
  trait: 15,
  foot: 16,
  height: 17,
  statNoise: 18,
  minutes: 19,
  prestige: 20,
  clubCity: 21,
  cityOrder: 22,
  coach: 23,
  style: 24,
  cupNoise: 25,
  cupMatches: 26,
  contract: 27,
  shirt: 28,
  founded: 29,
  career: 30,
  meeting: 31,
  foreign: 32,
  formation: 33,
  youthMove: 34,
  weekMove: 35,
  weekDestination: 36,
  weekPlay: 37,
  weekForm: 38,
  weekLink: 39,
} as const;
