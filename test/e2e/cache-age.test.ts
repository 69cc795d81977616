// Where an answer came from, told by what its run spent, and the caller's say over the cache: for a
// typical call of each tool that asks the API, asked a second time it costs no request and its footer
// and source say "from the cache"; asked with max_cache_age_s 0 it asks the API again and says so;
// with a limit past the answer's age it is served from the cache again.
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { call, callOk, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY });

interface Ids {
  players: string[];
  club: string;
  teams: string[];
  coach: string;
}

const CALLS: Array<[string, (ids: Ids) => Record<string, unknown>]> = [
  ['search_players', () => ({ query: 'Mbenra' })],
  ['rank_players_by_role', () => ({ role: 'defenseur_relanceur', league: 'Ligue 1' })],
  ['scout_players', () => ({ roles: ['milieu_box_to_box', 'mezzala'], max_age: 24, min_minutes: 900 })],
  ['compare_players', (ids) => ({ player_ids: ids.players.slice(0, 3) })],
  ['fit_score', (ids) => ({ player_ids: ids.players.slice(0, 3), club: ids.club })],
  ['resolve_players', (ids) => ({ players: ids.players.slice(0, 3).map((id) => ({ player_id: id })) })],
  ['player_history', (ids) => ({ player_id: ids.players[0] })],
  ['get_player', (ids) => ({ player_id: ids.players[0] })],
  ['scouting_report', (ids) => ({ player_id: ids.players[0], club: ids.club })],
  ['list_leagues', () => ({})],
  ['list_roles', () => ({})],
  ['search_teams', () => ({ league: 'Ligue 1' })],
  ['get_team', (ids) => ({ team_id: ids.teams[0], sections: ['squad'] })],
  ['search_coaches', () => ({ league: 'Ligue 1' })],
  ['get_coach', (ids) => ({ coach_id: ids.coach, sections: ['career'] })],
  ['rank_players_by_statistic', () => ({ statistic: 'progressive_passes', league: 'Ligue 1' })],
  ['get_glossary', () => ({ query: 'pass' })],
  ['comparison_group', () => ({ x: 'progressive_passes', y: 'pass_completion_pct', league: 'Ligue 1' })],
  ['my_account', () => ({})],
];

let ids: Ids;
beforeAll(async () => {
  const ranked = (
    await callOk(session.client, 'rank_players_by_role', {
      role: 'defenseur_relanceur',
      league: 'Ligue 1',
      limit: 6,
    })
  ).body.data as { service_id: string | null; player_id: string | null; club: string }[];
  const teams = (await callOk(session.client, 'search_teams', { league: 'Ligue 1', limit: 2 })).body.data;
  const coaches = (await callOk(session.client, 'search_coaches', { league: 'Ligue 1', limit: 1 })).body.data;
  ids = {
    players: ranked.map((r) => r.service_id ?? r.player_id ?? ''),
    club: ranked.find((r) => r.club !== ranked[0]?.club)?.club ?? '',
    teams: teams.map((t: { team_id: string }) => t.team_id),
    coach: coaches[0]?.coach_id,
  };
});

/** A call that must succeed, with the upstream requests the sandbox saw meanwhile. */
async function counted(name: string, args: Record<string, unknown>) {
  await session.deps.api.settled();
  const before = session.sandbox.requestCount();
  const answer = await callOk(session.client, name, args);
  const footer = answer.text.split('\n').find((line) => line.startsWith('— ')) ?? '';
  return { ...answer, footer, asked: session.sandbox.requestCount() - before };
}

describe('an answer is labelled by what its run spent, and max_cache_age_s bounds the cache', () => {
  for (const [name, args] of CALLS) {
    it(name, async () => {
      await counted(name, args(ids));
      const again = await counted(name, args(ids));
      expect(again.asked, again.footer).toBe(0);
      expect(again.footer).toMatch(
        /^— from the cache \(fetched \d{4}-\d\d-\d\d \d\d:\d\d UTC; no quota used\)/,
      );
      expect(again.body.source.cached).toBe(true);

      const anew = await counted(name, { ...args(ids), max_cache_age_s: 0 });
      expect(anew.asked, anew.footer).toBeGreaterThan(0);
      expect(anew.body.source.cached).toBe(false);
      // A part may still share an identical request of the same run in flight (counted as not sent).
      expect(anew.footer).not.toMatch(/^— from the cache/);

      const young = await counted(name, { ...args(ids), max_cache_age_s: 3600 });
      expect(young.asked, young.footer).toBe(0);
      expect(young.body.source.cached).toBe(true);
    });
  }
});

describe('max_cache_age_s', () => {
  it('is refused before anything is sent unless whole seconds from 0, and null is absent', async () => {
    for (const bad of [-1, 1.5, 'sixty', '1.5', 10 ** 9]) {
      const before = session.sandbox.requestCount();
      const result = await call(session.client, 'list_leagues', { max_cache_age_s: bad });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/max_cache_age_s must be a whole number of seconds/);
      expect(session.sandbox.requestCount()).toBe(before);
    }
    await callOk(session.client, 'list_leagues', { max_cache_age_s: null });
    // Whole seconds written as text, as some hosts send every value, are those seconds.
    await callOk(session.client, 'list_leagues', { max_cache_age_s: '60' });
  });

  it('an answer with parts asked and parts cached says it is mixed, in the footer and the source', async () => {
    const player = ids.players[1] as string;
    await callOk(session.client, 'get_player', { player_id: player });
    // The record is cached now; the report asks for the rest.
    const report = await counted('scouting_report', { player_id: player });
    expect(report.asked).toBeGreaterThan(0);
    const { sent, from_cache } = report.body.source;
    expect(sent).toBeGreaterThan(0);
    expect(from_cache).toBeGreaterThan(0);
    expect(report.footer).toContain(`partly from the cache: ${sent} sent, ${from_cache} from the cache`);
  });
});
