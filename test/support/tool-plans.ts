// Test support: one typical call of each tool, with real ids found on a sandbox first. The dialects
// test runs `PLANS` on every dialect; the generated-styles harness runs `EVERY_TOOL` (the plans and
// the watchlist tools) and `MORE_CALLS` (the sections and argument branches those leave out) on a plain
// and a transformed sandbox.
import type { Client } from '@modelcontextprotocol/client';
import { call, structured } from './mcp.js';

export interface Ids {
  pid: [string, string];
  sid: string;
  name: [string, string];
  club: string;
  team: string;
  /** Another team of the same league: the opponent of a head-to-head. */
  otherTeam: string;
  coach: string;
  /** The coach's name, for a search by name. */
  coachName: string;
}

/** A call: the tool, its arguments, and for a tool's second call a word that tells it from the first. */
export type Plan = [tool: string, args: (ids: Ids) => Record<string, unknown>, variant?: string];

/** The name a call's outcome goes by: the tool, and its variant when it has one. */
export function callName([tool, , variant]: Plan): string {
  return variant ? `${tool} (${variant})` : tool;
}

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

const PAST_SEASON = '25-26';

/** The day a snapshot taken now is stored under (UTC): a stored week named by the day it was taken. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * One call per section or argument branch `EVERY_TOOL` leaves out that reads another upstream route or
 * field, or changes what is shown (a tool's default sections, a list without its filter, a filter, a
 * past season, a limit past the page sizes, a head-to-head, a club by team id, a quota refreshed, a
 * watchlist's stored weeks, note, removal and
 * deletion, each followed by a report): the styles' property holds only for the calls made. Run after
 * `EVERY_TOOL` (the watchlist exists), in this order.
 */
export const MORE_CALLS: Plan[] = [
  // Before the league list is read whole: the refresh reads its first page.
  ['quota_status', () => ({ refresh: true }), 'refresh'],
  ['list_leagues', () => ({}), 'all'],
  ['list_leagues', () => ({ gender: 'women', level: 'top' }), 'filtered'],
  ['list_leagues', () => ({ type: 'cup', limit: 5 }), 'cups'],
  ['list_leagues', () => ({ query: 'french women' }), 'query facts'],
  ['rank_players_by_role', () => ({ role: 'meneur_de_jeu_en_retrait', limit: 5 }), 'all leagues'],
  [
    'rank_players_by_role',
    () => ({ role: 'faux_9', league: 'Ligue 1', season: PAST_SEASON, limit: 5 }),
    'season',
  ],
  // A limit past every style's page size: the ranking read over pages, in whatever order they come.
  ['rank_players_by_role', () => ({ role: 'faux_9', league: 'Ligue 1', limit: 100 }), 'long'],
  ['scout_players', () => ({ roles: ['mezzala', 'milieu_box_to_box'], limit: 5 }), 'all leagues'],
  [
    'scout_players',
    () => ({
      roles: ['mezzala'],
      league: 'Ligue 1',
      season: PAST_SEASON,
      max_age: 27,
      min_minutes: 900,
      limit: 5,
    }),
    'season, age, minutes',
  ],
  [
    'scout_players',
    () => ({ roles: ['CB'], league: 'Ligue 1', position: 'CB', max_value_eur: 15_000_000, limit: 5 }),
    'position, value',
  ],
  // Several leagues, no filter: merged by score, or (scores unread) each league's rows not ranked across them.
  [
    'scout_players',
    () => ({ roles: ['mezzala'], leagues: ['Serie A', 'Ligue 1', 'Bundesliga'], limit: 5 }),
    'leagues',
  ],
  [
    'scout_players',
    () => ({
      roles: ['ailier_provocateur'],
      leagues: ['Ligue 1', 'Serie A'],
      max_age: 25,
      foot: 'left',
      limit: 5,
    }),
    'filtered',
  ],
  [
    'scout_players',
    () => ({ roles: ['mezzala'], league: 'Ligue 1', foot: 'left', record_budget: 5, limit: 40 }),
    'record budget',
  ],
  ['search_players', (ids) => ({ query: ids.name[1] }), 'all leagues'],
  ['search_players', (ids) => ({ query: ids.name[1], club: ids.club }), 'club'],
  ['search_players', (ids) => ({ query: ids.name[0], season: PAST_SEASON, limit: 3 }), 'season'],
  ['resolve_players', (ids) => ({ players: [{ name: ids.name[0] }, { player_id: ids.sid }] }), 'names'],
  ['player_history', (ids) => ({ player_id: ids.pid[1] }), 'player_id'],
  ['compare_players', (ids) => ({ player_ids: [ids.sid, ids.pid[1]], season: PAST_SEASON }), 'season'],
  ['fit_score', (ids) => ({ player_ids: ids.pid }), 'own club'],
  ['fit_score', (ids) => ({ player_ids: [ids.pid[1]], club: ids.team }), 'team id'],
  ['get_player', (ids) => ({ player_id: ids.pid[1] }), 'default sections'],
  ['get_player', (ids) => ({ player_id: ids.sid, sections: [] }), 'record'],
  [
    'get_player',
    (ids) => ({ player_id: ids.sid, season: PAST_SEASON, sections: ['statistics', 'roles'] }),
    'season',
  ],
  [
    'get_player',
    (ids) => ({
      player_id: ids.pid[1],
      season: PAST_SEASON,
      sections: ['strengths', 'market_value', 'projections', 'similar'],
      similar_limit: 8,
    }),
    'season, similar_limit',
  ],
  ['scouting_report', (ids) => ({ player_id: ids.pid[1] }), 'own club'],
  [
    'scouting_report',
    (ids) => ({ player_id: ids.sid, season: PAST_SEASON, club: ids.team, similar_limit: 3 }),
    'season, team id',
  ],
  ['search_teams', (ids) => ({ query: ids.club }), 'query'],
  ['search_teams', () => ({ league: 'Ligue 1', season: PAST_SEASON, limit: 5 }), 'season'],
  ['get_team', (ids) => ({ team_id: ids.team }), 'record'],
  [
    'get_team',
    (ids) => ({ team_id: ids.team, sections: ['head_to_head'], other_team_id: ids.otherTeam }),
    'head_to_head',
  ],
  [
    'get_team',
    (ids) => ({ team_id: ids.otherTeam, sections: ['squad'], season: PAST_SEASON, limit: 5 }),
    'season',
  ],
  [
    'get_team',
    (ids) => ({ team_id: ids.otherTeam, other_team_id: ids.team, season: PAST_SEASON }),
    'head_to_head season',
  ],
  ['get_team', (ids) => ({ team_id: ids.otherTeam, sections: ['squad', 'similar'] }), 'default limit'],
  ['search_coaches', () => ({ limit: 5 }), 'all leagues'],
  ['search_coaches', (ids) => ({ query: ids.coachName, league: 'Ligue 1' }), 'query'],
  ['get_coach', (ids) => ({ coach_id: ids.coach }), 'record'],
  ['rank_players_by_statistic', () => ({ statistic: 'xg', position: 'forward', limit: 5 }), 'all leagues'],
  ['rank_players_by_statistic', () => ({ statistic: 'xg', league: 'Ligue 1', limit: 100 }), 'long'],
  [
    'rank_players_by_statistic',
    () => ({
      statistic: 'progressive_passes',
      league: 'Ligue 1',
      season: PAST_SEASON,
      position: 'central_midfielder',
      limit: 5,
    }),
    'season, position',
  ],
  ['get_glossary', () => ({ kind: 'role_index' }), 'kind'],
  ['get_glossary', () => ({ query: 'pass', kind: 'statistic', limit: 5 }), 'query, kind, limit'],
  ['comparison_group', (ids) => ({ x: 'xg', y: 'xa', highlight: [ids.pid[0]], limit: 5 }), 'all leagues'],
  [
    'comparison_group',
    () => ({ x: 'xg', y: 'xa', league: 'Ligue 1', season: PAST_SEASON, position: 'forward', limit: 5 }),
    'season, position',
  ],
  ['my_account', () => ({}), 'record'],
  ['watchlist_report', () => ({ watchlist: 'Styles', refresh: true }), 'refresh'],
  // The watchlist's own branches, in this order, each change followed by a report.
  ['watchlist_report', () => ({ watchlist: 'Styles', refresh: false }), 'stored'],
  ['watchlist_report', () => ({ watchlist: 'Styles', week: today() }), 'week'],
  ['update_watchlist', () => ({ watchlist: 'Styles', note: 'Watch in January' }), 'note'],
  ['watchlist_report', () => ({}), 'every list'],
  ['update_watchlist', (ids) => ({ watchlist: 'Styles', remove: [ids.sid] }), 'remove'],
  ['watchlist_report', () => ({ watchlist: 'Styles' }), 'after remove'],
  ['update_watchlist', () => ({ watchlist: 'Styles', delete: true }), 'delete'],
  ['watchlist_report', () => ({}), 'after delete'],
];

/**
 * Branch calls too slow for `npm test`'s sample, full runs only: a ranking across every league (~0.8 s a
 * sandbox), a scout filtered by foot (a player record a candidate, slow on a throttling style).
 */
export const SLOW_CALLS: ReadonlySet<string> = new Set([
  'rank_players_by_role (all leagues)',
  'scout_players (filtered)',
]);

/**
 * Calls over every league of a football (gender, level): which leagues those are is told by the whole
 * league list, each league's gender and level read. On a style that reads it in part (past the page
 * budget) or not at all, the answer is a refusal saying so; its own test (league-scope-styles.test.ts).
 */
export const SCOPE_CALLS: Plan[] = [
  ['rank_players_by_role', () => ({ role: 'faux_9', gender: 'women', level: 'top', limit: 5 }), 'gender'],
  ['scout_players', () => ({ roles: ['faux_9'], gender: 'women', level: 'top', limit: 5 }), 'gender'],
];

/** Every call of the styles harness: every tool, then every branch those leave out. */
export const HARNESS_CALLS: Plan[] = [...EVERY_TOOL, ...MORE_CALLS];

/** Every tool's call, and the calls of `MORE_CALLS` named (`get_team (head_to_head)`), in the harness's order. */
export function callsNamed(names: Iterable<string>): Plan[] {
  const wanted = new Set(names);
  return [...EVERY_TOOL, ...MORE_CALLS.filter((plan) => wanted.has(callName(plan)))];
}

/**
 * `calls` in their order up to the last one named: what a case checking only those needs. The calls
 * before it stay (a later call may read what an earlier one cached or made), those after it could change
 * none of its answers.
 */
export function callsThrough(names: Iterable<string>, calls: readonly Plan[] = HARNESS_CALLS): Plan[] {
  const wanted = new Set(names);
  // A name no call has would leave its case checking nothing, and passing.
  const unknown = [...wanted].filter((name) => !calls.some((plan) => callName(plan) === name));
  if (unknown.length > 0) throw new Error(`no harness call named ${unknown.join(', ')}`);
  const last = calls.findLastIndex((plan) => wanted.has(callName(plan)));
  return calls.slice(0, last + 1);
}

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
  const [team, otherTeam] = structured(
    await call(client, 'search_teams', { league: 'Ligue 1', limit: 2 }),
  ).data;
  const coach = structured(await call(client, 'search_coaches', { league: 'Ligue 1', limit: 1 })).data[0];
  return {
    // A ranking entry may carry only a service_id, accepted wherever a player_id is.
    pid: [linked[0].player_id ?? linked[0].service_id, linked[1].player_id ?? linked[1].service_id],
    sid: linked[0].service_id,
    // Names and clubs come from the standard answers where a dialect leaves them out.
    name: [linked[0].name, linked[1].name],
    club: linked[1].club,
    team: team.team_id,
    otherTeam: otherTeam.team_id,
    coach: coach.coach_id,
    coachName: coach.name,
  };
}
