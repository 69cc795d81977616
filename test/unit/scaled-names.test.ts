// Money under a name that states its scale (src/api/reader/scaled-names.ts), given as an alias in the
// routes file (as the unread note's "Fix" tells): `market_value_m: 57.35` is €57.35m, never €57.35.
// Generated from a seed (printed; replay with FOOTBALL_TEST_SAMPLE_SEED): a value with up to three
// decimals, as a number or a numeral text, under a name ending in a drawn scale word, in a drawn case;
// the property: the euros read are the value shifted by the scale's digits, exactly as decimal.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasSet } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { ScoutingResponse } from '../../src/api/schemas.js';
import { isImplausibleValuation } from '../../src/domain/valuations.js';
import { propertyRuns } from '../support/sample.js';

const WORDS: Record<string, number> = { m: 6, mio: 6, mn: 6, millions: 6, k: 3, tsd: 3, bn: 9 };
const NAMES = ['market_value_%', 'value_%', 'marktwert_%', 'market_value_%_eur', 'value_in_%'];

const cased = (name: string, style: number) =>
  style === 0
    ? name
    : style === 1
      ? name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
      : name.toUpperCase();

const row = (extra: Record<string, unknown>) => ({
  player_id: 'p1',
  service_id: 'ds_0000000000000001',
  name: 'Kévin Gareuil',
  club: 'Racing Club de Lyon',
  age: 25,
  role: 'renard_des_surfaces',
  score: 82.9,
  ...extra,
});

describe('money under a name that states its scale', () => {
  it('is read in euros, shifted by the scale exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(WORDS)),
        fc.constantFrom(...NAMES),
        fc.nat(2),
        fc.integer({ min: 1, max: 999_999 }),
        fc.nat(3),
        fc.boolean(),
        (word, pattern, style, digits, decimals, asText) => {
          const numeral = decimals === 0 ? String(digits) : (digits / 10 ** decimals).toFixed(decimals);
          const name = cased(pattern.replace('%', word), style);
          const aliases = aliasSet({ market_value_eur: [name] });
          const raw = { data: [row({ [name]: asText ? numeral : Number(numeral) })] };
          const read = readAnswer(ScoutingResponse, raw, 'POST /v1/scouting', aliases).value;
          const euros = (read.data[0] as { market_value_eur?: unknown }).market_value_eur;
          const label = `${name}: ${JSON.stringify(raw.data[0]?.[name as keyof (typeof raw.data)[0]])}`;
          // A number is the decimal the API wrote, shifted; a numeral text is read as the money reader reads
          // it written with its scale ("1.000 m" is as ambiguous as "1.000 Mio": unreadable, never a guess).
          const written = { data: [row({ market_value_eur: `${numeral} ${word}` })] };
          const asWritten = (
            readAnswer(ScoutingResponse, written, 'POST /v1/scouting').value.data[0] as {
              market_value_eur?: unknown;
            }
          ).market_value_eur;
          // Under a thousand euros, a valuation is unread (values.ts: optEuros), however written.
          const shifted = Number(`${Number(numeral)}e${WORDS[word]}`);
          expect(euros, label).toBe(asText ? asWritten : isImplausibleValuation(shifted) ? null : shifted);
        },
      ),
      propertyRuns('scaled names'),
    );
  });

  it('a name with no scale word is read as euros', () => {
    const aliases = aliasSet({ market_value_eur: ['valeur_totale'] });
    const raw = { data: [row({ valeur_totale: 57_350_000 })] };
    const read = readAnswer(ScoutingResponse, raw, 'POST /v1/scouting', aliases).value;
    expect((read.data[0] as { market_value_eur?: unknown }).market_value_eur).toBe(57_350_000);
  });
});
