// A list none of whose rows could be read for want of one field (a glossary entry's key, a league's
// name under a name nothing reads) is still shown to the names learner: its values may say which name
// holds the field. Seeded generated answers (FOOTBALL_TEST_SAMPLE_SEED replays them): the key under a
// random word, entries in random order, a decoy field holding role keys on a few entries. The property:
// every key read is the entry's own; when too little is known to learn it, the reading fails (never
// another fact) and says what the rows lacked and the names seen beside it.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadResponseError } from '../../src/api/errors.js';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { tryReadAnswer } from '../../src/api/reader/index.js';
import { CompareResponse, GlossaryResponse, LeaguesResponse } from '../../src/api/schemas.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { NamesLearned } from '../../src/facts/names-learned.js';
import { SAMPLE_SEED } from '../support/sample.js';
import { clientFor, JSON_HEADERS, mockUpstream, type Upstream } from './helpers.js';

const SEED = [...`${SAMPLE_SEED}:learned-when-unreadable`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);
console.info(`learned when unreadable: fast-check seed ${SEED} (from sample seed ${SAMPLE_SEED})`);

const STATISTICS = [
  'goals',
  'assists',
  'xg',
  'xa',
  'shots',
  'key_passes',
  'tackles',
  'interceptions',
  'pressures',
];
const INDICES = ['performance_index', 'percentile'];

const unknownWord = fc
  .stringMatching(/^[a-z]{5,9}$/)
  .filter(
    (w) => !DEFAULT_ALIAS_SET.words.has(w) && !['player', 'attributes', 'person', 'statistic'].includes(w),
  );

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

function answer(path: string, method: 'GET' | 'POST', body: object) {
  upstream.pool
    .intercept({ path: (p) => p.startsWith(path), method })
    .reply(200, body, { headers: JSON_HEADERS });
}

/** A glossary of statistics, role indices and indices, the key under `keyName`, in a drawn order. */
function glossary(keyName: string, decoyName: string, decoys: number, order: number) {
  const entries = [
    ...STATISTICS.map((key) => ({ key, kind: 'statistic', label: key.toUpperCase() })),
    ...ROLE_KEYS.map((key) => ({ key, kind: 'role_index', label: key.toUpperCase() })),
    ...INDICES.map((key) => ({ key, kind: 'index', label: key.toUpperCase() })),
  ].map(({ key, ...rest }, i) => ({
    [keyName]: key,
    ...rest,
    // A few entries carry a former role key under another name: role keys, yet not the entry's key.
    ...(i < decoys ? { [decoyName]: ROLE_KEYS[(i + 3) % ROLE_KEYS.length] } : {}),
  }));
  return entries.map((_, i) => entries[(i + order) % entries.length] as (typeof entries)[number]);
}

const compared = {
  data: [1, 2].map((i) => ({
    player_id: `p${i}`,
    service_id: `ds_000000000000000${i}`,
    name: `Player ${i}`,
    statistics: Object.fromEntries(STATISTICS.map((k, j) => [k, i + j / 10])),
  })),
};

describe('a list whose every row lacks its key', () => {
  it('is read once the key is learned from the statistic keys other answers used', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(unknownWord, { minLength: 2, maxLength: 2 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 100 }),
        async ([keyName, decoyName], decoys, order) => {
          const learner = new NamesLearned();
          const client = clientFor(upstream, { learner });
          answer('/v1/compare', 'POST', compared);
          await client.call('compare', CompareResponse, { body: { player_ids: ['p1', 'p2'] } });
          const sent = glossary(keyName as string, decoyName as string, decoys, order);
          answer('/v1/glossary', 'GET', { data: sent });
          const read = await client.call('glossary', GlossaryResponse);
          // Every entry read under its own key, in the order sent: never a decoy's value.
          expect(read.data.data.map((e) => e.key)).toEqual(
            sent.map((e) => (e as Record<string, unknown>)[keyName as string]),
          );
          expect(learner.learned.map((l) => [l.field, l.name])).toContainEqual(['key', keyName]);
          await client.close();
        },
      ),
      { seed: SEED, numRuns: 25 },
    );
  });

  it('fails when nothing known matches, naming the field the rows lacked and the names seen', () => {
    fc.assert(
      fc.property(unknownWord, fc.integer({ min: 2, max: 40 }), (nameName, rows) => {
        const raw = {
          data: Array.from({ length: rows }, (_, i) => ({ [nameName]: `League ${i}`, level: 'top' })),
        };
        const read = tryReadAnswer(LeaguesResponse, raw, 'GET /v1/leagues');
        expect(read.failed?.error).toBeInstanceOf(BadResponseError);
        expect(read.failed?.error.lacking).toEqual({ field: 'league.name', rows, seen: [nameName] });
      }),
      { seed: SEED, numRuns: 50 },
    );
  });
});
