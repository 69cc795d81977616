// Names learned from values, at run time, with no request of their own: after a ranking (whose entries'
// name, club and age the spec fixes), an answer whose fields come under names no alias knows shows them
// anyway, and says once what it learned. Field names drawn from a seed (printed): German, Spanish,
// random words, in random casing.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { fieldName } from '../../src/api/reader/names.js';
import { type ClientOnDeps, callOk, sandboxClient, useSandbox } from '../support/mcp.js';
import { type Rule, startProxy, type TestProxy } from '../support/proxy.js';
import { SAMPLE_SEED } from '../support/sample.js';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** fast-check's seed from the run's sample seed (printed by the run; FOOTBALL_TEST_SAMPLE_SEED replays it). */
const SEED = [...`${SAMPLE_SEED}:learned-names`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);

/**
 * Names for club and age no alias of ours knows: words of other languages and made-up ones. Those the
 * alias table has come to know since (`vereinsname`, `leeftijd`) are left out: read by alias, they are
 * not learned.
 */
const unknown = (words: readonly string[]) => words.filter((w) => !DEFAULT_ALIAS_SET.words.has(fieldName(w)));
const CLUB_WORDS = unknown(['klubben', 'societa', 'agremiacao', 'zzTeamHere', 'vereinsname', 'klubnavn']);
const AGE_WORDS = unknown(['lebensjahre', 'anni', 'idade_atual', 'qxYears', 'leeftijd', 'ikaeae']);
const casings = (word: string) => [word, word.toUpperCase(), word[0]?.toUpperCase() + word.slice(1)];

const [clubName, ageName] = fc.sample(
  fc.tuple(
    fc.constantFrom(...CLUB_WORDS).chain((w) => fc.constantFrom(...casings(w))),
    fc.constantFrom(...AGE_WORDS).chain((w) => fc.constantFrom(...casings(w))),
  ),
  { seed: SEED, numRuns: 1 },
)[0] as [string, string];

function renamed(body: unknown): unknown {
  if (!isJson(body) || !Array.isArray(body.data)) return body;
  const data = body.data.map((row) => {
    if (!isJson(row)) return row;
    const { club, age, ...rest } = row;
    return { ...rest, [clubName]: club, [ageName]: age };
  });
  return { ...body, data };
}

const sandbox = useSandbox();

describe(`fields under names nobody listed (${clubName}, ${ageName}; sample seed ${SAMPLE_SEED})`, () => {
  let proxy: TestProxy;
  let session: ClientOnDeps;
  let requests = 0;
  beforeAll(async () => {
    proxy = await startProxy(sandbox.url, (path): Rule => {
      if (path.startsWith('/v1/compare')) requests++;
      return path.startsWith('/v1/compare') ? { reshape: renamed } : 'pass';
    });
    session = await sandboxClient(proxy.url, sandbox.demoKey);
  });
  afterAll(async () => {
    await session?.close();
    await proxy?.close();
  });

  it('are read by their values once a ranking told the facts, and the answer says so', async () => {
    const ranking = await callOk(session.client, 'rank_players_by_role', {
      role: 'renard_des_surfaces',
      limit: 6,
    });
    const players: { service_id: string | null; club: string; age: number }[] = ranking.body.data.filter(
      (p: { service_id: string | null }) => p.service_id !== null,
    );
    expect(players.length).toBeGreaterThanOrEqual(2);
    const before = requests;
    const { body, text } = await callOk(session.client, 'compare_players', {
      player_ids: players.map((p) => p.service_id),
    });
    expect(requests - before).toBe(1);
    for (const p of players) {
      const row = body.data.find((r: { service_id: string }) => r.service_id === p.service_id);
      expect(row.club).toBe(p.club);
      expect(row.age).toBe(p.age);
      expect(Object.keys(row.statistics)).not.toContain(ageName);
    }
    expect(text).toContain(`read \`${clubName}\` as club`);
    expect(text).toContain(`read \`${ageName}\` as age`);
  });
});

describe('statistics given by label', () => {
  let proxy: TestProxy;
  let session: ClientOnDeps;
  let labels = new Map<string, string>();
  /** Each compare row's statistics as a list of `{label, value}` items, the glossary's label for the key. */
  const byLabel = (body: unknown): unknown => {
    if (!isJson(body) || !Array.isArray(body.data)) return body;
    const data = body.data.map((row) => {
      if (!isJson(row) || !isJson(row.statistics)) return row;
      const statistics = Object.entries(row.statistics).map(([key, value]) => ({
        label: labels.get(key) ?? key,
        value,
      }));
      return { ...row, statistics };
    });
    return { ...body, data };
  };
  beforeAll(async () => {
    const glossary = await fetch(`${sandbox.url}/v1/glossary?limit=500`, {
      headers: { 'x-api-key': sandbox.demoKey },
    }).then((r) => r.json() as Promise<{ data: { key: string; name: string; unit: string | null }[] }>);
    labels = new Map(glossary.data.map((e) => [e.key, e.unit ? `${e.name} (${e.unit})` : e.name]));
    proxy = await startProxy(
      sandbox.url,
      (path): Rule => (path.startsWith('/v1/compare') ? { reshape: byLabel } : 'pass'),
    );
    session = await sandboxClient(proxy.url, sandbox.demoKey);
  });
  afterAll(async () => {
    await session?.close();
    await proxy?.close();
  });

  it('show the same values as when given by key, under the key, and say how they were read', async () => {
    const ids = ['ds_00005zDOXc6gcEyR', 'ds_00801areFPECBrR6'];
    const plain = await sandboxClient(sandbox.url, sandbox.demoKey);
    try {
      const want = await callOk(plain.client, 'compare_players', { player_ids: ids });
      const got = await callOk(session.client, 'compare_players', { player_ids: ids });
      expect(got.body.data.map((p: { statistics: unknown }) => p.statistics)).toEqual(
        want.body.data.map((p: { statistics: unknown }) => p.statistics),
      );
      expect(got.text).toContain('named by label');
    } finally {
      await plain.close();
    }
  });
});
