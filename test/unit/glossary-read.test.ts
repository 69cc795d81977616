// The glossary as the statistic-key check and the naming of statistics read it (src/facts/glossary-read.ts):
// whatever way it fails, the key goes on unchecked and the statistics are named from their keys, each with
// a note saying why; a glossary read only in part names the statistics it left to their keys.
import { describe, expect, it } from 'vitest';
import { collectReadNotes } from '../../src/api/reader/notes-sink.js';
import { unreadWhy } from '../../src/api/reader/unread.js';
import { checkStatistic } from '../../src/facts/statistic-keys.js';
import { namesOf, readGlossary } from '../../tools/kit/statistic-labels.js';
import { clientFor, JSON_HEADERS, type Upstream, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const GLOSSARY = { path: (p: string) => p.startsWith('/v1/glossary'), method: 'GET' } as const;
const signal = new AbortController().signal;

const entries = [
  { key: 'xg', kind: 'statistic', name: 'Expected goals', unit: 'per 90' },
  { key: 'tackles', kind: 'statistic', name: 'Tackles', unit: 'per 90' },
];

/** Every way the glossary can fail to answer, as the upstream shows it. */
const FAILURES: [string, (u: Upstream) => void, RegExp][] = [
  ['a 503', (u) => u.pool.intercept(GLOSSARY).reply(503, {}).persist(), /the glossary answered 503/],
  ['a 500', (u) => u.pool.intercept(GLOSSARY).reply(500, {}).persist(), /the glossary answered 500/],
  ['a 429', (u) => u.pool.intercept(GLOSSARY).reply(429, {}).persist(), /429/],
  ['a 400', (u) => u.pool.intercept(GLOSSARY).reply(400, {}).persist(), /the glossary answered 400/],
  [
    'a network failure',
    (u) => u.pool.intercept(GLOSSARY).replyWithError(new Error('ECONNRESET')).persist(),
    /could not be reached/,
  ],
  [
    'an unreadable answer',
    (u) => u.pool.intercept(GLOSSARY).reply(200, 'not json', { headers: JSON_HEADERS }).persist(),
    /could not be read/,
  ],
  ['a refused key', (u) => u.pool.intercept(GLOSSARY).reply(401, {}).persist(), /refused the key \(401\)/],
  [
    'no answer in time',
    (u) => u.pool.intercept(GLOSSARY).reply(200, { data: entries }).delay(2_000).persist(),
    /did not answer in time/,
  ],
];

describe('a glossary that cannot be read', () => {
  it.each(FAILURES)('after %s, the key goes on unchecked, with a note saying why', async (_, fail, why) => {
    fail(upstream);
    const api = clientFor(upstream, { retries: 0, timeoutMs: 100 });
    const { value, notes } = await collectReadNotes(() => checkStatistic(api, 'xg', 'statistic', signal));
    // Its name and unit are unread, not absent: the glossary that holds them could not be read.
    expect(value).toMatchObject({ key: 'xg', name: null, unit: null });
    expect([unreadWhy(value, 'name'), unreadWhy(value, 'unit')]).toEqual(['name', 'name']);
    const note = notes.find((n) => n.includes('could not be checked against the glossary'));
    expect(note).toContain('"xg"');
    expect(note).toMatch(why);
    await api.close();
  });

  it.each(FAILURES)(
    'after %s, statistics are named from their keys, with a note saying why',
    async (_, fail, why) => {
      fail(upstream);
      const api = clientFor(upstream, { retries: 0, timeoutMs: 100 });
      const { value, notes } = await collectReadNotes(() => readGlossary(api, signal));
      expect(value.size).toBe(0);
      expect(notes.find((n) => n.startsWith('The glossary could not be read ('))).toMatch(why);
      await api.close();
    },
  );

  it('a cancelled call is not an unread glossary: it ends the call', async () => {
    upstream.pool.intercept(GLOSSARY).reply(200, { data: entries }, { headers: JSON_HEADERS });
    const api = clientFor(upstream, { retries: 0 });
    const cancelled = AbortSignal.abort();
    await expect(checkStatistic(api, 'xg', 'statistic', cancelled)).rejects.toThrow();
    await api.close();
  });
});

describe('a glossary read only in part', () => {
  /** The glossary says more pages exist but gives no way to ask for them; one entry has no readable key. */
  function partial() {
    upstream.pool
      .intercept(GLOSSARY)
      .reply(
        200,
        { data: [...entries, { kind: 'statistic', name: 'Key passes' }], has_more: true },
        { headers: JSON_HEADERS },
      )
      .persist();
  }

  it('names the statistics it left to their keys, and why', async () => {
    partial();
    const api = clientFor(upstream, { retries: 0 });
    const { value, notes } = await collectReadNotes(async () =>
      namesOf(['xg', 'key_passes', 'progressive_passes'], await readGlossary(api, signal)),
    );
    expect(value).toEqual({ xg: { name: 'Expected goals', unit: 'per 90' } });
    const note = notes.find((n) => n.startsWith('Named from their keys'));
    expect(note).toContain('key_passes, progressive_passes');
    expect(note).not.toContain('xg');
    expect(note).toContain('the glossary was read only in part');
    expect(note).toContain('3 entries read, 1 without a key the server could read');
    await api.close();
  });

  it('sends a key it does not hold unchecked, with a note; refuses none', async () => {
    partial();
    const api = clientFor(upstream, { retries: 0 });
    const { value, notes } = await collectReadNotes(() =>
      checkStatistic(api, 'key_passes', 'statistic', signal),
    );
    expect(value).toMatchObject({ key: 'key_passes', name: null, unit: null });
    expect(unreadWhy(value, 'unit')).toBe('name');
    expect(notes.find((n) => n.includes('could not be checked'))).toContain('read only in part');
    // A key it holds is checked and named as usual.
    const known = await collectReadNotes(() => checkStatistic(api, 'Expected goals', 'statistic', signal));
    expect(known.value.key).toBe('xg');
    expect(known.notes.filter((n) => n.includes('could not be checked') || n.startsWith('Named'))).toEqual(
      [],
    );
    await api.close();
  });

  it('a glossary read whole says nothing, and refuses an unknown key with the nearest', async () => {
    upstream.pool.intercept(GLOSSARY).reply(200, { data: entries }, { headers: JSON_HEADERS }).persist();
    const api = clientFor(upstream, { retries: 0 });
    const { notes } = await collectReadNotes(async () => namesOf(['xg'], await readGlossary(api, signal)));
    expect(notes).toEqual([]);
    await expect(checkStatistic(api, 'tacklez', 'statistic', signal)).rejects.toThrow(/Closest: tackles/);
    await api.close();
  });
});
