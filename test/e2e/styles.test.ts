// Generated styles (metamorphic testing): for each sampled seed, a sandbox whose answers go through
// spec-preserving transformations drawn from the seed (src/sandbox/styles/), every tool's typical call
// on it and on a plain sandbox of the same world, and the property: the transformed answer shows the
// same facts as the plain one, or a note names what it could not read; never a different fact.
// `npm test` runs a few seeds drawn from the run's seed, `npm run test:full` many; replay one with
// FOOTBALL_TEST_STYLE=<spec> (as the failure prints it).
import { describe, expect, it } from 'vitest';
import { PIECES } from '../../src/sandbox/styles/index.js';
import { describeFinding } from '../support/facts.js';
import { drawn, FULL_RUN, sample } from '../support/sample.js';
import { KNOWN_UNREAD, runStyle, SAMPLE_LEAVES_OUT, usePlainRun } from '../support/styles.js';
import { callName, callsNamed, HARNESS_CALLS, MORE_CALLS, SLOW_CALLS } from '../support/tool-plans.js';

/** Seeds in a full run; the sample of `npm test` is drawn from them. */
const SEEDS = Array.from({ length: 500 }, (_, i) => `s${i}`);
const SAMPLE_SIZE = 2;

const replay = process.env.FOOTBALL_TEST_STYLE?.trim();
const leftOut = Object.keys(SAMPLE_LEAVES_OUT);
/**
 * Styles are composed without the pieces that show a different fact today (so CI's full run stays a
 * gate), unless FOOTBALL_TEST_STYLE_ALL=1 asks for every piece: the way to see what the readers still miss.
 */
const takesAll = process.env.FOOTBALL_TEST_STYLE_ALL === '1';
const sampled = (seed: string) =>
  takesAll || leftOut.length === 0 ? seed : `${seed}:${leftOut.map((p) => `-${p}`).join(',')}`;
/**
 * Styles that once drew a breach, kept as cases in every run: s108 (an object in made-up words,
 * `{Vusan: {Truboutar, Toumadak}}`, whose member is also the API's word for the player's name) showed
 * each player's own name as his club when the names learner took a group's member as the club.
 */
const ONCE_FAILED = ['s108'];
const specs = replay
  ? replay.split(/\s+/)
  : process.env.FOOTBALL_TEST_STYLE_SURVEY
    ? []
    : [...new Set([...sample('generated styles', SEEDS, SAMPLE_SIZE), ...ONCE_FAILED])].map(sampled);
console.info(
  `generated styles: known unread (blanks allowed): ${Object.keys(KNOWN_UNREAD).join(', ') || 'none'}; ` +
    `left out (a different fact today; FOOTBALL_TEST_STYLE_ALL=1 takes them): ${takesAll ? 'none' : leftOut.join(', ') || 'none'}`,
);

/**
 * The branch calls (MORE_CALLS) a run makes on every style: all in a full run, a replay or with
 * FOOTBALL_TEST_STYLE_ALL=1, else a few drawn from the run's seed (each run checks others), none of SLOW_CALLS.
 */
const BRANCH_SAMPLE = 2;
const plain = usePlainRun(
  FULL_RUN || replay || takesAll
    ? HARNESS_CALLS
    : callsNamed(
        sample(
          'branch calls',
          MORE_CALLS.map(callName).filter((name) => !SLOW_CALLS.has(name)),
          BRANCH_SAMPLE,
        ),
      ),
);

// A full run's seeds run a few at a time (vitest's maxConcurrency): each has its own sandbox and client.
const styles = FULL_RUN ? describe.concurrent : describe;

styles.each(specs)('style %s', (spec) => {
  it(
    "every tool shows the plain answer's facts, or names what it could not read",
    async () => {
      const { answers, ids, world } = plain();
      const run = await runStyle(spec, answers, ids, world);
      const broken = run.outcomes.flatMap((o) => o.breaches.map((f) => `${o.call}: ${describeFinding(f)}`));
      const replayHint = `replay: FOOTBALL_TEST_STYLE=${spec} npx vitest run test/e2e/styles.test.ts`;
      expect(broken, drawn(`${run.description}\n${replayHint}`)).toEqual([]);
    },
    FULL_RUN ? 120_000 : 90_000,
  );
});

// A survey, not a test: FOOTBALL_TEST_STYLE_SURVEY=<seeds per piece> runs each piece alone on that many
// seeds and prints, per piece, how many runs held and an example of each kind of breach (KNOWN_UNREAD
// aside: what the readers do today).
const survey = Number(process.env.FOOTBALL_TEST_STYLE_SURVEY ?? 0);
describe.runIf(survey > 0)('survey: each piece alone', () => {
  it.each(PIECES.map((p) => p.name))(
    '%s',
    async (piece) => {
      const lines: string[] = [];
      let held = 0;
      for (let i = 0; i < survey; i++) {
        const { answers, ids, world } = plain();
        const run = await runStyle(`v${i}:${piece}`, answers, ids, world, { strict: true });
        const broken = run.outcomes.flatMap((o) => o.breaches.map((f) => ({ tool: o.tool, f })));
        if (broken.length === 0) held++;
        const kinds = new Map<string, string>();
        for (const { tool, f } of broken) {
          const kind = f.kind === 'blank' ? 'blank without note' : f.kind;
          if (!kinds.has(kind)) kinds.set(kind, `${tool}: ${describeFinding(f)}`);
        }
        for (const [kind, example] of kinds)
          lines.push(
            `  ${run.spec} ${kind} (${broken.filter((b) => (b.f.kind === 'blank' ? 'blank without note' : b.f.kind) === kind).length}): ${example}`,
          );
        lines.push(`  ${run.spec}: ${run.description}`);
      }
      console.info(`SURVEY ${piece}: ${held}/${survey} held\n${lines.join('\n')}`);
    },
    600_000,
  );
});
