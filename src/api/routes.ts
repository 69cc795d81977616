// THE table of upstream routes. Every request the client sends goes through one of these entries.
//
// `status` says how much of the route the spec (../shared/api-spec.md) gives:
//   documented  the spec gives the method and path;
//   assumed     the spec names the capability only; method, path or parameters are our best guess
//               (see `note`). The README lists both kinds.
// `cache` picks the TTL: reference data changes rarely, computed data weekly, account data often.

export type CacheKind = 'reference' | 'computed' | 'account';
export type RouteStatus = 'documented' | 'assumed';
export type HttpMethod = 'GET' | 'POST';

export interface RouteDef {
  readonly method: HttpMethod;
  /** Path template; `:name` segments are filled through `buildPath`, always encoded. */
  readonly path: string;
  readonly status: RouteStatus;
  readonly cache: CacheKind;
  readonly summary: string;
  readonly note?: string;
  /** Fixed query parameters sent with every request of the route (set by a routes file). */
  readonly query?: Readonly<Record<string, string>>;
}

export const ROUTES = {
  leagues: {
    method: 'GET',
    path: '/v1/leagues',
    status: 'documented',
    cache: 'reference',
    summary: 'leagues accessible with the calling key',
  },
  enums: {
    method: 'GET',
    path: '/v1/enums',
    status: 'documented',
    cache: 'reference',
    summary: 'enumerated values; roles with deprecated_key for renamed ones',
    note: 'response shape not documented: parsed leniently',
  },
  rankings: {
    method: 'GET',
    path: '/v1/rankings',
    status: 'documented',
    cache: 'computed',
    summary: 'best players for a role (role, saison, league, limit)',
  },
  scouting: {
    method: 'POST',
    path: '/v1/scouting',
    status: 'documented',
    cache: 'computed',
    summary: 'multi-criteria search (saison, roles, ageMax, minutesMin, limit)',
    note: 'the league filter in the body is assumed (the spec says the full filter list is not shown)',
  },
  resolveBatch: {
    method: 'POST',
    path: '/v1/players/resolve-batch',
    status: 'documented',
    cache: 'computed',
    summary: 'service_id for each player of a list',
    note: 'request body {players: [{player_id} or {name, club?, saison?}]} assumed',
  },
  playerHistory: {
    method: 'GET',
    path: '/v1/players/:id/history',
    status: 'documented',
    cache: 'computed',
    summary: 'season-by-season correspondence of player_id and service_id',
  },
  compare: {
    method: 'POST',
    path: '/v1/compare',
    status: 'documented',
    cache: 'computed',
    summary: 'side-by-side comparison of players',
    note: 'spec lists POST or GET; POST with body {player_ids, saison?} assumed',
  },
  fitScore: {
    method: 'POST',
    path: '/v1/fit-score',
    status: 'documented',
    cache: 'computed',
    summary: 'player-to-club fit scores',
    note: 'spec lists POST or GET; POST with body {player_ids, club?} assumed',
  },
  player: {
    method: 'GET',
    path: '/v1/players/:id',
    status: 'assumed',
    cache: 'computed',
    summary: 'player record',
    note: 'spec documents /v1/players/:id/* only',
  },
  playerStatistics: {
    method: 'GET',
    path: '/v1/players/:id/statistics',
    status: 'assumed',
    cache: 'computed',
    summary: 'detailed statistics of a player row',
    note: 'sub-resource name assumed under the documented /v1/players/:id/*',
  },
  playerRoles: {
    method: 'GET',
    path: '/v1/players/:id/roles',
    status: 'assumed',
    cache: 'computed',
    summary: 'performance index for each of the 31 roles',
    note: 'sub-resource name assumed under the documented /v1/players/:id/*',
  },
  playerStrengths: {
    method: 'GET',
    path: '/v1/players/:id/strengths',
    status: 'assumed',
    cache: 'computed',
    summary: 'strengths and weaknesses',
    note: 'sub-resource name assumed under the documented /v1/players/:id/*',
  },
  playerMarketValue: {
    method: 'GET',
    path: '/v1/players/:id/market-value',
    status: 'assumed',
    cache: 'computed',
    summary: 'estimated market value',
    note: 'sub-resource name assumed under the documented /v1/players/:id/*',
  },
  playerProjections: {
    method: 'GET',
    path: '/v1/players/:id/projections',
    status: 'assumed',
    cache: 'computed',
    summary: 'projected performance in other leagues',
    note: 'sub-resource name assumed under the documented /v1/players/:id/*',
  },
  playerSimilar: {
    method: 'GET',
    path: '/v1/players/:id/similar',
    status: 'assumed',
    cache: 'computed',
    summary: 'similar profiles',
    note: 'sub-resource name assumed under the documented /v1/players/:id/*',
  },
  playerSearch: {
    method: 'GET',
    path: '/v1/players/search',
    status: 'assumed',
    cache: 'computed',
    summary: 'search players by name (q, league, club, saison, limit)',
  },
  profile: {
    method: 'GET',
    path: '/v1/me',
    status: 'assumed',
    cache: 'account',
    summary: 'identity, plan and leagues of the calling key',
  },
  seasons: {
    method: 'GET',
    path: '/v1/seasons',
    status: 'assumed',
    cache: 'reference',
    summary: 'seasons covered',
  },
  teams: {
    method: 'GET',
    path: '/v1/teams',
    status: 'assumed',
    cache: 'computed',
    summary: 'teams of a league or matching a name (league, saison, q, limit)',
  },
  team: {
    method: 'GET',
    path: '/v1/teams/:id',
    status: 'assumed',
    cache: 'computed',
    summary: 'team record',
  },
  teamSquad: {
    method: 'GET',
    path: '/v1/teams/:id/squad',
    status: 'assumed',
    cache: 'computed',
    summary: 'squad of a team for a season',
  },
  teamSimilar: {
    method: 'GET',
    path: '/v1/teams/:id/similar',
    status: 'assumed',
    cache: 'computed',
    summary: 'teams with a similar profile',
  },
  teamHeadToHead: {
    method: 'GET',
    path: '/v1/teams/:id/head-to-head/:otherId',
    status: 'assumed',
    cache: 'computed',
    summary: 'head-to-head comparison of two teams',
  },
  coaches: {
    method: 'GET',
    path: '/v1/coaches',
    status: 'assumed',
    cache: 'computed',
    summary: 'search coaches (q, league, limit)',
  },
  coach: {
    method: 'GET',
    path: '/v1/coaches/:id',
    status: 'assumed',
    cache: 'computed',
    summary: 'coach record',
  },
  coachCareer: {
    method: 'GET',
    path: '/v1/coaches/:id/career',
    status: 'assumed',
    cache: 'computed',
    summary: 'career of a coach',
  },
  coachTactics: {
    method: 'GET',
    path: '/v1/coaches/:id/tactical-profile',
    status: 'assumed',
    cache: 'computed',
    summary: 'tactical profile of a coach',
  },
  statisticRankings: {
    method: 'GET',
    path: '/v1/rankings/statistics',
    status: 'assumed',
    cache: 'computed',
    summary: 'best players by statistic (statistic, saison, league, limit)',
    note: 'the spec names ranking by statistic without its parameter',
  },
  glossary: {
    method: 'GET',
    path: '/v1/glossary',
    status: 'assumed',
    cache: 'reference',
    summary: 'machine-readable description of statistics and indices',
  },
  comparisonGroup: {
    method: 'GET',
    path: '/v1/comparison',
    status: 'assumed',
    cache: 'computed',
    summary: 'distribution of players over two crossed statistics (x, y, league, saison)',
  },
  savedIndices: {
    method: 'GET',
    path: '/v1/me/indices',
    status: 'assumed',
    cache: 'account',
    summary: 'indices saved in the caller account',
  },
  savedPresets: {
    method: 'GET',
    path: '/v1/me/presets',
    status: 'assumed',
    cache: 'account',
    summary: 'presets saved in the caller account',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** The routes the client uses: ROUTES, or ROUTES remapped by a routes file (route-overrides.ts). */
export type RouteTable = { readonly [N in RouteName]: RouteDef };

/** Names of the `:param` segments of a route's path, in order. */
export type PathParams<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<N extends RouteName> = Record<PathParams<(typeof ROUTES)[N]['path']>, string>;
