// A metamorphic relation across generated styles: a piece that only respells or rewraps what the API
// says (casing, compression, a redirect, ids as numbers, a record bare, a confirmation beside the data,
// objects flattened or named as {id, name}) adds no finding to a style: the style with it shows every
// fact the style without it shows (each piece draws from its own stream, so `s7:-casing` is `s7` less
// that piece, all else as drawn). The general property lets a blank pass when a note names it; this one
// does not: PascalCase once hid from the names learner a field it learned from the same answer in lower
// case (a coach's team), and an UPPER_SNAKE envelope once cost a request and the count of a list.
import { describe, expect, it } from 'vitest';
import { styleOf } from '../../src/sandbox/styles/index.js';
import { describeFinding, type Finding } from '../support/facts.js';
import { drawn, FULL_RUN, sample } from '../support/sample.js';
import { runStyle, usePlainRun } from '../support/styles.js';

/**
 * Each respelling piece, and the pieces its base style leaves out beside the waits: objects named as
 * `{id, name}` or flattened expose a member's name to `rename` that the plain field hid (`verein.name_voll`),
 * a different style, not the same facts respelt; flattened with `_`, a group under `group`'s unknown word
 * loses where its fields were (`details_minutes`), which the reader names unread.
 */
const RESPELLING: Readonly<Record<string, string>> = {
  casing: '',
  compress: '',
  slashed: '',
  says: '',
  ids: '',
  bare: '',
  flatten: ',-rename',
  underscored: ',-rename,-group',
  objects: ',-rename',
};

/** The first seed from `from` on whose style (waits left out) the piece is drawn. */
function seedWith(piece: string, from: number): string {
  for (let i = from; i < from + 500; i++) {
    const spec = `s${i % 500}:-throttle,-maintenance${RESPELLING[piece]}`;
    if (styleOf(spec).pieces.includes(piece)) return spec;
  }
  throw new Error(`no seed draws ${piece}`);
}

const CASES = sample(
  'respelling styles',
  Object.keys(RESPELLING).flatMap((piece) => Array.from({ length: 10 }, (_, i) => `${piece}@${i * 50}`)),
  FULL_RUN ? 40 : 2,
);

const plain = usePlainRun();
const key = (call: string, f: Finding) => `${call} ${f.kind} ${f.path}`;

describe.each(CASES)('%s', (pick) => {
  it('the style with the piece shows every fact the style without it shows', async () => {
    const [piece = '', from = '0'] = pick.split('@');
    const spec = seedWith(piece, Number(from));
    const { answers, ids, world } = plain();
    const withIt = await runStyle(spec, answers, ids, world, { strict: true });
    const without = await runStyle(`${spec},-${piece}`, answers, ids, world, { strict: true });
    const had = new Set(without.outcomes.flatMap((o) => o.findings.map((f) => key(o.call, f))));
    const added = withIt.outcomes.flatMap((o) =>
      o.findings.filter((f) => !had.has(key(o.call, f))).map((f) => `${o.call}: ${describeFinding(f)}`),
    );
    expect(added, drawn(`${withIt.description}\nwithout ${piece}: ${without.description}`)).toEqual([]);
  }, 180_000);
});
