// Through MCP, on the synthetic data of every league and season the sandbox lists: rank, scout,
// search, resolve, read history, compare and fit-score all answer. `npm test` checks a sample of the
// league-seasons drawn from the run's seed (test/support/sample.ts); `npm run test:full` checks them all.
import { expect, it } from 'vitest';
import { DEFAULT_KEYS } from '../../src/sandbox/keys.js';
import { call, structured, useSandboxSession } from '../support/mcp.js';
import { drawn, FULL_RUN, sample } from '../support/sample.js';

const session = useSandboxSession(
  {},
  {
    key: () => {
      const unlimited = DEFAULT_KEYS.find((k) => k.dailyLimit === null && !k.expiresAt && !k.revoked);
      if (!unlimited) throw new Error('no unlimited sandbox key');
      return unlimited.key;
    },
  },
);

interface Ranked {
  name: string;
  club: string;
  player_id?: string | null;
  service_id: string | null;
}

// Whole, it sends some 2,500 tool calls: minutes on a busy machine.
it('every tool answers in every league and season', { timeout: FULL_RUN ? 900_000 : 120_000 }, async () => {
  const leagues = structured(await call(session.client, 'list_leagues', { limit: 200 })).data as {
    name: string;
    seasons: string[];
  }[];
  expect(leagues.length).toBeGreaterThanOrEqual(100);
  const all = leagues.flatMap((league) => league.seasons.map((season) => ({ league, season })));
  expect(all.length).toBeGreaterThanOrEqual(300);
  for (const { league, season } of sample('league-seasons through every tool', all, 12)) {
    const where = drawn(`${league.name} ${season}`);
    const args = { league: league.name, season };
    const ranked = structured(
      await call(session.client, 'rank_players_by_role', { ...args, role: 'milieu_relayeur', limit: 5 }),
    ).data as Ranked[];
    expect(ranked.length, where).toBeGreaterThan(1);
    const scouted = structured(
      await call(session.client, 'scout_players', { ...args, roles: ['ailier_buteur'], limit: 3 }),
    );
    expect(scouted.data.length, where).toBeGreaterThan(0);
    const [a, b] = ranked as [Ranked, Ranked];
    // A linked ranking row gives its service_id only (its player_id while unlinked); search_players both.
    const found = structured(await call(session.client, 'search_players', { ...args, query: a.name }));
    const row = (found.data as Ranked[]).find((p) =>
      a.service_id ? p.service_id === a.service_id : p.player_id === a.player_id,
    );
    expect(row?.player_id, where).toEqual(expect.any(String));
    const resolved = structured(
      await call(session.client, 'resolve_players', { players: [{ player_id: row?.player_id }] }),
    );
    expect(['resolved', 'unlinked'], where).toContain(resolved.data[0].status);
    const history = structured(
      await call(session.client, 'player_history', { player_id: a.service_id ?? a.player_id }),
    );
    expect(history.data.rows.length, where).toBeGreaterThan(0);
    const compared = structured(
      await call(session.client, 'compare_players', {
        player_ids: [a.service_id ?? a.player_id, b.service_id ?? b.player_id],
      }),
    );
    expect(compared.data, where).toHaveLength(2);
    const fit = structured(
      await call(session.client, 'fit_score', { player_ids: [a.service_id ?? a.player_id], club: b.club }),
    );
    expect(fit.data[0].target_club, where).toBe(b.club);
  }
});
