// A ranking or shortlist over every league of a football (gender, level) on generated styles: which
// leagues those are is told only by the key's whole league list, each league's gender and level read,
// and several leagues' lists are merged only by a score read. Where a style leaves any of that unread
// (a list past the page budget, a gender under a made-up name), the answer is a refusal that says so,
// never a ranking of some of the leagues as if they were all, nor "no league is women's football"; a
// shortlist whose scores are unread shows each league's rows not ranked across them. Where the style reads
// them, the plain answer's facts, strictly.
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../support/facts.js';
import { FULL_RUN, sample } from '../support/sample.js';
import { runStyle, usePlainRun, withoutWaits } from '../support/styles.js';
import { SCOPE_CALLS } from '../support/tool-plans.js';

/**
 * The refusal of a scope that cannot be told: its words, or the league list's own error when none of its
 * rows could be read (the same answer: which leagues those are is not known).
 */
const CANNOT_TELL = /cannot be told|answer to GET \/v1\/leagues could not be read/;

const BOTH = ['rank_players_by_role (gender)', 'scout_players (gender)'];
/** Styles, and the calls told the scope cannot be (the others: the plain answer's facts, strictly). */
const CASES: [spec: string, refused: string[]][] = [
  // The league list past the page budget (10 rows a page): read in part.
  ['s53', BOTH],
  ['s18', BOTH],
  // Every league's gender under a made-up name.
  ['s1', BOTH],
  // Scores renamed: thirty women's top leagues' shortlists not ranked across leagues, each league's rows in
  // the API's order (test/support/unranked.ts), never merged by a score not read.
  ['s4', []],
  // The league list paged by HAL's links, 10 rows a page: read in part too.
  ['s8', BOTH],
  // Read whole.
  ['s7', []],
  // s8's style before it took the hal piece.
  ['s8:-hal', []],
];
const SEEDS = Array.from({ length: 500 }, (_, i) => `s${i}`);
const drawn = FULL_RUN ? SEEDS : sample('league scope styles', SEEDS, 2);

const plain = usePlainRun(SCOPE_CALLS);

describe.each(CASES)('style %s', (spec, refused) => {
  it(`refused: ${refused.join(', ') || 'none'}; the rest strictly`, async () => {
    const { answers, ids, world } = plain();
    const run = await runStyle(withoutWaits(spec), answers, ids, world, { strict: true, calls: SCOPE_CALLS });
    for (const o of run.outcomes) {
      if (refused.includes(o.call)) {
        expect(o.error ?? `${o.call} answered`, `${o.call} on ${run.description}`).toMatch(CANNOT_TELL);
        // No argument the caller gave is at fault: never "Invalid gender: …".
        expect(o.error, `${o.call} on ${run.description}`).not.toMatch(/^Invalid /);
      } else expect(o.breaches.map(describeFinding), `${o.call} on ${run.description}`).toEqual([]);
    }
  }, 90_000);
});

// A full run's seeds run a few at a time (vitest's maxConcurrency), as in styles.test.ts.
(FULL_RUN ? describe.concurrent : describe).each(drawn)('style %s (drawn)', (spec) => {
  it('the plain answer, or a refusal saying the scope cannot be told', async () => {
    const { answers, ids, world } = plain();
    const run = await runStyle(withoutWaits(spec), answers, ids, world, { strict: true, calls: SCOPE_CALLS });
    const broken = run.outcomes.flatMap((o) =>
      o.breaches
        .filter((f) => !(f.kind === 'error' && CANNOT_TELL.test(String(f.styled))))
        .map((f) => `${o.call}: ${describeFinding(f)}`),
    );
    expect(
      broken,
      `${run.description}\nreplay: FOOTBALL_TEST_SAMPLE_SEED=<seed> or the spec ${spec}`,
    ).toEqual([]);
  }, 120_000);
});
