// Ids as numbers and numbers as strings. player_id, team_id and coach_id become JSON numbers (the
// base-36 characters after their one-letter prefix, read as one number < 2^53) and are decoded back
// from paths and JSON bodies, sent as numbers or strings of digits. Every other number becomes a
// string ("24", "81.2"); a league `level` becomes a number (top 1, second 2, third 3; youth and cup
// stay words). service_id keeps its `ds_` form, fixed by the spec.
import type { Dialect, DialectRequest, Json } from './dialect.js';
import { isRecord } from './dialect.js';

interface IdKind {
  readonly prefix: string;
  readonly width: number;
}

const PLAYER: IdKind = { prefix: 'p', width: 10 };
const TEAM: IdKind = { prefix: 't', width: 7 };
const COACH: IdKind = { prefix: 'c', width: 7 };
const ID_FIELDS: Readonly<Record<string, IdKind>> = { player_id: PLAYER, team_id: TEAM, coach_id: COACH };

const LEVELS: Readonly<Record<string, number>> = { top: 1, second: 2, third: 3, fourth: 4 };
const LEVEL_NAMES = new Map(Object.entries(LEVELS).map(([name, n]) => [String(n), name]));
const LEVEL_FIELDS = new Set(['level', 'league_level']);

export function encodeId(kind: IdKind, id: string): number | undefined {
  const rest = id.slice(kind.prefix.length);
  if (!id.startsWith(kind.prefix) || rest.length !== kind.width || !/^[0-9a-z]+$/.test(rest))
    return undefined;
  return Number.parseInt(rest, 36);
}

/** A number, or a string of digits, back to the id it encodes; anything else as it came (as text). */
export function decodeId(kind: IdKind, value: unknown): unknown {
  const digits =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (digits === undefined || !/^\d{1,16}$/.test(digits)) return value;
  const n = Number(digits);
  const rest = n.toString(36);
  if (!Number.isSafeInteger(n) || rest.length > kind.width) return digits;
  return kind.prefix + rest.padStart(kind.width, '0');
}

function encode(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => encode(v));
  if (isRecord(value)) {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = encode(v, k);
    return out;
  }
  const kind = ID_FIELDS[key];
  if (kind && typeof value === 'string') return encodeId(kind, value) ?? value;
  if (LEVEL_FIELDS.has(key) && typeof value === 'string') return LEVELS[value] ?? value;
  if (typeof value === 'number') return String(value);
  return value;
}

/** Which path parameter holds which kind of id, by route. */
function pathKinds(route: string): Readonly<Record<string, IdKind>> {
  if (route.startsWith('/v1/players/:id')) return { id: PLAYER };
  if (route.startsWith('/v1/teams/:id')) return { id: TEAM, otherId: TEAM };
  if (route.startsWith('/v1/coaches/:id')) return { id: COACH };
  return {};
}

function playerIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => decodeId(PLAYER, v));
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => String(decodeId(PLAYER, v)))
      .join(',');
  return decodeId(PLAYER, value);
}

function decodeBody(body: Readonly<Json>): Json {
  const out: Json = { ...body };
  if ('player_ids' in out) out.player_ids = playerIds(out.player_ids);
  if ('club' in out) out.club = decodeId(TEAM, out.club);
  if (Array.isArray(out.players)) {
    out.players = out.players.map((item) =>
      isRecord(item) && 'player_id' in item ? { ...item, player_id: decodeId(PLAYER, item.player_id) } : item,
    );
  }
  return out;
}

export const numeric: Dialect = {
  name: 'numeric',
  summary:
    'player_id, team_id and coach_id as numbers (decoded back from paths and bodies); other numbers as strings; league level as a number',
  request(req: DialectRequest) {
    const params: Record<string, string> = { ...req.params };
    for (const [name, kind] of Object.entries(pathKinds(req.route))) {
      const given = params[name];
      if (given !== undefined) params[name] = String(decodeId(kind, given));
    }
    const query = new URLSearchParams(req.query);
    const ids = query.get('player_ids');
    if (ids !== null) query.set('player_ids', String(playerIds(ids)));
    const club = query.get('club');
    if (club !== null) query.set('club', String(decodeId(TEAM, club)));
    const level = query.get('level');
    if (level !== null) query.set('level', LEVEL_NAMES.get(level.trim()) ?? level);
    return { ...req, params, query, body: decodeBody(req.body) };
  },
  response: (body) => encode(body),
};
