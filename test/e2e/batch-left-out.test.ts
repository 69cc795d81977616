// A batch answered in part, through the built server: compare_players answered without one player it
// asked, and without refusing him, names him instead of showing the others as the whole comparison; a
// resolve-batch row that is an error the API sent in its place is no row, and its words are said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOnDeps, call, callOk, sandboxClient, structured, useSandbox } from '../support/mcp.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

const sandbox = useSandbox();
let proxy: TestProxy;
let session: ClientOnDeps;
type Json = Record<string, unknown>;

beforeAll(async () => {
  proxy = await startProxy(sandbox.url, (path) => {
    if (path.startsWith('/v1/compare'))
      return { reshape: (body) => ({ ...(body as Json), data: ((body as Json).data as Json[]).slice(1) }) };
    if (path.startsWith('/v1/players/resolve-batch'))
      return {
        reshape: (body) => ({
          ...(body as Json),
          data: ((body as Json).data as Json[]).map((row, i) =>
            i === 0 ? { player_id: row.player_id, status: 'error', error: 'temporarily unavailable' } : row,
          ),
        }),
      };
    return 'pass';
  });
  session = await sandboxClient(proxy.url, sandbox.demoKey);
});
afterAll(async () => {
  await session?.close();
  await proxy?.close();
});

async function serviceIds(n: number): Promise<string[]> {
  const ranked = structured(
    await call(session.client, 'rank_players_by_role', { role: 'poacher', limit: 20 }),
  );
  return (ranked.data as { service_id: string | null }[])
    .flatMap((r) => (r.service_id ? [r.service_id] : []))
    .slice(0, n);
}

describe('a batch answered in part', () => {
  it('compare_players names the player the answer left out', async () => {
    const ids = await serviceIds(3);
    const { body, text } = await callOk(session.client, 'compare_players', { player_ids: ids });
    expect(body.data).toHaveLength(2);
    expect(text).toContain(`Not in the API's answer, though it refused none: ${ids[0]}`);
    expect((body.unanswered as { id: string }[]).map((u) => u.id)).toEqual([ids[0]]);
  });

  it('resolve_players: a row the API sent as an error is no answer, and its words are said', async () => {
    const ids = await serviceIds(3);
    const { body, text } = await callOk(session.client, 'resolve_players', {
      players: ids.map((player_id) => ({ player_id })),
    });
    const rows = body.data as { query: string; status: string }[];
    expect(rows.find((r) => r.query === ids[0])?.status).toBe('unanswered');
    expect(text).toMatch(
      /rows left out: the API sent an error in their place \(".*: temporarily unavailable"\)/,
    );
  });
});
