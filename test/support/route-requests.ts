// One request for every route of the client's table, with ids taken from the sandbox's own answers,
// and the schema the tools read each route with: for tests that walk every route.
import type { z } from 'zod';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import * as S from '../../src/api/schemas.js';

/** The schema the tools read each route's answer with. */
export const ROUTE_SCHEMAS = {
  leagues: S.LeaguesResponse,
  enums: S.EnumsResponse,
  rankings: S.RankingsResponse,
  scouting: S.ScoutingResponse,
  resolveBatch: S.ResolveBatchResponse,
  playerHistory: S.HistoryResponse,
  compare: S.CompareResponse,
  fitScore: S.FitScoreResponse,
  player: S.PlayerRecordResponse,
  playerStatistics: S.PlayerStatisticsResponse,
  playerRoles: S.PlayerRolesResponse,
  playerStrengths: S.PlayerStrengthsResponse,
  playerMarketValue: S.MarketValueResponse,
  playerProjections: S.ProjectionsResponse,
  playerSimilar: S.SimilarResponse,
  playerSearch: S.PlayerSearchResponse,
  profile: S.ProfileResponse,
  seasons: S.SeasonsResponse,
  teams: S.TeamsResponse,
  team: S.TeamResponse,
  teamSquad: S.SquadResponse,
  teamSimilar: S.SimilarTeamsResponse,
  teamHeadToHead: S.HeadToHeadResponse,
  coaches: S.CoachesResponse,
  coach: S.CoachResponse,
  coachCareer: S.CoachCareerResponse,
  coachTactics: S.TacticalProfileResponse,
  statisticRankings: S.StatisticRankingsResponse,
  glossary: S.GlossaryResponse,
  comparisonGroup: S.ComparisonResponse,
  savedIndices: S.SavedItemsResponse,
  savedPresets: S.SavedItemsResponse,
} satisfies Record<RouteName, z.ZodType>;

export interface RouteIds {
  player: string;
  other: string;
  service: string;
  team: string;
  otherTeam: string;
  coach: string;
  name: string;
  club: string;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
type LooseBody = any;
export type RawCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: LooseBody }>;

/** Raw JSON requests to a sandbox with its demo key. */
export function sandboxCall(sandbox: { url: string; demoKey: string }): RawCall {
  return async (method, path, body) => {
    const res = await fetch(sandbox.url + path, {
      method,
      headers: {
        'X-API-Key': sandbox.demoKey,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };
}

/** Ids of real players, teams and a coach of Ligue 1, from the sandbox's standard answers. */
export async function collectIds(call: RawCall): Promise<RouteIds> {
  const ranked = await call('GET', '/v1/rankings?role=ailier_provocateur&league=Ligue%201&limit=20');
  const linked = ranked.body.data.filter((e: { service_id: string | null }) => e.service_id);
  const teams = await call('GET', '/v1/teams?league=Ligue%201');
  const coaches = await call('GET', '/v1/coaches?league=Ligue%201');
  return {
    player: linked[0].player_id,
    other: linked[1].player_id,
    service: linked[1].service_id,
    name: linked[0].name,
    club: linked[0].club,
    team: teams.body.data[0].team_id,
    otherTeam: teams.body.data[1].team_id,
    coach: coaches.body.data[0].coach_id,
  };
}

/** The path (ids filled in), query and body of one typical request to `name`. */
export function routeRequest(
  name: RouteName,
  ids: RouteIds,
): { path: string; query?: string; body?: unknown } {
  const path = ROUTES[name].path
    .replace(':otherId', encodeURIComponent(ids.otherTeam))
    .replace(
      ':id',
      encodeURIComponent(
        name.startsWith('team') ? ids.team : name.startsWith('coach') ? ids.coach : ids.player,
      ),
    );
  switch (name) {
    case 'rankings':
      return { path, query: 'role=faux_9&league=Ligue%201&limit=5' };
    case 'scouting':
      return {
        path,
        body: { roles: ['mezzala', 'milieu_box_to_box'], ageMax: 25, league: 'Serie A', limit: 5 },
      };
    case 'resolveBatch':
      return { path, body: { players: [{ player_id: ids.player }, { name: ids.name, club: ids.club }] } };
    case 'compare':
      return { path, body: { player_ids: [ids.player, ids.service] } };
    case 'fitScore':
      return { path, body: { player_ids: [ids.player], club: ids.club } };
    case 'playerSearch':
      return { path, query: `q=${encodeURIComponent(ids.name)}` };
    case 'teams':
      return { path, query: 'league=Ligue%201' };
    case 'coaches':
      return { path, query: 'league=Ligue%201' };
    case 'statisticRankings':
      return { path, query: 'statistic=progressive_passes&league=Bundesliga&limit=5' };
    case 'comparisonGroup':
      return { path, query: 'x=xg&y=xa&league=Ligue%201' };
    default:
      return { path };
  }
}
