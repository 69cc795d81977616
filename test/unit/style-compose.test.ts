// How a style's layers compose: a body goes through them in order, a request the other way, each layer's
// response sees the request as that layer received it; the first gate to answer wins; wire rewrites chain.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { ANSWER_WORD_NAMES } from '../../src/api/reader/api-words.js';
import type { DialectRequest, WireAnswer, WireRequest } from '../../src/sandbox/dialects/dialect.js';
import { throttled } from '../../src/sandbox/dialects/throttled.js';
import { composeLayers } from '../../src/sandbox/styles/compose.js';
import { drawFrom } from '../../src/sandbox/styles/draw.js';
import { fromDialect, type Layer } from '../../src/sandbox/styles/piece.js';
import { ENDINGS, madeUpWord, ONSETS, REAL_WORDS, VOWELS } from '../../src/sandbox/styles/words.js';

const request: DialectRequest = {
  method: 'GET',
  route: '/v1/leagues',
  params: {},
  query: new URLSearchParams('limit=5'),
  body: {},
};

/** A layer that tags the query on the way in and the body on the way out, and records what it saw. */
function tagging(name: string, seen: string[]): Layer {
  return {
    describe: name,
    request: (req) => {
      const query = new URLSearchParams(req.query);
      query.append('via', name);
      return { ...req, query };
    },
    response: (body, req) => {
      seen.push(`${name} saw via=${req.query.getAll('via').join(',')}`);
      return { ...(body as object), path: [...((body as { path?: string[] }).path ?? []), name] };
    },
  };
}

describe('composed layers', () => {
  it('shape bodies in order and requests the other way, each response given its own request', () => {
    const seen: string[] = [];
    const hooks = composeLayers([tagging('inner', seen), tagging('outer', seen)]);
    const sent = hooks.request?.(request) as DialectRequest;
    expect(sent.query.getAll('via')).toEqual(['outer', 'inner']);
    expect(hooks.response?.({}, sent)).toEqual({ path: ['inner', 'outer'] });
    expect(seen).toEqual(['inner saw via=outer', 'outer saw via=']);
  });

  it('ask gates in order (the first answer wins) and chain wire rewrites', () => {
    const answer = (status: number): WireAnswer => ({ status, headers: {}, body: Buffer.from('') });
    const hooks = composeLayers([
      { describe: 'a', gate: () => ({ admit: (r) => (r.index === 1 ? answer(429) : undefined) }) },
      { describe: 'b', gate: () => ({ admit: (r) => (r.index < 3 ? answer(503) : undefined) }) },
      { describe: 'c', wire: (a) => ({ ...a, headers: { ...a.headers, c: '1' } }) },
      {
        describe: 'd',
        wire: (a) => ({ ...a, headers: { ...a.headers, d: String(Object.keys(a.headers)) } }),
      },
    ]);
    const gate = hooks.gate?.();
    const at = (index: number) => gate?.admit({ index } as WireRequest)?.status;
    expect([at(0), at(1), at(2), at(3)]).toEqual([503, 429, 503, undefined]);
    expect(hooks.wire?.(answer(200), { index: 0 }).headers).toEqual({ c: '1', d: 'c' });
    expect(composeLayers([{ describe: 'none' }]).gate).toBeUndefined();
  });

  it('take a dialect as a piece in one line', () => {
    const piece = fromDialect(throttled, 0.1);
    const layer = piece.make(drawFrom('x'));
    expect(piece.name).toBe('throttled');
    expect(layer?.describe).toBe(throttled.summary);
    expect(layer?.gate).toBeTypeOf('function');
  });
});

describe('made-up field names', () => {
  it("are never a word a reader knows as a field's name: every such word the syllables build is refused", () => {
    const syllable = `(${ONSETS.join('|')})(${VOWELS.join('|')})`;
    const buildable = new RegExp(`^(${syllable}){2,3}(${ENDINGS.filter(Boolean).join('|')})?$`);
    // A reader's alias, or a name an answer's words are read under (api-words.ts).
    const real = [...DEFAULT_ALIAS_SET.words, ...ANSWER_WORD_NAMES].filter((word) => buildable.test(word));
    expect(real.filter((word) => !REAL_WORDS.has(word))).toEqual([]);
    // The word "stile" (style's alias) once named a coach's id, read as his style.
    for (let seed = 0; seed < 2000; seed++)
      expect(REAL_WORDS.has(madeUpWord(drawFrom(`w${seed}`)))).toBe(false);
  });
});
