// Readings checked against what the spec fixes, on an API that keeps the spec but not our guesses: a
// ranking listed worst first (each row with its true rank) still answers with the best ranks; rows the
// answer lost show as missing ranks; a player answer without service_id says it is unread, never
// "unlinked" or "not linked"; a ranking numbered from 0 shows its best rows, said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOnDeps, callOk, sandboxClient, useSandbox } from '../support/mcp.js';
import { type Rule, startProxy, type TestProxy } from '../support/proxy.js';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const rowsOf = (body: unknown): Json[] => (isJson(body) && Array.isArray(body.data) ? body.data : []);
const withRows = (body: unknown, data: unknown[]) => ({ ...(isJson(body) ? body : {}), data });

const sandbox = useSandbox();

/** The client on a proxy in front of the sandbox that applies `rule`. */
function onProxy(rule: (path: string) => Rule) {
  const opened: { proxy?: TestProxy; session?: ClientOnDeps } = {};
  beforeAll(async () => {
    opened.proxy = await startProxy(sandbox.url, rule);
    opened.session = await sandboxClient(opened.proxy.url, sandbox.demoKey);
  });
  afterAll(async () => {
    await opened.session?.close();
    await opened.proxy?.close();
  });
  return () => (opened.session as ClientOnDeps).client;
}

/** The client on a proxy that rewrites the rows of each answer whose path `route` starts or matches. */
function onRows(route: string | RegExp, rewrite: (rows: Json[]) => unknown[]) {
  return onProxy((path): Rule => {
    const hit = typeof route === 'string' ? path.startsWith(route) : route.test(path);
    return hit ? { reshape: (body) => withRows(body, rewrite(rowsOf(body))) } : 'pass';
  });
}

const withoutServiceId = (rows: Json[]) => rows.map(({ service_id: _, ...row }) => row);

const ROLE = { role: 'renard_des_surfaces', season: '25-26' };

describe('a ranking the API lists worst first', () => {
  // The API ranks its whole list (true ranks) and sends it in ascending score order; asked for the
  // role below, it sends only its worst 50 rows (ranks 100 to 51) to the league asked; for the role
  // in the league named "Ligue 1" with a season, nothing better than rank 50 whatever the limit.
  const client = onProxy((path): Rule => {
    const url = new URL(path, 'http://x');
    if (url.pathname !== '/v1/rankings') return 'pass';
    const cutShort = url.searchParams.get('league') !== null;
    const never = cutShort && url.searchParams.get('saison') !== null;
    return {
      reshape: (body) => {
        const worstFirst = rowsOf(body).toReversed();
        if (never)
          return withRows(
            body,
            worstFirst.filter((row) => Number(row.rank) > 50),
          );
        return withRows(body, cutShort ? worstFirst.slice(0, 50) : worstFirst);
      },
    };
  });

  it('answers with the best ranks, in rank order', async () => {
    const { body } = await callOk(client(), 'rank_players_by_role', { ...ROLE, limit: 5 });
    expect(body.data.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks again for no more than the limit when the best ranks were not in what it sent', async () => {
    const { role } = ROLE;
    const { body, text } = await callOk(client(), 'rank_players_by_role', {
      role,
      league: 'Ligue 1',
      limit: 5,
    });
    expect(body.data.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(text).toMatch(/sent this ranking's rows worst first/);
  });

  it('shows no row as the best when the best ranks cannot be read, and says so', async () => {
    const { body, text } = await callOk(client(), 'rank_players_by_role', {
      ...ROLE,
      league: 'Ligue 1',
      limit: 5,
    });
    expect(body.data).toEqual([]);
    expect(body.has_more).toBe(true);
    expect(text).toMatch(/best 5 ranks could not all be read[^\n]*no row is shown as the best/);
  });
});

describe('a ranking that lost rows', () => {
  // Every other row of the answer is one the reader cannot read (no score).
  const client = onRows('/v1/rankings?', (rows) =>
    rows.map((row, i) => (i % 2 === 1 ? { ...row, score: 'n/a' } : row)),
  );

  it('never shows what is left as the ranking: the missing ranks are said', async () => {
    const { body, text } = await callOk(client(), 'rank_players_by_role', { ...ROLE, limit: 10 });
    const ranks = body.data.map((e: { rank: number }) => e.rank);
    expect(ranks.every((r: number) => r % 2 === 1)).toBe(true);
    expect(text).toMatch(/Ranks missing/);
  });
});

describe('a ranking the API numbers from 0', () => {
  // The same ranking, best first, each rank one less: 0 is the best.
  const client = onRows('/v1/rankings?', (rows) =>
    rows.map((row) => ({ ...row, rank: Number(row.rank) - 1 })),
  );

  it('shows its best rows as sent, not asked again, and says it counts from 0', async () => {
    const { body, text } = await callOk(client(), 'rank_players_by_role', { ...ROLE, limit: 5 });
    expect(body.data.map((e: { rank: number }) => e.rank)).toEqual([0, 1, 2, 3, 4]);
    expect(text).not.toMatch(/sent this ranking's rows/);
    expect(text).toMatch(/numbers this ranking from 0/);
    expect(text).not.toMatch(/could not all be read|Ranks missing|starts at rank/);
  });
});

describe('player answers without service_id', () => {
  const client = onRows('/v1/rankings?', withoutServiceId);

  it('say the service_id is unread, never that the player is unlinked', async () => {
    const { body, text } = await callOk(client(), 'rank_players_by_role', { ...ROLE, limit: 5 });
    expect(text).not.toMatch(/unlinked|not linked/);
    expect(text).toMatch(/service_id unread/);
    expect(text).toMatch(/could not (be )?read[^\n]*service_id/i);
    // The note stands beside the structured rows, whose tables give an absent cell as null.
    expect(body.data).toHaveLength(5);
    expect(text).not.toMatch(/not understood/);
    expect(text).toMatch(/player_id/);
  });
});

describe('resolve rows without service_id', () => {
  const client = onRows('/v1/players/resolve-batch', withoutServiceId);

  it('say the service_id could not be read, never that the row is unlinked', async () => {
    const ranking = await callOk(client(), 'rank_players_by_role', { ...ROLE, limit: 3 });
    const players = ranking.body.data.map((r: { player_id?: string; service_id?: string }) => ({
      player_id: r.service_id ?? r.player_id,
    }));
    const { body, text } = await callOk(client(), 'resolve_players', { players });
    for (const row of body.data) expect(row.status).toBe('service_id_unread');
    expect(text).not.toMatch(/unlinked|not linked|not understood/);
    expect(text).toMatch(/could not (be )?read[^\n]*service_id/i);
  });
});

describe('an old row id answered with the new row only', () => {
  // resolve-batch answers a person's current row, without the query it answers: the old id asked is
  // nowhere in its row.
  const current = new Map<string, string>();
  const client = onRows('/v1/players/resolve-batch', (rows) =>
    rows.map(({ query: _, ...row }) => ({
      ...row,
      player_id: current.get(String(row.service_id)) ?? row.player_id,
    })),
  );

  it('is tied to it by the person a history told, never left unanswered', async () => {
    const history = await callOk(client(), 'player_history', { player_id: 'ds_00005zDOXc6gcEyR' });
    const rows: { season: string; player_id: string }[] = history.body.data.rows;
    const old = rows.find((r) => r.season === '24-25')?.player_id;
    current.set('ds_00005zDOXc6gcEyR', rows[rows.length - 1]?.player_id ?? '');
    expect(old).toBeTruthy();
    const { body, text } = await callOk(client(), 'resolve_players', { players: [{ player_id: old }] });
    expect(body.data[0]).toMatchObject({ service_id: 'ds_00005zDOXc6gcEyR' });
    expect(body.data[0].status).not.toBe('unanswered');
    expect(text).not.toMatch(/unanswered/);
  });
});

describe('a role key the API sends in its former form', () => {
  let renamed: { key: string; old: string } | undefined;
  // The player's roles come with a renamed role under its former key.
  const client = onRows(/^\/v1\/players\/[^/]+\/roles/, (rows) =>
    rows.map((row) => (renamed && row.role === renamed.key ? { ...row, role: renamed.old } : row)),
  );

  it('is shown by its current key, and the answer says which form the API sent', async () => {
    const enums = (await fetch(`${sandbox.url}/v1/enums`, { headers: { 'x-api-key': sandbox.demoKey } }).then(
      (r) => r.json(),
    )) as { roles: { key: string; deprecated_key?: string | null }[] };
    const role = enums.roles.find((r) => r.deprecated_key);
    expect(role).toBeDefined();
    renamed = { key: role?.key as string, old: role?.deprecated_key as string };
    await callOk(client(), 'list_roles', {});
    const ranking = await callOk(client(), 'rank_players_by_role', { role: renamed.key, limit: 1 });
    const top = ranking.body.data[0];
    const { text } = await callOk(client(), 'get_player', {
      player_id: top.service_id ?? top.player_id,
      sections: ['roles'],
    });
    expect(text).toContain(`${renamed.old} → ${renamed.key}`);
    expect(text).toMatch(new RegExp(`\\| ${renamed.key} `));
  });
});
