// A batch the API answers id by id, through the built server: compare and resolve-batch answers whose
// `data` is a map keyed by service_id, the rows without their own (the spec does not show these routes'
// shapes). Every player asked is answered, under his service_id, and none is named as left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOnDeps, call, callOk, sandboxClient, structured, useSandbox } from '../support/mcp.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

const sandbox = useSandbox();
let proxy: TestProxy;
let session: ClientOnDeps;
type Json = Record<string, unknown>;

/** `data`'s rows as a map keyed by their service_id, each row without it. */
const keyedByServiceId = (body: unknown) => {
  const rows = (body as Json).data as Json[];
  return {
    ...(body as Json),
    data: Object.fromEntries(rows.map(({ service_id, ...row }) => [String(service_id), row] as const)),
  };
};

beforeAll(async () => {
  proxy = await startProxy(sandbox.url, (path) => {
    const route = path.split('?')[0] ?? path;
    if (route !== '/v1/compare' && route !== '/v1/players/resolve-batch') return 'pass';
    reshaped.push(route);
    return { reshape: keyedByServiceId };
  });
  session = await sandboxClient(proxy.url, sandbox.demoKey);
});
afterAll(async () => {
  await session?.close();
  await proxy?.close();
});

/** Paths the proxy reshaped: each test asserts its route was asked, not answered from the cache. */
const reshaped: string[] = [];

interface Ranked {
  service_id: string;
  name: string;
  club: string;
}

async function ranked(n: number): Promise<Ranked[]> {
  const ranking = structured(
    await call(session.client, 'rank_players_by_role', { role: 'poacher', limit: 20 }),
  );
  return (ranking.data as (Omit<Ranked, 'service_id'> & { service_id: string | null })[])
    .filter((r): r is Ranked => r.service_id !== null)
    .slice(0, n);
}

describe('a batch answered as a map of rows', () => {
  it('compare_players shows every player asked, none named as left out', async () => {
    const ids = (await ranked(3)).map((r) => r.service_id);
    const { body, text } = await callOk(session.client, 'compare_players', { player_ids: ids });
    expect(reshaped).toContain('/v1/compare');
    expect((body.data as { service_id: string }[]).map((r) => r.service_id).sort()).toEqual([...ids].sort());
    expect(body.unanswered).toBeUndefined();
    expect(text).not.toMatch(/not in the API's answer|not answered/i);
  });

  it('resolve_players resolves each row id to its service_id', async () => {
    const ids = (await ranked(3)).map((r) => r.service_id);
    const { body } = await callOk(session.client, 'resolve_players', {
      players: ids.map((player_id) => ({ player_id })),
    });
    const rows = body.data as { query: string; status: string; service_id: string | null }[];
    for (const id of ids)
      expect(rows.find((r) => r.query === id)).toMatchObject({ status: 'resolved', service_id: id });
  });
});
