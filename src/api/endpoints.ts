// One declaration per upstream route, and the only place a route is paired with the schema its answer is
// read with: the route (routes.ts keeps method, path, status and cache as data a routes file remaps), the
// answer's schema (schemas.ts), the arguments in our own words (`season` is sent as the spec's `saison`
// here, once; `name` as `q`) and how the route is read:
//   one    one request;
//   pages  a list read page by page until the rows asked for (`limit`), or all of them (list-pages.ts);
//   all    a list read to its end, what it could not read published as notes (readAll);
//   items  a batch answered item by item, each item's row cached on its own (ApiClient.callItems).
// ApiClient carries one typed method per declaration (endpoint-methods.ts): `api.rankings({ role, season })`.
import type { z } from 'zod';
import type { CallOptions } from './client.js';
import type { ListRoute } from './list-pages.js';
import type { RouteName } from './routes.js';
import {
  CoachCareerResponse,
  CoachesResponse,
  CoachResponse,
  CompareResponse,
  ComparisonResponse,
  EnumsResponse,
  FitScoreResponse,
  GlossaryResponse,
  HeadToHeadResponse,
  HistoryResponse,
  LeaguesResponse,
  MarketValueResponse,
  PlayerRecordResponse,
  PlayerRolesResponse,
  PlayerSearchResponse,
  PlayerStatisticsResponse,
  PlayerStrengthsResponse,
  ProfileResponse,
  ProjectionsResponse,
  RankingsResponse,
  ResolveBatchResponse,
  SavedItemsResponse,
  ScoutingResponse,
  SeasonsResponse,
  SimilarResponse,
  SimilarTeamsResponse,
  SquadResponse,
  StatisticRankingsResponse,
  TacticalProfileResponse,
  TeamResponse,
  TeamsResponse,
} from './schemas.js';

/** Players per POST /v1/players/resolve-batch (the spec's batch route; the sandbox takes 1-100). */
export const RESOLVE_BATCH = 100;
/** Players per /v1/compare request (2-10). */
export const COMPARE_BATCH = 10;

/** What a declaration makes of its arguments: the path's `:params`, the query, the body. */
export type RouteRequest<N extends RouteName> = Pick<CallOptions<N>, 'params' | 'query' | 'body'>;

type ListSchema = z.ZodType<{ data: unknown[] }>;

export interface OneRead<N extends RouteName, S extends z.ZodType, A> {
  read: 'one';
  route: N;
  schema: S;
  request: (args: A) => RouteRequest<N>;
}

export interface ListReadDecl<R extends 'pages' | 'all', N extends ListRoute, S extends ListSchema, A> {
  read: R;
  route: N;
  schema: S;
  request: (args: A) => RouteRequest<N>;
}

export interface ItemsRead<N extends RouteName, S extends z.ZodType, W, A> {
  read: 'items';
  route: N;
  schema: S;
  /** The body asking for `items` (a batch, or one item: its own cache key). */
  body: (items: readonly W[], args: A) => unknown;
}

/** No arguments of the route's own. */
export type NoArgs = Record<never, never>;
const none = () => ({});

const one = <N extends RouteName, S extends z.ZodType, A = NoArgs>(
  route: N,
  schema: S,
  request: (args: A) => RouteRequest<N> = none,
): OneRead<N, S, A> => ({ read: 'one', route, schema, request });

const pages = <N extends ListRoute, S extends ListSchema, A = NoArgs>(
  route: N,
  schema: S,
  request: (args: A) => RouteRequest<N> = none,
): ListReadDecl<'pages', N, S, A> => ({ read: 'pages', route, schema, request });

const all = <N extends ListRoute, S extends ListSchema, A = NoArgs>(
  route: N,
  schema: S,
  request: (args: A) => RouteRequest<N> = none,
): ListReadDecl<'all', N, S, A> => ({ read: 'all', route, schema, request });

const items = <N extends RouteName, S extends z.ZodType, W, A = NoArgs>(
  route: N,
  schema: S,
  body: (items: readonly W[], args: A) => unknown,
): ItemsRead<N, S, W, A> => ({ read: 'items', route, schema, body });

type Season = { season?: string | undefined };
type Id = { id: string };

/** A player asked of resolve-batch: by id, or by name (with club and season when known). */
export type ResolveItem =
  | { player_id: string }
  | { name: string; club?: string | undefined; season?: string | undefined };

/** The item as sent: only the fields the route takes (anything else an item carries stays with us). */
function resolveWire(item: ResolveItem) {
  return 'player_id' in item
    ? { player_id: item.player_id }
    : { name: item.name, club: item.club, saison: item.season };
}

const player = ({ id, season }: Id & Season) => ({ params: { id }, query: { saison: season } });

export const ENDPOINTS = {
  leagues: pages('leagues', LeaguesResponse),
  enums: one('enums', EnumsResponse),
  seasons: one('seasons', SeasonsResponse),
  glossary: pages('glossary', GlossaryResponse),
  profile: one('profile', ProfileResponse),
  savedIndices: all('savedIndices', SavedItemsResponse),
  savedPresets: all('savedPresets', SavedItemsResponse),

  rankings: pages(
    'rankings',
    RankingsResponse,
    (a: { role: string; league?: string | undefined } & Season) => ({
      query: { role: a.role, saison: a.season, league: a.league },
    }),
  ),
  statisticRankings: pages(
    'statisticRankings',
    StatisticRankingsResponse,
    (a: { statistic: string; league?: string | undefined; position?: string | undefined } & Season) => ({
      query: { statistic: a.statistic, league: a.league, saison: a.season, position: a.position },
    }),
  ),
  comparisonGroup: pages(
    'comparisonGroup',
    ComparisonResponse,
    (a: { x: string; y: string; league?: string | undefined; position?: string | undefined } & Season) => ({
      query: { x: a.x, y: a.y, league: a.league, saison: a.season, position: a.position },
    }),
  ),
  scouting: pages(
    'scouting',
    ScoutingResponse,
    (
      a: {
        roles: readonly string[];
        ageMax?: number | undefined;
        minutesMin?: number | undefined;
        league?: string | undefined;
      } & Season,
    ) => ({
      body: {
        saison: a.season,
        roles: a.roles,
        ageMax: a.ageMax,
        minutesMin: a.minutesMin,
        league: a.league,
      },
    }),
  ),

  playerSearch: pages(
    'playerSearch',
    PlayerSearchResponse,
    (a: { name: string; league?: string | undefined; club?: string | undefined } & Season) => ({
      query: { q: a.name, league: a.league, club: a.club, saison: a.season },
    }),
  ),
  resolveBatch: items('resolveBatch', ResolveBatchResponse, (players: readonly ResolveItem[]) => ({
    players: players.map(resolveWire),
  })),
  player: one('player', PlayerRecordResponse, player),
  playerHistory: all('playerHistory', HistoryResponse, ({ id }: Id) => ({ params: { id } })),
  playerStatistics: one('playerStatistics', PlayerStatisticsResponse, player),
  playerRoles: one('playerRoles', PlayerRolesResponse, player),
  playerStrengths: one('playerStrengths', PlayerStrengthsResponse, player),
  playerMarketValue: one('playerMarketValue', MarketValueResponse, player),
  playerProjections: one('playerProjections', ProjectionsResponse, player),
  playerSimilar: pages('playerSimilar', SimilarResponse, player),
  compare: one('compare', CompareResponse, (a: { ids: readonly string[] } & Season) => ({
    body: { player_ids: a.ids, saison: a.season },
  })),
  fitScore: items(
    'fitScore',
    FitScoreResponse,
    (ids: readonly string[], a: { club?: string | undefined } & Season) => ({
      player_ids: ids,
      club: a.club,
      saison: a.season,
    }),
  ),

  teams: pages(
    'teams',
    TeamsResponse,
    (a: { name?: string | undefined; league?: string | undefined } & Season) => ({
      query: { q: a.name, league: a.league, saison: a.season },
    }),
  ),
  team: one('team', TeamResponse, ({ id, season }: Id & Season) => ({
    params: { id },
    query: { saison: season },
  })),
  teamSquad: pages('teamSquad', SquadResponse, ({ id, season }: Id & Season) => ({
    params: { id },
    query: { saison: season },
  })),
  teamSimilar: pages('teamSimilar', SimilarTeamsResponse, ({ id }: Id) => ({ params: { id }, query: {} })),
  teamHeadToHead: one(
    'teamHeadToHead',
    HeadToHeadResponse,
    ({ id, otherId, season }: Id & { otherId: string } & Season) => ({
      params: { id, otherId },
      query: { saison: season },
    }),
  ),

  coaches: pages(
    'coaches',
    CoachesResponse,
    (a: { name?: string | undefined; league?: string | undefined }) => ({
      query: { q: a.name, league: a.league },
    }),
  ),
  coach: one('coach', CoachResponse, ({ id }: Id) => ({ params: { id } })),
  coachCareer: all('coachCareer', CoachCareerResponse, ({ id }: Id) => ({ params: { id } })),
  coachTactics: one('coachTactics', TacticalProfileResponse, ({ id }: Id) => ({ params: { id } })),
} as const satisfies { [N in RouteName]: { route: N } };

export type EndpointName = keyof typeof ENDPOINTS;
