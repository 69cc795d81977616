// search_players on a name nobody has: a hint of what to try next, not a bare "(no rows)".
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { call, structured, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();

describe('search_players with no match', () => {
  it('says what to try: part of the name, a league, resolve_players', async () => {
    const result = await call(session.client, 'search_players', { query: 'Mbaye' });
    const body = structured(result);
    expect(body.data).toEqual([]);
    expect(body.has_more).toBe(false);
    expect(body.notes).toEqual([
      'No player name contains "Mbaye". Try part of the name (e.g. "Mba") or another spelling, ' +
        'browse a league with rank_players_by_role, or resolve_players with the name and club.',
    ]);
    expect(textOf(result)).toContain('Note: No player name contains "Mbaye"');
    // The part it suggests finds players.
    const part = structured(await call(session.client, 'search_players', { query: 'Mba' }));
    expect(part.data.length).toBeGreaterThan(0);
  });

  it('with filters, suggests dropping them', async () => {
    const body = structured(
      await call(session.client, 'search_players', { query: 'Zzyzx', league: 'Eredivisie' }),
    );
    expect(body.data).toEqual([]);
    expect(body.notes?.[0]).toContain('(e.g. "Zzy")');
    expect(body.notes?.[0]).toContain('with these filters');
    expect(body.notes?.[0]).toContain('drop league, club or season');
  });

  it('gives no hint when rows come back', async () => {
    const body = structured(await call(session.client, 'search_players', { query: 'Mbondé', limit: 3 }));
    expect(body.data.length).toBeGreaterThan(0);
    expect((body.notes ?? []).join(' ')).not.toContain('No player name contains');
  });
});

describe('the embedded sandbox warmed at start', () => {
  it('answers the first search over every league at once once warm', async () => {
    const sandbox = await startSandbox({ port: 0, warm: true });
    try {
      await sandbox.warmed;
      const started = performance.now();
      const res = await fetch(`${sandbox.url}/v1/players/search?q=Mbaye&limit=10`, {
        headers: { 'X-API-Key': sandbox.demoKey },
      });
      expect(res.status).toBe(200);
      await res.json();
      // Cold, the same request generates every competition of the season: about 1.2 s.
      expect(performance.now() - started).toBeLessThan(600);
    } finally {
      await sandbox.close();
    }
  }, 20_000);
});
