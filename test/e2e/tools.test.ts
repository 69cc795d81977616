// Every tool through a real SDK Client (InMemoryTransport) against the sandbox over real HTTP.
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { DEFAULT_KEYS } from '../../src/sandbox/keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { call, sandboxClient, structured, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();
const outputs: string[] = [];

function requestsTo(prefix: string): number {
  return session.sandbox.requests().filter((r) => r.path.startsWith(prefix)).length;
}

async function run(name: string, args: Record<string, unknown> = {}, on: Client = session.client) {
  const result = await call(on, name, args);
  outputs.push(textOf(result), JSON.stringify(result.structuredContent ?? {}));
  return result;
}

describe('rank_players_by_role', () => {
  it('ranks a league for a role, best first, and reports quota and source', async () => {
    const result = await run('rank_players_by_role', {
      role: 'defenseur_relanceur',
      league: 'Ligue 1',
      limit: 5,
    });
    const body = structured(result);
    expect(body.data).toHaveLength(5);
    expect(body.data.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5]);
    const scores = body.data.map((e: { score: number }) => e.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.data.every((e: { league: string }) => e.league === 'Ligue 1')).toBe(true);
    expect(body.role).toBe('defenseur_relanceur');
    expect(body.source.cached).toBe(false);
    expect(typeof body.quota.remaining).toBe('number');
    expect(body.quota.limit).toBeGreaterThan(body.quota.remaining);
    expect(textOf(result)).toMatch(/\| # \| name \| club/);
  });

  it('answers a repeated call from the cache without an upstream request', async () => {
    const args = { role: 'renard_des_surfaces', league: 'Eredivisie', limit: 3 };
    const first = structured(await run('rank_players_by_role', args));
    const before = session.sandbox.requestCount();
    const second = structured(await run('rank_players_by_role', args));
    expect(session.sandbox.requestCount()).toBe(before);
    expect(second.source).toEqual({ cached: true, fetched_at: first.source.fetched_at });
    expect(second.data).toEqual(first.data);
  });

  it('normalises the season before sending it', async () => {
    const body = structured(
      await run('rank_players_by_role', { role: 'faux_9', league: 'Serie A', season: '2024/2025', limit: 2 }),
    );
    expect(body.data).toHaveLength(2);
    const last = session.sandbox
      .requests()
      .filter((r) => r.path.startsWith('/v1/rankings'))
      .at(-1);
    expect(last?.path).toContain('saison=24-25');
  });

  it('refuses an unknown role before any ranking request, naming the closest keys', async () => {
    const before = requestsTo('/v1/rankings');
    const result = await run('rank_players_by_role', { role: 'defenseur_relanceu', league: 'Ligue 1' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('defenseur_relanceur');
    expect(textOf(result)).toContain('list_roles');
    expect(requestsTo('/v1/rankings')).toBe(before);
  });

  it('refuses a malformed season with an example, without an upstream request', async () => {
    const before = session.sandbox.requestCount();
    const result = await run('rank_players_by_role', { role: 'faux_9', season: 'last season' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('25-26');
    expect(session.sandbox.requestCount()).toBe(before);
  });

  it('names the closest leagues when a league name is wrong', async () => {
    const result = await run('rank_players_by_role', { role: 'faux_9', league: 'ligue 11' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Closest: Ligue 1');
    expect(textOf(result)).toContain('list_leagues');
    // A name run together is one of its short forms: read, and said.
    const read = await run('rank_players_by_role', { role: 'faux_9', league: 'ligue1', limit: 1 });
    expect(textOf(read)).toContain('league "ligue1" read as Ligue 1 (France, men, tier 1)');
  });

  it('says when a list stopped at its limit and how to see more', async () => {
    const full = structured(
      await run('rank_players_by_role', { role: 'faux_9', league: 'Ligue 1', limit: 3 }),
    );
    expect(full.notes.join(' ')).toMatch(/raise limit \(up to 100\)/);
    const short = structured(await run('search_players', { query: 'zzzz', limit: 5 }));
    expect(short.data).toHaveLength(0);
    // No paging note on an empty list: only the hint of what to try instead.
    expect(short.notes).toEqual([expect.stringMatching(/^No player name contains "zzzz"\./)]);
  });

  it('answers the same question with another limit from the first answer, with has_more still right', async () => {
    const args = { roles: ['gardien_moderne'], league: 'Eredivisie', max_age: 24 };
    const before = session.sandbox.requestCount();
    const top = structured(await run('scout_players', { ...args, limit: 2 }));
    expect(session.sandbox.requestCount() - before).toBe(1);
    const all = structured(await run('scout_players', { ...args, limit: 100 }));
    expect(session.sandbox.requestCount() - before).toBe(1);
    expect(all.data.length).toBeGreaterThan(2);
    expect(all.data.length).toBeLessThan(100);
    // A player_id column is there only when a row of the answer is unlinked: null on linked rows.
    const rows = (data: { player_id?: string | null }[]) =>
      data.map(({ player_id, ...row }) => (player_id == null ? row : { ...row, player_id }));
    expect(rows(all.data.slice(0, 2))).toEqual(rows(top.data));
    expect(top.has_more).toBe(true);
    expect(top.notes.join(' ')).toContain(`2 of ${all.data.length} rows shown`);
    expect(all.has_more).toBe(false);
    const exact = structured(await run('scout_players', { ...args, limit: all.data.length }));
    expect(exact.has_more).toBe(false);
    expect(exact.notes).toBeUndefined();
  });

  it('accepts a renamed role key learnt from the live enums and says so', async () => {
    const families = structured(await run('list_roles')).data as Record<string, Record<string, Named>>;
    const roles = Object.values(families).flatMap((f) => Object.entries(f));
    const renamed = roles.find(([, named]) => typeof named !== 'string');
    expect(renamed).toBeDefined();
    const [key = '', named] = renamed ?? [];
    const oldKey = typeof named === 'string' || !named ? '' : (named.was[0] ?? '');
    const body = structured(await run('rank_players_by_role', { role: oldKey, league: 'Ligue 1', limit: 3 }));
    expect(body.role).toBe(key);
    expect(body.notes.join(' ')).toContain(oldKey);
    expect(body.data.length).toBeGreaterThan(0);
  });
});

describe('the other tools', () => {
  it('list_roles gives the 31 documented keys and six renamed ones', async () => {
    const families = structured(await run('list_roles')).data as Record<string, Record<string, Named>>;
    const roles = Object.values(families).flatMap((f) => Object.entries(f));
    const keys = roles.map(([key]) => key);
    for (const key of ROLE_KEYS) expect(keys).toContain(key);
    // Each former key a field's value, none packed into a role's name.
    const renamed = roles.flatMap(([, named]) => (typeof named === 'string' ? [] : named.was));
    expect(renamed).toHaveLength(6);
    for (const old of renamed) expect(keys).not.toContain(old);
    for (const [, named] of roles)
      expect(typeof named === 'string' ? named : named.name).not.toContain('; was ');
  });

  it('list_leagues lists 100+ leagues and the three European cups, and filters locally', async () => {
    const all = structured(await run('list_leagues', { limit: 200 }));
    expect(all.total).toBeGreaterThanOrEqual(100);
    expect(all.data).toHaveLength(all.total);
    expect(all.has_more).toBe(false);
    const names = all.data.map((l: { name: string }) => l.name);
    for (const cup of ['UEFA Champions League', 'UEFA Europa League', 'UEFA Conference League']) {
      expect(names).toContain(cup);
    }
    const before = session.sandbox.requestCount();
    const women = structured(await run('list_leagues', { gender: 'women' }));
    expect(session.sandbox.requestCount()).toBe(before);
    expect(women.data.length).toBeGreaterThan(3);
    expect(women.data.every((l: { gender: string }) => l.gender === 'women')).toBe(true);
  });

  it('list_leagues stops at its default limit and says how to see the rest', async () => {
    const result = await run('list_leagues');
    const body = structured(result);
    expect(body.data).toHaveLength(50);
    expect(body.has_more).toBe(true);
    expect(body.notes[0]).toMatch(
      /^50 of \d+ rows shown: raise limit \(up to 200\) or pass query \(a country or name\), gender, level or type/,
    );
    expect(textOf(result)).toContain('Note: 50 of');
  });

  it('scout_players filters by role, age and minutes', async () => {
    const body = structured(
      await run('scout_players', {
        roles: ['milieu_box_to_box', 'mezzala'],
        max_age: 23,
        min_minutes: 300,
        limit: 10,
      }),
    );
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) {
      expect(p.age).toBeLessThanOrEqual(23);
      expect(p.minutes).toBeGreaterThanOrEqual(300);
      expect(['milieu_box_to_box', 'mezzala']).toContain(p.role);
    }
    expect(body.roles).toEqual(['milieu_box_to_box', 'mezzala']);
  });

  it('search_players, resolve_players, player_history, compare_players and fit_score chain on real ids', async () => {
    const ranked = structured(
      await run('rank_players_by_role', { role: 'ailier_provocateur', league: 'Ligue 1', limit: 10 }),
    );
    const linked = ranked.data.filter((e: { service_id: string | null }) => e.service_id).slice(0, 2);
    expect(linked).toHaveLength(2);
    const [a, b] = linked;

    // A linked ranking row gives its service_id only; search_players gives this season's row id too.
    expect(a.player_id ?? null).toBeNull();
    const found = structured(await run('search_players', { query: a.name, league: 'Ligue 1' }));
    const row = found.data.find((p: { service_id: string }) => p.service_id === a.service_id);
    expect(row?.player_id).toEqual(expect.any(String));
    // The minutes the order rests on (best name match, then most minutes) are shown beside it.
    expect(row?.minutes).toBe(a.minutes);

    const resolved = structured(
      await run('resolve_players', {
        players: [{ player_id: row.player_id }, { name: b.name, club: b.club }],
      }),
    );
    expect(resolved.data[0]).toMatchObject({ status: 'resolved', service_id: a.service_id });
    expect(resolved.data[1]).toMatchObject({ status: 'resolved', service_id: b.service_id });
    // Each row names the query it answers, as asked, in both forms.
    expect(resolved.data[1].query).toBe(`${b.name} (${b.club})`);
    expect(resolved.data[1].league).toBe('Ligue 1');

    const history = structured(await run('player_history', { player_id: a.service_id }));
    expect(history.data.service_id).toBe(a.service_id);
    expect(history.data.rows.map((r: { player_id: string }) => r.player_id)).toContain(row.player_id);

    const compared = structured(await run('compare_players', { player_ids: [a.service_id, row.player_id] }));
    expect(compared.data).toHaveLength(2);
    expect(Object.keys(compared.data[0].statistics).length).toBeGreaterThan(5);
    expect(compared.data[0].best_role).toEqual(expect.any(String));

    const fit = structured(await run('fit_score', { player_ids: [a.service_id], club: b.club }));
    // One row a (player, club) pair: one with a club, the best-fitting clubs without.
    expect(fit.data).toHaveLength(1);
    expect(fit.data[0].target_club).toBe(b.club);
    const best = structured(await run('fit_score', { player_ids: [a.service_id] }));
    expect(best.data.length).toBeGreaterThan(1);
    for (const row of best.data) expect(row.service_id).toBe(a.service_id);
  });

  it('quota_status reports the last figures for free, and refresh spends one request', async () => {
    await run('list_leagues');
    const before = session.sandbox.requestCount();
    const status = structured(await run('quota_status'));
    expect(session.sandbox.requestCount()).toBe(before);
    expect(status.quota.remaining).toBeTypeOf('number');
    expect(status.data.reported).toBe(true);
    const refreshed = structured(await run('quota_status', { refresh: true }));
    expect(session.sandbox.requestCount()).toBe(before + 1);
    expect(refreshed.quota.remaining).toBeLessThan(status.quota.remaining);
  });
});

describe('errors reach the model as clear, trusted text', () => {
  it('an unknown player id suggests resolve_players', async () => {
    const result = await run('player_history', { player_id: 'ds_AAAAAAAAAAAAAAAA' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('resolve_players');
  });

  it('an id cannot escape its path segment', async () => {
    const result = await run('player_history', { player_id: '..' });
    expect(result.isError).toBe(true);
    const escaped = await run('player_history', { player_id: '../../leagues' });
    expect(escaped.isError).toBe(true);
    expect(session.sandbox.requests().at(-1)?.path).toContain('%2F');
  });

  it('a league outside the key gives 403 advice; an expired key says so without showing it', async () => {
    const proLigue = DEFAULT_KEYS.find((k) => k.plan === 'Pro Ligue');
    const expired = DEFAULT_KEYS.find((k) => k.expiresAt && Date.parse(k.expiresAt) < Date.now());
    if (!proLigue || !expired) throw new Error('sandbox default keys changed');

    const ligue = await sandboxClient(session.sandbox.url, proLigue.key);
    const forbidden = await run(
      'rank_players_by_role',
      { role: 'faux_9', league: 'Premier League' },
      ligue.client,
    );
    expect(forbidden.isError).toBe(true);
    expect(textOf(forbidden)).toContain('list_leagues');
    const allowed = await run(
      'rank_players_by_role',
      { role: 'faux_9', league: 'Ligue 1', limit: 2 },
      ligue.client,
    );
    expect(allowed.isError).toBeFalsy();

    const old = await sandboxClient(session.sandbox.url, expired.key);
    const refused = await run('list_leagues', {}, old.client);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/refused the API key/);
    // A 401 does not latch: the next call goes upstream again.
    const before = session.sandbox.requestCount();
    await run('list_leagues', {}, old.client);
    expect(session.sandbox.requestCount()).toBe(before + 1);

    for (const c of [ligue, old]) await c.close();
  });

  it('no configured key: refused locally with setup advice', async () => {
    const noKey = await sandboxClient(session.sandbox.url, undefined);
    const before = session.sandbox.requestCount();
    const result = await run('list_leagues', {}, noKey.client);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('FOOTBALL_API_KEY');
    expect(session.sandbox.requestCount()).toBe(before);
    await noKey.close();
  });

  it('the API key never appears in any output', () => {
    const keys = DEFAULT_KEYS.map((k) => k.key);
    for (const text of outputs) for (const key of keys) expect(text).not.toContain(key);
    expect(outputs.length).toBeGreaterThan(20);
  });
});

describe('daily quota', () => {
  it('refused locally once spent, 429 for a client that did not know, cached answers still served', async () => {
    const key = 'sbx_small_000000000000000';
    const small = await startSandbox({
      port: 0,
      keys: [{ key, plan: 'Test', leagues: 'all', dailyLimit: 3 }],
    });
    const a = await sandboxClient(small.url, key);
    const b = await sandboxClient(small.url, key);
    try {
      const first = structured(await run('list_leagues', {}, a.client));
      expect(first.quota).toMatchObject({ limit: 3, remaining: 2 });
      await run('rank_players_by_role', { role: 'faux_9', league: 'Ligue 1', limit: 2 }, a.client);
      const third = structured(
        await run('rank_players_by_role', { role: 'faux_9', league: 'Ligue 2', limit: 2 }, a.client),
      );
      expect(third.quota.remaining).toBe(0);

      const sent = small.requestCount();
      const refused = await run(
        'rank_players_by_role',
        { role: 'faux_9', league: 'Serie A', limit: 2 },
        a.client,
      );
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/no request was sent/);
      expect(textOf(refused)).toContain(third.quota.reset);
      expect(small.requestCount()).toBe(sent);

      const over = await run(
        'rank_players_by_role',
        { role: 'faux_9', league: 'LaLiga', limit: 2 },
        b.client,
      );
      expect(over.isError).toBe(true);
      expect(textOf(over)).toMatch(/HTTP 429/);
      expect(small.requestCount()).toBe(sent + 1);
      await run('rank_players_by_role', { role: 'faux_9', league: 'LaLiga', limit: 2 }, b.client);
      expect(small.requestCount()).toBe(sent + 1);

      const cached = await run('list_leagues', {}, a.client);
      expect(cached.isError).toBeFalsy();
      expect(structured(cached).source.cached).toBe(true);
    } finally {
      for (const c of [a, b]) await c.close();
      await small.close();
    }
  });
});

type Named = string | { name: string; was: string[] };
