// The built server over Streamable HTTP, on its embedded sandbox in the `unordered` dialect (resolve-batch
// rows in the API's own order, none for a player it does not find), driven by the SDK client: every
// watchlist entry and every resolve_players query is linked to its own person, never to the row that
// happens to sit at its place. The server is restarted on the same file store a week on.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { call, callOk as ok, spawnHttpServer, stop, textOf } from '../support/mcp.js';
import { GARMONT, KOUYANDE, KOUYANDE_ROW, MBENRA, VERAC } from '../support/people.js';

// The default seed's world (see the sandbox README, "Weeks"): Kouyandé's row is linked to a person in
// week 1. Asked in this order, the unordered answer sorts them Garmont, Mbenra, Verac, then his row.
const NOBODY = 'p00000000000';

const dir = mkdtempSync(join(tmpdir(), 'fsm-unordered-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) await stop(child);
  rmSync(dir, { recursive: true, force: true });
});

async function serverAt(week: number): Promise<Client> {
  const { url, child } = await spawnHttpServer(
    ['--sandbox', '--sandbox-dialect', 'unordered', '--sandbox-week', String(week), '--store', `file:${dir}`],
    { FOOTBALL_MCP_IMAGES: 'false' },
  );
  children.push(child);
  const client = new Client({ name: 'unordered-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

interface Listed {
  service_id: string | null;
  player_id: string | null;
  name: string | null;
  status: string;
  changes?: string[];
}
const idsOf = (players: Listed[]) => players.map((p) => p.service_id ?? p.player_id);

describe('the unordered dialect: rows tied to what was asked, by id', () => {
  it('week 0: update_watchlist refuses a player the answer has no row for, keeps a row not linked yet pending', async () => {
    const client = await serverAt(0);
    const refused = await call(client, 'update_watchlist', {
      watchlist: 'Shortlist',
      add: [{ player_id: VERAC }, { player_id: NOBODY }],
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(`"${NOBODY}" has no row in the API's answer`);

    const added = await ok(client, 'update_watchlist', {
      watchlist: 'Shortlist',
      add: [{ player_id: KOUYANDE_ROW }, { player_id: VERAC }, { player_id: MBENRA }, { player_id: GARMONT }],
    });
    const players = added.body.data.players as Listed[];
    expect(idsOf(players)).toEqual([KOUYANDE_ROW, VERAC, MBENRA, GARMONT]);
    expect(players[0]).toMatchObject({ service_id: null, player_id: KOUYANDE_ROW, name: 'Ousmane Kouyandé' });

    // His row is still not linked: he stays pending, not linked to the person whose row came first.
    const report = await ok(client, 'watchlist_report', { watchlist: 'Shortlist' });
    const rows = report.body.data.players as Listed[];
    expect(rows.find((r) => r.player_id === KOUYANDE_ROW)).toMatchObject({
      service_id: null,
      status: 'pending',
    });
    expect(rows.map((r) => r.service_id).sort()).toEqual([null, GARMONT, MBENRA, VERAC].sort());
    expect(rows.find((r) => r.service_id === MBENRA)?.name).toBe('Christian Mbenra');
    expect(rows.find((r) => r.service_id === VERAC)?.name).toBe('Ilyes Verac');
    await client.close();
  });

  it('week 1: the pending row is linked to its own person; resolve_players answers each query with its row', async () => {
    const client = await serverAt(1);
    const report = await ok(client, 'watchlist_report', { watchlist: 'Shortlist' });
    const rows = report.body.data.players as Listed[];
    expect(rows.find((r) => r.changes?.includes('linked'))).toMatchObject({
      service_id: KOUYANDE,
      name: 'Ousmane Kouyandé',
    });
    const listed = await ok(client, 'update_watchlist', { watchlist: 'Shortlist' });
    expect(idsOf(listed.body.data.players)).toEqual([KOUYANDE, VERAC, MBENRA, GARMONT]);

    const resolved = await ok(client, 'resolve_players', {
      players: [
        { player_id: VERAC },
        { player_id: KOUYANDE_ROW },
        { player_id: NOBODY },
        { player_id: MBENRA },
      ],
    });
    expect(resolved.body.data).toMatchObject([
      { query: VERAC, status: 'resolved', service_id: VERAC, name: 'Ilyes Verac' },
      { query: KOUYANDE_ROW, status: 'resolved', service_id: KOUYANDE },
      { query: NOBODY, status: 'unanswered', service_id: null },
      { query: MBENRA, status: 'resolved', service_id: MBENRA, name: 'Christian Mbenra' },
    ]);
    // The one player not answered is named; a row the session's cached ranking held may be answered from it.
    const notes = resolved.body.notes as string[];
    expect(notes.filter((n) => n.includes(`"${NOBODY}"`))).toHaveLength(1);
    expect(
      notes.filter((n) => !n.includes(`"${NOBODY}"`)).every((n) => /from a cached .* answer/.test(n)),
    ).toBe(true);
    await client.close();
  });
});
