// Objects where a name was expected: `club`, `team`, `league` and `country` strings become
// `{id, name}` (the row's own team_id folded in where there is one, or that of the same club
// elsewhere in the answer, else a stable made-up id);
// compare, fit-score and resolve-batch rows carry their player as a nested object; statistics are
// grouped by family; the roles of /v1/enums are grouped by position family. League ids are
// accepted back wherever a `league` filter is.

import { fold } from '../../lib/fold.js';
import { COMPS } from '../data/leagues.js';
import { type Dialect, type DialectRequest, ECHOES, isRecord, type Json } from './dialect.js';

/** Lower-case ASCII words joined by `_`: "Ligue 1" → "ligue_1", "Nîmes" → "nimes". */
export const slug = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');

const leagueId = (name: string) => `lg_${slug(name)}`;
const LEAGUE_BY_ID = new Map(COMPS.map((c) => [leagueId(c.name), c.name]));

/** Statistic groups; a statistic in no group goes to `other`. Keys stay unique across groups. */
const GROUPS: Readonly<Record<string, readonly string[]>> = {
  attacking: ['goals', 'assists', 'xg', 'xa', 'shots', 'key_passes', 'touches_in_box'],
  passing: ['pass_completion_pct', 'progressive_passes', 'long_pass_completion_pct', 'crosses'],
  carrying: ['progressive_carries', 'successful_dribbles'],
  defending: [
    'tackles',
    'interceptions',
    'blocks',
    'clearances',
    'aerial_duels_won_pct',
    'pressures',
    'ball_recoveries',
  ],
  goalkeeping: ['saves_pct', 'goals_prevented', 'sweeper_actions'],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([g, keys]) => keys.map((k) => [k, g] as const)));

function grouped(stats: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(stats)) {
    const group = GROUP_OF.get(key) ?? 'other';
    out[group] ??= {};
    (out[group] as Json)[key] = value;
  }
  return out;
}

/** Club names beside a team_id anywhere in the answer, so a club named alone gets the same id. */
function teamIds(value: unknown, found = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) for (const v of value) teamIds(v, found);
  else if (isRecord(value)) {
    const name = typeof value.club === 'string' ? value.club : value.team;
    if (typeof name === 'string' && typeof value.team_id === 'string') found.set(name, value.team_id);
    for (const v of Object.values(value)) teamIds(v, found);
  }
  return found;
}

function nest(value: unknown, known: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => nest(v, known));
  if (!isRecord(value)) return value;
  const teamId = typeof value.team_id === 'string' ? value.team_id : undefined;
  let folded = false;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    // A name has letters: a head-to-head metric's `team` is the team's value, a number (as a string
    // once the `strings` piece wrote it so), no club.
    if ((key === 'club' || key === 'team') && typeof v === 'string' && /\p{L}/u.test(v)) {
      out[key] = { id: teamId ?? known.get(v) ?? `cl_${slug(v)}`, name: v };
      folded ||= teamId !== undefined;
    } else if (key === 'league' && typeof v === 'string') out[key] = { id: leagueId(v), name: v };
    else if (key === 'country' && typeof v === 'string') out[key] = { id: `ct_${slug(v)}`, name: v };
    else if (key === 'statistics' && isRecord(v)) out[key] = grouped(v);
    else out[key] = ECHOES.has(key) ? v : nest(v, known);
  }
  if (folded) delete out.team_id;
  return out;
}

/** Every club, team, league and country name of an answer as `{id, name}`, statistics grouped by family. */
export const nestObjects = (body: unknown): unknown => nest(body, teamIds(body));

const PLAYER = ['player_id', 'service_id', 'name', 'club'] as const;

/** `{player: {player_id, service_id, name, club}, …rest}`; `player: null` for a row that found none. */
function withPlayer(row: unknown): unknown {
  if (!isRecord(row)) return row;
  const player: Json = {};
  const rest: Json = {};
  for (const [key, v] of Object.entries(row)) {
    if ((PLAYER as readonly string[]).includes(key)) player[key] = v;
    else rest[key] = v;
  }
  const none = player.player_id === null && player.service_id === null && player.name === null;
  return { player: none ? null : player, ...rest };
}

const PLAYER_ROWS = new Set(['/v1/compare', '/v1/fit-score', '/v1/players/resolve-batch']);

function rolesByFamily(roles: unknown): unknown {
  if (!Array.isArray(roles)) return roles;
  const out: Record<string, Json[]> = {};
  for (const role of roles) {
    if (!isRecord(role)) continue;
    const { family, ...rest } = role;
    const group = `${String(family)}s`;
    out[group] ??= [];
    out[group].push(rest);
  }
  return out;
}

const leagueParam = (value: string) => LEAGUE_BY_ID.get(value.trim()) ?? value;

export const nested: Dialect = {
  name: 'nested',
  summary:
    'club, team, league and country as {id, name}; nested player in compare, fit and resolve rows; statistics and roles grouped',
  request(req: DialectRequest) {
    const league = req.query.get('league');
    const query = new URLSearchParams(req.query);
    if (league !== null) query.set('league', leagueParam(league));
    const body =
      typeof req.body.league === 'string' ? { ...req.body, league: leagueParam(req.body.league) } : req.body;
    return { ...req, query, body };
  },
  response(body, req) {
    if (!isRecord(body)) return body;
    if (req.route === '/v1/enums') return { ...body, roles: rolesByFamily(body.roles) };
    const out = nestObjects(body) as Json;
    if (PLAYER_ROWS.has(req.route) && Array.isArray(out.data)) out.data = out.data.map(withPlayer);
    return out;
  },
};
