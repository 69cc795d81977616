// The plan of probes: for every route of the route table, in the order they run, the request that
// checks it and the ids it needs, and which ids its answer gives to the probes after it. A route is
// read with the schema of its declaration (src/api/endpoints.ts), the one the tools read it with, so
// "readable" means readable by the server.
import type { CallOptions } from '../api/client.js';
import { parseEnumRoles, readEnumRoles } from '../api/enums.js';
import type { RouteName } from '../api/routes.js';
import { ROLE_KEYS } from '../domain/roles.js';

/** The values probes take from earlier answers. */
export interface Ids {
  league?: string;
  role?: string;
  player?: string;
  otherPlayer?: string;
  service?: string;
  name?: string;
  club?: string;
  team?: string;
  otherTeam?: string;
  coach?: string;
  statistic?: string;
  otherStatistic?: string;
}
export type IdName = keyof Ids;

/** What each id is, for "skipped: needs …". */
export const ID_LABELS: Record<IdName, string> = {
  league: 'a league name (from leagues)',
  role: 'a role key (from enums, else the spec)',
  player: 'a player_id (from any player rows: rankings, scouting, search, history, squad…)',
  otherPlayer: 'a second player_id (from any player rows: rankings, scouting, search, history, squad…)',
  service: 'a service_id (from any player rows)',
  name: 'a player name (from rankings or scouting)',
  club: 'a club name (from rankings or scouting)',
  team: 'a team_id (from teams)',
  otherTeam: 'a second team_id (from teams)',
  coach: 'a coach_id (from coaches or teams)',
  statistic: 'a statistic key (from glossary)',
  otherStatistic: 'a second statistic key (from glossary)',
};

export interface Probe<N extends RouteName = RouteName> {
  /** Ids without which the request cannot be written: the probe is skipped. */
  needs: readonly IdName[];
  request: (ids: Ids) => Omit<CallOptions<N>, 'signal' | 'fresh'>;
  /** Ids this answer gives to later probes; only ids not known yet are taken. */
  provides?: (data: unknown) => Ids;
  /** A reading the schema accepts but the server could not use: the reason, else undefined. */
  check?: (data: unknown) => string | undefined;
}

/** Rows asked of list routes: enough for two ids, cheap to send. */
const LIMIT = 10;

const rowsOf = (data: unknown): Record<string, unknown>[] => {
  const rows = (data as { data?: unknown })?.data;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Two distinct values of `pick` over `rows`. */
function two(rows: Record<string, unknown>[], pick: (row: Record<string, unknown>) => unknown) {
  const values = [...new Set(rows.map((r) => text(pick(r))).filter((v): v is string => v !== undefined))];
  return [values[0], values[1]] as const;
}

/** Player ids from a list of player rows (rankings, scouting). */
function playerIds(data: unknown): Ids {
  const rows = rowsOf(data);
  const [player, otherPlayer] = two(rows, (r) => r.player_id ?? r.service_id);
  const first = rows.find((r) => text(r.player_id ?? r.service_id) === player);
  return {
    player,
    otherPlayer,
    service: rows.map((r) => text(r.service_id)).find(Boolean),
    name: text(first?.name),
    club: text(first?.club),
  };
}

const player = (ids: Ids) => ({ id: ids.player as string });
const team = (ids: Ids) => ({ id: ids.team as string });
const coach = (ids: Ids) => ({ id: ids.coach as string });
const playerRoute = <N extends RouteName>(query: Record<string, number> = {}): Probe<N> => ({
  needs: ['player'],
  request: (ids) => ({ params: player(ids) as CallOptions<N>['params'], query }),
});

/**
 * Every route, in the order the probes run (ids flow downwards). The mapped type makes a route added
 * to src/api/routes.ts a compile error here until it has its probe.
 */
export const PROBES: { [N in RouteName]: Probe<N> } = {
  leagues: {
    needs: [],
    request: () => ({}),
    provides: (data) => {
      const rows = rowsOf(data);
      // A domestic league rather than a cup: every route accepts it.
      const league = rows.find((r) => r.type !== 'cup' && r.level !== 'cup') ?? rows[0];
      return { league: text(league?.name) };
    },
  },
  enums: {
    needs: [],
    request: () => ({}),
    provides: (data) => {
      const keys = parseEnumRoles(data).map((r) => r.key);
      // A documented key the API lists, else the first it lists.
      return { role: keys.find((k) => (ROLE_KEYS as readonly string[]).includes(k)) ?? keys[0] };
    },
    check: (data) => (readEnumRoles(data).listed ? undefined : 'no list of roles found in the answer'),
  },
  glossary: {
    needs: [],
    request: () => ({}),
    provides: (data) => {
      const rows = rowsOf(data).filter((e) => e.kind == null || e.kind === 'statistic');
      const [statistic, otherStatistic] = two(rows, (e) => e.key);
      return { statistic, otherStatistic };
    },
  },
  profile: { needs: [], request: () => ({}) },
  seasons: { needs: [], request: () => ({}) },
  rankings: {
    needs: ['role'],
    request: (ids) => ({ query: { role: ids.role, league: ids.league, limit: LIMIT } }),
    provides: playerIds,
  },
  scouting: {
    needs: ['role'],
    // Only the documented body fields: the league filter of scouting is itself assumed.
    request: (ids) => ({ body: { roles: [ids.role], limit: LIMIT } }),
    provides: playerIds,
  },
  resolveBatch: {
    needs: ['player'],
    request: (ids) => ({
      body: {
        players: [{ player_id: ids.player }, ...(ids.name ? [{ name: ids.name, club: ids.club }] : [])],
      },
    }),
  },
  playerHistory: {
    needs: ['player'],
    request: (ids) => ({ params: player(ids) }),
  },
  compare: {
    needs: ['player', 'otherPlayer'],
    request: (ids) => ({ body: { player_ids: [ids.player, ids.otherPlayer] } }),
  },
  fitScore: {
    needs: ['player'],
    request: (ids) => ({ body: { player_ids: [ids.player] } }),
  },
  player: playerRoute(),
  playerStatistics: playerRoute(),
  playerRoles: playerRoute(),
  playerStrengths: playerRoute(),
  playerMarketValue: playerRoute(),
  playerProjections: playerRoute(),
  playerSimilar: playerRoute({ limit: LIMIT }),
  playerSearch: {
    needs: ['name'],
    request: (ids) => ({ query: { q: ids.name, limit: LIMIT } }),
  },
  teams: {
    needs: [],
    request: (ids) => ({ query: { league: ids.league, limit: LIMIT } }),
    provides: (data) => {
      const rows = rowsOf(data);
      const [team, otherTeam] = two(rows, (t) => t.team_id);
      const coach = rows.map((t) => (t.coach as { coach_id?: unknown } | null)?.coach_id).find(text);
      return { team, otherTeam, coach: text(coach) };
    },
  },
  team: { needs: ['team'], request: (ids) => ({ params: team(ids) }) },
  teamSquad: { needs: ['team'], request: (ids) => ({ params: team(ids) }) },
  teamSimilar: {
    needs: ['team'],
    request: (ids) => ({ params: team(ids), query: { limit: LIMIT } }),
  },
  teamHeadToHead: {
    needs: ['team', 'otherTeam'],
    request: (ids) => ({ params: { id: ids.team as string, otherId: ids.otherTeam as string } }),
  },
  coaches: {
    needs: [],
    request: (ids) => ({ query: { league: ids.league, limit: LIMIT } }),
    provides: (data) => ({ coach: two(rowsOf(data), (c) => c.coach_id)[0] }),
  },
  coach: { needs: ['coach'], request: (ids) => ({ params: coach(ids) }) },
  coachCareer: { needs: ['coach'], request: (ids) => ({ params: coach(ids) }) },
  coachTactics: {
    needs: ['coach'],
    request: (ids) => ({ params: coach(ids) }),
  },
  statisticRankings: {
    needs: ['statistic'],
    request: (ids) => ({ query: { statistic: ids.statistic, league: ids.league, limit: LIMIT } }),
  },
  comparisonGroup: {
    needs: ['statistic', 'otherStatistic'],
    request: (ids) => ({
      query: { x: ids.statistic, y: ids.otherStatistic, league: ids.league, limit: LIMIT },
    }),
  },
  savedIndices: { needs: [], request: () => ({}) },
  savedPresets: { needs: [], request: () => ({}) },
};

/** The routes in the order their probes run. */
export const PROBE_ORDER = Object.keys(PROBES) as RouteName[];
