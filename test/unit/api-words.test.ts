// What an answer says in words (src/api/reader/api-words.ts), generated from a seed (printed; replay with
// FOOTBALL_TEST_SAMPLE_SEED): an answer of rows, of none, or a record (under `data` or bare), marked
// failed or done by a flag or a status in any spelling, or sending an error with no data, with words
// under the names APIs use (any case, at the top or in `meta`, as texts, lists or objects), some with
// control characters. The property: a failure is one exactly when marked or when an error comes with
// no data, and it carries the API's words; otherwise every word beside the data is passed on, on one
// line, but confirmations; never a field of the data. Then through the client: a failure is an error,
// never cached; words are a note of the answer, fresh or cached.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FailedAnswerError, NotReadyError } from '../../src/api/errors.js';
import { apiWords, pendingMarker, rowError } from '../../src/api/reader/api-words.js';
import { collectReadNotes } from '../../src/api/reader/notes-sink.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { propertyRuns } from '../support/sample.js';
import { answerEvery, clientFor, rejectionOf, useMockUpstream } from './helpers.js';

const spelt = (name: string, style: number) => {
  const parts = name.split('_');
  switch (style % 4) {
    case 0:
      return name;
    case 1:
      return parts.map((p, i) => (i === 0 ? p : p[0]?.toUpperCase() + p.slice(1))).join('');
    case 2:
      return parts.map((p) => p[0]?.toUpperCase() + p.slice(1)).join('');
    default:
      return name.toUpperCase();
  }
};

const WORD = ['message', 'messages', 'msg', 'warning', 'warnings', 'notice', 'notices', 'hint', 'alerts'];
const ERROR = ['error', 'errors', 'error_message', 'error_description'];
const CONFIRMING = new Set(['message', 'messages', 'msg']);

/** A text an API writes, with a control character or a line break by a draw. */
const textArb = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(...'abcdefghij klmnopqrstuvwxyzéøß0123456789:.'.split('')),
      minLength: 3,
      maxLength: 60,
    }),
    fc.constantFrom('', '\n', '\u0007', '\u202e', '\r\n'),
    fc.nat(60),
  )
  .map(([text, control, at]) => `w ${text.slice(0, at)}${control}${text.slice(at)}`);

/** A text as the answer shows it: on one line, spaces collapsed. */
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const wordArb = fc.record({
  name: fc.constantFrom(...WORD),
  style: fc.nat(3),
  inMeta: fc.boolean(),
  texts: fc.array(textArb, { minLength: 1, maxLength: 2 }),
  form: fc.constantFrom('text', 'list', 'objects'),
});

const caseArb = fc.record({
  data: fc.constantFrom('rows', 'empty', 'null', 'missing', 'record', 'bare'),
  mark: fc.constantFrom('none', 'flag', 'status', 'error-true', 'error', 'confirmed'),
  markStyle: fc.nat(3),
  /** Where the mark is: the top, `meta`, or a `data` object of nothing but words (when no data is sent). */
  markPlace: fc.constantFrom('top', 'meta', 'data'),
  errorName: fc.constantFrom(...ERROR),
  errorTexts: fc.array(textArb, { minLength: 1, maxLength: 2 }),
  words: fc.array(wordArb, { maxLength: 3 }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

/** Texts under one name in a drawn form. */
function written(texts: readonly string[], form: string): unknown {
  if (form === 'text') return texts.join(' / ');
  if (form === 'list') return texts;
  return texts.map((message, i) =>
    i === 0 ? { code: 'E1', message } : { detail: message, player_id: `p${i}`, status: 404 },
  );
}
/** What the reader takes from texts written so: the same texts, a code before the first object's. */
function read(texts: readonly string[], form: string): string[] {
  if (form === 'text') return [texts.join(' / ')];
  if (form === 'list') return [...texts];
  return texts.map((t, i) => (i === 0 ? `E1: ${t}` : `${t} (player_id: p${i})`));
}

function answerOf(c: Case): { raw: Record<string, unknown>; top: string[]; meta: string[] } {
  const raw: Record<string, unknown> = {};
  const meta: Record<string, unknown> = {};
  const said = { top: [] as string[], meta: [] as string[] };
  if (c.data === 'rows')
    raw.data = [{ name: 'Ligue 1', country: 'France', message: 'a row field, not words' }];
  if (c.data === 'empty') raw.data = [];
  if (c.data === 'null') raw.data = null;
  if (c.data === 'record') raw.data = { name: 'Kylian', warning: 'a record field, not words' };
  if (c.data === 'bare') Object.assign(raw, { name: 'Kylian', club: 'Paris', age: 27 });
  const inData = c.markPlace === 'data' && (c.data === 'missing' || c.data === 'null' || c.data === 'empty');
  const envelope: Record<string, unknown> = {};
  const mark = inData ? envelope : c.markPlace === 'meta' ? meta : raw;
  if (c.mark === 'flag')
    mark[spelt(['success', 'ok', 'succeeded'][c.markStyle % 3] as string, c.markStyle)] = false;
  if (c.mark === 'status')
    mark[spelt(['status', 'result', 'outcome'][c.markStyle % 3] as string, c.markStyle)] = spelt(
      ['error', 'fail', 'failed', 'failure'][c.markStyle] as string,
      c.markStyle,
    );
  if (c.mark === 'error-true') mark[spelt('error', c.markStyle)] = true;
  if (c.mark === 'confirmed') mark[spelt('success', c.markStyle)] = true;
  const errorTexts = c.errorName === 'errors' ? c.errorTexts : [c.errorTexts.join(' / ')];
  if (c.mark === 'error')
    (inData ? envelope : raw)[spelt(c.errorName, c.markStyle)] =
      c.errorName === 'errors' ? c.errorTexts : c.errorTexts.join(' / ');
  if (c.mark === 'error' && !inData) said.top.push(...errorTexts);
  for (const w of c.words) {
    const place = w.inMeta ? meta : raw;
    const name = spelt(w.name, w.style);
    if (name in place || (w.inMeta ? said.meta : said.top).length > 8) continue;
    place[name] = written(w.texts, w.form);
    // Confirmations are not passed on: a message beside a success flag, or a bare "ok".
    if (c.mark === 'confirmed' && CONFIRMING.has(w.name)) continue;
    (w.inMeta ? said.meta : said.top).push(...read(w.texts, w.form));
  }
  if (Object.keys(meta).length > 0) raw.meta = meta;
  if (Object.keys(envelope).length > 0) raw.data = envelope;
  // Words in the envelope come after the top's and meta's.
  if (c.mark === 'error' && inData) said.meta.push(...errorTexts);
  return { raw, ...said };
}

/** The words as the answer passes them on: one line each, at most three, the rest counted. */
function shown(texts: readonly string[]): string[] {
  const lines = [...new Set(texts.map(oneLine))];
  const first = lines.slice(0, 3).map((t) => (t.length > 200 ? `${t.slice(0, 199)}…` : t));
  return lines.length > 3 ? [...first, `(and ${lines.length - 3} more)`] : first;
}

const upstream = useMockUpstream();

describe('what an answer says in words', () => {
  it('is a failure exactly when marked or an error comes alone, and is passed on otherwise', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { raw, top, meta } = answerOf(c);
        // The words in the order the answer holds them: the top's fields, then meta's.
        const expected = shown([...top, ...meta].filter((t) => t.trim() !== ''));
        const hasData = c.data === 'rows' || c.data === 'record' || c.data === 'bare';
        const marked = c.mark === 'flag' || c.mark === 'status' || c.mark === 'error-true';
        const failing = marked || (c.mark === 'error' && !hasData);
        const result = apiWords(raw);
        const label = JSON.stringify(raw);
        expect(result.failed !== undefined, label).toBe(failing);
        // JSend's failure keeps its words in `data` too: those follow the words beside it.
        const got = failing ? (result.failed?.words ?? []) : result.words;
        expect(got.slice(0, expected.length === 4 ? 3 : expected.length), label).toEqual(
          expected.slice(0, expected.length === 4 ? 3 : expected.length),
        );
        if (!failing) expect(got, label).toEqual(expected);
        for (const word of got) expect(word, label).not.toMatch(/[\p{Cc}\p{Cf}]/u);
        expect(got.join(' '), label).not.toMatch(/not words/);
      }),
      propertyRuns('api words'),
    );
  });

  it("reads JSend's failure: its words in data, by field", () => {
    const result = apiWords({ status: 'fail', data: { league: 'No league named Ligue 7' } });
    expect(result.failed).toEqual({ marker: 'status: "fail"', words: ['league: No league named Ligue 7'] });
  });

  it('reads nothing of an answer that is not an object', () => {
    for (const raw of [[], null, 'error', 42]) expect(apiWords(raw)).toEqual({ words: [] });
  });
});

describe('through the client', () => {
  it('a failure is an error with the API’s words, never cached: the next call asks again', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({ data: { success: false, message: 'plan expired' } }));
    const api = clientFor(upstream);
    for (let i = 0; i < 2; i++) {
      const error = await rejectionOf(api.call('leagues', LeaguesResponse));
      expect(error).toBeInstanceOf(FailedAnswerError);
      expect((error as FailedAnswerError).said).toEqual(['plan expired']);
    }
    expect(upstream.sent).toHaveLength(2);
  });

  it('words beside the rows are a note of the answer, fresh and from the cache', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({
      data: { data: [{ name: 'Ligue 1', country: 'France' }], meta: { warnings: ['season incomplete'] } },
    }));
    const api = clientFor(upstream);
    for (let i = 0; i < 2; i++) {
      const { notes, value } = await collectReadNotes(() => api.call('leagues', LeaguesResponse));
      expect(value.source.cached).toBe(i === 1);
      expect(notes).toContain('The API\'s answer also said: "season incomplete".');
    }
  });
});

describe('an answer not ready yet', () => {
  const leagues = { data: [{ name: 'Ligue 1', country: 'France' }] };
  const PENDING = ['pending', 'Processing', 'QUEUED', 'in_progress', 'computing'];

  it('is pending only with its status word and nothing but a job beside it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PENDING),
        fc.constantFrom('status', 'Status', 'result'),
        fc.constantFrom('top', 'meta', 'data'),
        fc.constantFrom('none', 'job', 'rows', 'record'),
        (word, name, place, beside) => {
          const mark = { [name]: word };
          const raw: Record<string, unknown> =
            place === 'meta' ? { meta: mark } : place === 'data' ? { data: { ...mark } } : { ...mark };
          // A job and a record sit beside the word (in `data` when it is there); rows beside it all.
          const near = place === 'data' ? (raw.data as Record<string, unknown>) : raw;
          if (beside === 'job') Object.assign(near, { job_id: 'j1', eta_s: 30, message: 'computing' });
          if (beside === 'rows') raw[place === 'data' ? 'items' : 'data'] = leagues.data;
          if (beside === 'record') Object.assign(near, { name: 'Kylian', club: 'Paris', age: 27 });
          const label = JSON.stringify(raw);
          expect(pendingMarker(raw) !== undefined, label).toBe(beside === 'none' || beside === 'job');
        },
      ),
      propertyRuns('pending answers'),
    );
  });

  it('a 202 is asked again until the answer comes, and the answer is read', async () => {
    upstream.pool.intercept({ path: '/v1/leagues', method: 'GET' }).reply(202, { status: 'queued' });
    upstream.pool.intercept({ path: '/v1/leagues', method: 'GET' }).reply(200, { status: 'processing' });
    upstream.pool
      .intercept({ path: '/v1/leagues', method: 'GET' })
      .reply(200, leagues, { headers: { 'content-type': 'application/json' } });
    const read = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(read.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(3);
  });

  it('never finished: an error, never cached, never "no rows"', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({ data: { status: 'pending', data: [] } }));
    const api = clientFor(upstream);
    for (let i = 1; i <= 2; i++) {
      const error = await rejectionOf(api.call('leagues', LeaguesResponse));
      expect(error).toBeInstanceOf(NotReadyError);
      expect((error as NotReadyError).marker).toBe('status: "pending"');
      expect((error as NotReadyError).asked).toBe(3);
      // The first try and the retries, each call: nothing kept between them.
      expect(upstream.sent).toHaveLength(3 * i);
    }
  });
});

describe('a row that is an error in its place', () => {
  it('is one when marked failed, or an error beside nothing but what names it', () => {
    fc.assert(
      fc.property(
        fc.subarray(['player_id', 'service_id', 'query', 'name']),
        fc.constantFrom('none', 'error', 'errors', 'status', 'success'),
        fc.boolean(),
        textArb,
        (identity, mark, data, text) => {
          const row: Record<string, unknown> = Object.fromEntries(identity.map((n) => [n, `${n}-1`]));
          if (mark === 'error') row.error = text;
          if (mark === 'errors') row.errors = [{ code: 'E404', message: text }];
          if (mark === 'status') Object.assign(row, { status: 'error', message: text });
          if (mark === 'success') Object.assign(row, { success: false, message: text });
          if (data) Object.assign(row, { club: 'Paris', age: 27 });
          const label = JSON.stringify(row);
          const error = rowError(row);
          const marked = mark === 'status' || mark === 'success';
          const alone = (mark === 'error' || mark === 'errors') && !data;
          expect(error !== undefined, label).toBe(marked || alone);
          if (error === undefined) return;
          // Its words on one line, after what names the row.
          expect(error, label).toContain(oneLine(text).slice(0, 50));
          expect(error, label).not.toMatch(/[\p{Cc}\p{Cf}]/u);
          if (identity.length > 0) expect(error, label).toMatch(/^[a-z_]+-1: /);
        },
      ),
      propertyRuns('row errors'),
    );
  });

  it('every row an error: an error quoting the rows’ words, never "(no rows)"', async () => {
    const rows = [1, 2, 3, 4].map((i) => ({ id: `lg${i}`, status: 'error', message: `shard ${i}\nis down` }));
    answerEvery(upstream, '/v1/leagues', () => ({ data: rows }));
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    const text = errorText(
      error,
      createLogger('error', [], () => {}),
    );
    expect(error).toBeInstanceOf(FailedAnswerError);
    expect(text).toContain('marked its answer as failed (every league row an error in its place)');
    expect(text).toContain(
      '"lg1: shard 1 is down"; "lg2: shard 2 is down"; "lg3: shard 3 is down"; (and 1 more)',
    );
  });

  it('a resolve row of the sandbox (status resolved, not_found…) is no error', () => {
    for (const status of ['resolved', 'unlinked', 'not_found', 'ambiguous'])
      expect(rowError({ query: { player_id: 'p1' }, status, player_id: 'p1' })).toBeUndefined();
  });
});
