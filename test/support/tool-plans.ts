// Test support: one typical call of each tool, with real ids found on a sandbox first. The dialects
// test runs `PLANS` on every dialect; the generated-styles harness runs `EVERY_TOOL` (the plans and
// the watchlist tools) on a plain and a transformed sandbox.
import type { Client } from '@modelcontextprotocol/client';
import { call, structured } from './mcp.js';

export interface Ids {
  pid: [string, string];
  sid: string;
  name: [string, string];
  club: string;
  team: string;
  coach: string;
}

export type Plan = [tool: string, args: (ids: Ids) => Record<string, unknown>];

/** Every read-only tool but update_watchlist and watchlist_report. */
export const PLANS: Plan[] = [
  ['list_leagues', () => ({ query: 'Ligue' })],
  ['list_roles', () => ({})],
  ['rank_players_by_role', () => ({ role: 'faux_9', league: 'Ligue 1', limit: 5 })],
  ['scout_players', () => ({ roles: ['mezzala'], league: 'Serie A', limit: 5 })],
  ['search_players', (ids) => ({ query: ids.name[0], league: 'Ligue 1' })],
  [
    'resolve_players',
    (ids) => ({ players: [{ player_id: ids.pid[0] }, { name: ids.name[1], club: ids.club }] }),
  ],
  ['player_history', (ids) => ({ player_id: ids.sid })],
  ['compare_players', (ids) => ({ player_ids: ids.pid })],
  ['fit_score', (ids) => ({ player_ids: [ids.pid[0]], club: ids.club })],
  [
    'get_player',
    (ids) => ({
      player_id: ids.pid[0],
      sections: ['statistics', 'roles', 'strengths', 'market_value', 'projections', 'similar'],
    }),
  ],
  ['scouting_report', (ids) => ({ player_id: ids.sid, club: ids.club })],
  ['quota_status', () => ({})],
  ['search_teams', () => ({ league: 'Ligue 1', limit: 5 })],
  ['get_team', (ids) => ({ team_id: ids.team, sections: ['squad', 'similar'], limit: 5 })],
  ['search_coaches', () => ({ league: 'Ligue 1', limit: 5 })],
  ['get_coach', (ids) => ({ coach_id: ids.coach, sections: ['career', 'tactical_profile'] })],
  ['rank_players_by_statistic', () => ({ statistic: 'progressive_passes', league: 'Bundesliga', limit: 5 })],
  ['get_glossary', () => ({ query: 'expected' })],
  ['comparison_group', () => ({ x: 'xg', y: 'xa', league: 'Ligue 1', limit: 5 })],
  ['my_account', () => ({ sections: ['indices', 'presets'] })],
];

/** The watchlist tools, in this order: the list is made, then reported on (a refresh reads upstream). */
export const WATCHLIST_PLANS: Plan[] = [
  [
    'update_watchlist',
    (ids) => ({ watchlist: 'Styles', add: [{ player_id: ids.sid }, { player_id: ids.pid[1] }] }),
  ],
  ['watchlist_report', () => ({ watchlist: 'Styles' })],
];

/** All 22 tools. */
export const EVERY_TOOL: Plan[] = [...PLANS, ...WATCHLIST_PLANS];

/** Real ids, names and a club from a ranking, a team and a coach of Ligue 1. */
export async function idsOf(client: Client): Promise<Ids> {
  const ranked = structured(
    await call(client, 'rank_players_by_role', {
      role: 'ailier_provocateur',
      league: 'Ligue 1',
      limit: 20,
    }),
  );
  const linked = ranked.data.filter((e: { service_id: string | null }) => e.service_id);
  const team = structured(await call(client, 'search_teams', { league: 'Ligue 1', limit: 1 })).data[0];
  const coach = structured(await call(client, 'search_coaches', { league: 'Ligue 1', limit: 1 })).data[0];
  return {
    // A ranking entry may carry only a service_id, accepted wherever a player_id is.
    pid: [linked[0].player_id ?? linked[0].service_id, linked[1].player_id ?? linked[1].service_id],
    sid: linked[0].service_id,
    // Names and clubs come from the standard answers where a dialect leaves them out.
    name: [linked[0].name, linked[1].name],
    club: linked[1].club,
    team: team.team_id,
    coach: coach.coach_id,
  };
}
