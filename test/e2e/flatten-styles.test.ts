// Flattened records (the `flatten` piece: `"compared_with.players"`, `"statistics.goals"`, as pandas'
// json_normalize writes them; `underscored`: `compared_with_players`, as many exports do) composed with
// the pieces that move or respell fields: every value is read (regrouped, src/api/reader/flattened.ts),
// none left blank, named or not. Before the regrouping, a flattened statistics map showed no statistics
// and named none. One exception, named: a group under a word no reader knows (the `group` piece's
// `details`) flattened with `_` (`details_minutes`) says nothing of where its fields were, so those may
// be named unread (the general property of styles.test.ts), never left blank unsaid.
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../support/facts.js';
import { drawn, sample } from '../support/sample.js';
import { runStyle, usePlainRun } from '../support/styles.js';

const WITH = [
  '',
  'objects,',
  'group,',
  'objects,group,casing,',
  'amounts,dates,',
  'resource,',
  'labels,',
  'bare,',
];
const SPECS = sample(
  'flattened styles',
  Array.from({ length: 120 }, (_, i) =>
    i % 3 === 2
      ? `under${i}:${WITH[i % WITH.length]}underscored`
      : `flat${i}:${WITH[i % WITH.length]}flatten`,
  ),
  3,
);
/** Styles whose fields may be named unread: moved under an unknown word, then flattened with `_`. */
const mayNameUnread = (spec: string) => spec.includes('group') && spec.includes('underscored');

const plain = usePlainRun();

describe.each(SPECS)('style %s', (spec) => {
  it('every value the plain answer shows is shown', async () => {
    const { answers, ids, world } = plain();
    const run = await runStyle(spec, answers, ids, world, { strict: true });
    const broken = run.outcomes.flatMap((o) =>
      [
        ...new Set([
          ...o.breaches,
          ...o.findings.filter((f) => f.kind === 'blank' && !(mayNameUnread(spec) && f.noted)),
        ]),
      ].map((f) => `${o.call}: ${describeFinding(f)}`),
    );
    const errors = run.outcomes.flatMap((o) => (o.error ? [`${o.call}: ${o.error}`] : []));
    expect([...errors, ...broken], drawn(run.description)).toEqual([]);
  }, 90_000);
});
