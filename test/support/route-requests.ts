// One request for every route of the client's table, with ids taken from the sandbox's own answers,
// and the schema the tools read each route with: for tests that walk every route. Both come from the one
// declaration per route (src/api/endpoints.ts): its schema, and its request made from arguments in our
// words, so a new route is typed in here by the compiler, and sent as the client sends it.
import type { z } from 'zod';
import { ENDPOINTS } from '../../src/api/endpoints.js';
import { buildPath } from '../../src/api/path.js';
import { ROUTES, type RouteDef, type RouteName } from '../../src/api/routes.js';

type Endpoints = typeof ENDPOINTS;

/** The schema the tools read each route's answer with: its declaration's. */
export const ROUTE_SCHEMAS = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, declared]) => [name, declared.schema]),
) as { [N in RouteName]: Endpoints[N]['schema'] & z.ZodType };

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

/** A declaration's arguments: a batch's items and arguments, else the arguments of its request. */
type ArgsOf<D> = D extends { read: 'items'; body: (items: readonly (infer W)[], args: infer A) => unknown }
  ? { items: W[]; args: A }
  : D extends { request: (args: infer A) => unknown }
    ? A
    : never;

/** One typical request to each route in our words; `limit` is what a list read sends beside them. */
const TYPICAL: {
  [N in RouteName]: (ids: RouteIds) => { args: ArgsOf<Endpoints[N]>; limit?: number };
} = {
  leagues: () => ({ args: {} }),
  enums: () => ({ args: {} }),
  seasons: () => ({ args: {} }),
  glossary: () => ({ args: {} }),
  profile: () => ({ args: {} }),
  savedIndices: () => ({ args: {} }),
  savedPresets: () => ({ args: {} }),
  rankings: () => ({ args: { role: 'faux_9', league: 'Ligue 1' }, limit: 5 }),
  statisticRankings: () => ({ args: { statistic: 'progressive_passes', league: 'Bundesliga' }, limit: 5 }),
  comparisonGroup: () => ({ args: { x: 'xg', y: 'xa', league: 'Ligue 1' } }),
  scouting: () => ({
    args: { roles: ['mezzala', 'milieu_box_to_box'], ageMax: 25, league: 'Serie A' },
    limit: 5,
  }),
  playerSearch: (ids) => ({ args: { name: ids.name } }),
  resolveBatch: (ids) => ({
    args: { items: [{ player_id: ids.player }, { name: ids.name, club: ids.club }], args: {} },
  }),
  player: (ids) => ({ args: { id: ids.player } }),
  playerHistory: (ids) => ({ args: { id: ids.player } }),
  playerStatistics: (ids) => ({ args: { id: ids.player } }),
  playerRoles: (ids) => ({ args: { id: ids.player } }),
  playerStrengths: (ids) => ({ args: { id: ids.player } }),
  playerMarketValue: (ids) => ({ args: { id: ids.player } }),
  playerProjections: (ids) => ({ args: { id: ids.player } }),
  playerSimilar: (ids) => ({ args: { id: ids.player } }),
  compare: (ids) => ({ args: { ids: [ids.player, ids.service] } }),
  fitScore: (ids) => ({ args: { items: [ids.player], args: { club: ids.club } } }),
  teams: () => ({ args: { league: 'Ligue 1' } }),
  team: (ids) => ({ args: { id: ids.team } }),
  teamSquad: (ids) => ({ args: { id: ids.team } }),
  teamSimilar: (ids) => ({ args: { id: ids.team } }),
  teamHeadToHead: (ids) => ({ args: { id: ids.team, otherId: ids.otherTeam } }),
  coaches: () => ({ args: { league: 'Ligue 1' } }),
  coach: (ids) => ({ args: { id: ids.coach } }),
  coachCareer: (ids) => ({ args: { id: ids.coach } }),
  coachTactics: (ids) => ({ args: { id: ids.coach } }),
};

type Wire = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
type AnyDecl =
  | { read: 'items'; body: (items: readonly unknown[], args: unknown) => unknown }
  | { read: 'one' | 'pages' | 'all'; request: (args: unknown) => Wire };

/** A query as the client sends it: no empty values, lists joined by commas. */
function search(query: Record<string, unknown>): string | undefined {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? undefined : text;
}

/** The path (ids filled in), query and body of one typical request to `name`, made by its declaration. */
export function routeRequest(
  name: RouteName,
  ids: RouteIds,
): { path: string; query?: string; body?: unknown } {
  const declared = ENDPOINTS[name] as AnyDecl;
  const { args, limit } = TYPICAL[name](ids) as { args: unknown; limit?: number };
  const wire: Wire =
    declared.read === 'items'
      ? { body: declared.body((args as { items: unknown[] }).items, (args as { args: unknown }).args) }
      : declared.request(args);
  const route: RouteDef = ROUTES[name];
  const path = buildPath(route.path, wire.params);
  const withLimit = <T extends object>(part: T | undefined) =>
    limit === undefined ? part : { ...part, limit };
  const query = search({ ...route.query, ...(route.method === 'GET' ? withLimit(wire.query) : wire.query) });
  const body = route.method === 'POST' ? withLimit(wire.body as object | undefined) : undefined;
  return { path, ...(query === undefined ? {} : { query }), ...(body === undefined ? {} : { body }) };
}
