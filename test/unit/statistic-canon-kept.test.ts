// A statistics map read by the glossary's keys loses no value: every number the API sent stays, under
// the glossary's key or under the API's own name. Two names the glossary ties to one key (a label and the
// key, or labels in two units when the glossary's unit is unread) with different values are two facts:
// one goes under the key, the other stays under the API's name. Cases drawn from the run's seed.
import { describe, expect, it } from 'vitest';
import { canonicalStatistics, type GlossaryWords, statisticForms } from '../../src/facts/statistic-canon.js';
import { FULL_RUN, generator, SAMPLE_SEED } from '../support/sample.js';

const STATISTICS: [key: string, name: string][] = [
  ['tackles_won', 'Tackles won'],
  ['goals', 'Goals'],
  ['duels_won_pct', 'Duels won'],
  ['progressive_passes', 'Progressive passes'],
];
const UNITS = ['per 90', '%', 'total', null];

function drawCase(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const glossary = new Map<string, GlossaryWords>();
  for (const [key, name] of STATISTICS)
    if (random() < 0.8) glossary.set(key, { name: random() < 0.85 ? name : null, unit: pick(UNITS) });
  const statistics: Record<string, number | null> = {};
  for (const [key, name] of STATISTICS) {
    const forms = [key, name, `${name} (${pick(UNITS) ?? 'per 90'})`, `${name} (${pick(UNITS) ?? 'total'})`];
    for (const form of forms)
      if (random() < 0.45) statistics[form] = random() < 0.1 ? null : Math.round(random() * 400) / 10;
  }
  return { glossary, statistics };
}

describe('statistics read by the glossary keep every value', () => {
  const runs = FULL_RUN ? 3000 : 300;
  it(`holds over ${runs} drawn maps (seed ${SAMPLE_SEED})`, () => {
    const random = generator(`${SAMPLE_SEED}:statistic-canon-kept`);
    for (let run = 0; run < runs; run++) {
      const { glossary, statistics } = drawCase(random);
      const renamed = new Map<string, string>();
      const out = canonicalStatistics(statistics, statisticForms(glossary), renamed);
      const shown = Object.values(out).filter((v): v is number => v !== null);
      const context = JSON.stringify({ run, glossary: [...glossary], statistics, out });
      for (const [name, value] of Object.entries(statistics)) {
        if (value === null) continue;
        // Under its own name, or under the key it was read as, with this very value.
        const where = name in out && out[name] === value ? name : renamed.get(name);
        expect(where !== undefined && out[where] === value, `${name} = ${value} lost: ${context}`).toBe(true);
      }
      // Nothing made up: every value shown is one the API sent.
      const sent = new Set(Object.values(statistics));
      for (const v of shown) expect(sent.has(v), context).toBe(true);
    }
  });
});
