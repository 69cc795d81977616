// An unread field is never printed as absent: styles where a renamed field once showed as "–" or
// "unnamed", or as null with no note (a compare or watchlist table's minutes and best role, a row's age
// written "29 years" under a made-up name, a name update_watchlist could not read). Each is checked
// strictly (no KNOWN_UNREAD allowance) for the tools it broke, text and structured content alike; a style
// whose fix was against a different fact takes the allowance for what is still unread.
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../support/facts.js';
import { runStyle, usePlainRun } from '../support/styles.js';

/** Each style, the tools it broke, and whether KNOWN_UNREAD's allowance is taken (never for a wrong fact). */
const CASES: [spec: string, tools: string[], known?: 'known'][] = [
  ['s3:rename', ['compare_players', 'watchlist_report']],
  // A spread's median under a made-up name, written "0,1": named unread, never "median –".
  ['s218', ['comparison_group']],
  // A league as {id, nome} moved into a group: unread, never "–".
  ['s228', ['scout_players', 'player_history']],
  ['s31:display,rename', ['search_players', 'compare_players']],
  ['s32:resource,rename', ['update_watchlist']],
  // A season under a German name moved into `details`: the answer's season named unread, never "current".
  ['s35', ['rank_players_by_role', 'rank_players_by_statistic', 'watchlist_report']],
  // Statistics under labels read as items must not teach a glossary key from its labels: no other fact.
  ['s469', ['get_glossary'], 'known'],
];

const plain = usePlainRun();

describe.each(CASES)('style %s', (spec, tools, known) => {
  it(`${tools.join(', ')}: ${known ? 'no other fact' : 'every blank is named, none printed as absent'}`, async () => {
    const { answers, ids, world } = plain();
    const run = await runStyle(spec, answers, ids, world, { strict: known === undefined });
    const broken = run.outcomes
      .filter((o) => tools.includes(o.tool))
      .flatMap((o) => o.breaches.map((f) => `${o.tool}: ${describeFinding(f)}`));
    expect(broken, run.description).toEqual([]);
  }, 90_000);
});
