// scout_players over several leagues on generated styles whose scores cannot be read: the rows each league
// sent, in the API's order per league, said to be not ranked across leagues; never a refusal of the whole
// answer, never a ranking by a score not read, the score never printed as a value or as absent. Held
// strictly (test/support/unranked.ts: every row a row of its league's own answer, with its facts, in its
// order). Drawn seeds whose style reads the score hold the plain answer's facts.
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../support/facts.js';
import { FULL_RUN, sample } from '../support/sample.js';
import { runStyle, usePlainRun, withoutWaits } from '../support/styles.js';
import { callName, MORE_CALLS, type Plan } from '../support/tool-plans.js';
import { isUnranked } from '../support/unranked.js';

const NAMES = new Set(['scout_players (leagues)']);
/** Several leagues unfiltered (the harness's branch), and filtered by position and value. */
const CALLS: Plan[] = [
  ...MORE_CALLS.filter((plan) => NAMES.has(callName(plan))),
  [
    'scout_players',
    () => ({
      roles: ['CB'],
      leagues: ['Ligue 1', 'Serie A'],
      position: 'CB',
      max_value_eur: 30_000_000,
      limit: 5,
    }),
    'leagues, position, value',
  ],
];

/** Generated styles that leave the scouting rows' score unread: the score alone, or with the league or more. */
const UNREAD_SCORE = ['s4', 's22', 's10', 's31'];
const SEEDS = Array.from({ length: 500 }, (_, i) => `s${i}`);
const drawn = FULL_RUN ? SEEDS : sample('scout unranked styles', SEEDS, 3);

const plain = usePlainRun(CALLS);

/** The outcome of each call on `spec`, strictly; whether each answer is unranked. */
async function run(spec: string) {
  const { answers, ids, world } = plain();
  const styled = await runStyle(withoutWaits(spec), answers, ids, world, { strict: true, calls: CALLS });
  const broken = styled.outcomes.flatMap((o) => o.breaches.map((f) => `${o.call}: ${describeFinding(f)}`));
  const unranked = styled.outcomes.map((o) => isUnranked(o.tool, o.styled, notesIn(o.styled)));
  return { styled, broken, unranked };
}

const rowsOf = (styled: unknown): unknown[] => (styled as { data?: unknown[] } | undefined)?.data ?? [];
const notesIn = (styled: unknown): string[] => (styled as { notes?: string[] } | undefined)?.notes ?? [];

describe.each(UNREAD_SCORE)('style %s (score unread)', (spec) => {
  it('each league in the API order, not ranked across leagues, said', async () => {
    const { styled, broken, unranked } = await run(spec);
    expect(broken, styled.description).toEqual([]);
    // The unfiltered call shows rows; every call that shows rows says they are not ranked, more exist.
    expect(rowsOf(styled.outcomes[0]?.styled).length, styled.description).toBeGreaterThan(0);
    styled.outcomes.forEach((o, i) => {
      if (rowsOf(o.styled).length === 0) return;
      expect(unranked[i], `${o.call} on ${styled.description}`).toBe(true);
      expect((o.styled as { has_more?: unknown }).has_more, o.call).toBe(true);
    });
  }, 90_000);
});

(FULL_RUN ? describe.concurrent : describe).each(drawn)('style %s (drawn)', (spec) => {
  it('the plain answer, or each league unranked', async () => {
    const { styled, broken } = await run(spec);
    expect(broken, `${styled.description}\nreplay: the spec ${spec}`).toEqual([]);
  }, 120_000);
});
