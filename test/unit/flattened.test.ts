// Flattened objects made objects again (src/api/reader/flattened.ts), on generated records: any nesting
// of objects (lists left whole) flattened with dots comes back as it was; names with `_` are names of
// their own; an own `__proto__` stays an own key and never reaches a prototype. Seeds from the run's
// sample seed.
import { describe, expect, it } from 'vitest';
import { regroupFlattened } from '../../src/api/reader/flattened.js';
import { FULL_RUN, generator, SAMPLE_SEED } from '../support/sample.js';

type Json = Record<string, unknown>;
const WORDS = ['club', 'name', 'league', 'details', 'minutes', 'statistics', 'xg', 'info', 'Total', 'per_90'];

function record(random: () => number, depth: number): Json {
  const out: Json = {};
  const size = 1 + Math.floor(random() * 4);
  for (let i = 0; i < size; i++) {
    const key = `${WORDS[Math.floor(random() * WORDS.length)]}${i}`;
    const pick = random();
    out[key] =
      depth < 3 && pick < 0.35
        ? record(random, depth + 1)
        : pick < 0.45
          ? [depth < 3 ? record(random, 3) : Math.round(random() * 100)]
          : pick < 0.55
            ? null
            : pick < 0.8
              ? Math.round(random() * 1000) / 10
              : `text ${i}`;
  }
  return out;
}

function flattened(value: Json, separator: string): Json {
  const out: Json = {};
  for (const [key, v] of Object.entries(value))
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0)
      for (const [inner, w] of Object.entries(flattened(v as Json, separator)))
        out[`${key}${separator}${inner}`] = w;
    else out[key] = v;
  return out;
}

const COUNT = FULL_RUN ? 400 : 60;
const seeds = Array.from({ length: COUNT }, (_, i) => `${SAMPLE_SEED}:flattened:${i}`);

describe(`flattened records (${COUNT} seeds from ${SAMPLE_SEED})`, () => {
  it.each(seeds)('%s: dotted names come back as the objects they were', (seed) => {
    const original = record(generator(seed), 0);
    const flat = flattened(original, '.');
    expect(regroupFlattened(flat), JSON.stringify(flat)).toEqual(original);
  });

  it("names with `_` are names of their own: `club_id` may as well be the club's own field", () => {
    const record = { club_id: 't1', compared_with_players: 44, minutes_played: 900 };
    expect(regroupFlattened(record)).toBe(record);
  });

  it('a dotted name beside a value of its own under the object name is a name of its own', () => {
    const record = { club: 'PSG', 'club.id': 't1', 'league.name': 'Ligue 1' };
    expect(regroupFlattened(record)).toEqual({
      club: 'PSG',
      'club.id': 't1',
      league: { name: 'Ligue 1' },
    });
  });

  it('an own __proto__ stays an own key, and no prototype is reached', () => {
    const raw = JSON.parse(
      '{"__proto__": {"polluted": 1}, "a.b": 1, "__proto__.x": 2, "c.__proto__": 3}',
    ) as Json;
    const out = regroupFlattened(raw);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(out.a).toEqual({ b: 1 });
    expect(out['__proto__.x']).toBe(2);
    expect(out['c.__proto__']).toBe(3);
  });
});
