// Ids as numbers, both ways: player_id, team_id and coach_id sent as numbers (the base-36 characters
// after their one-letter prefix, read as one number < 2^53), and decoded back from the paths, query
// and JSON bodies a client sends, as numbers or strings of digits (an id in the sandbox's own form
// passes as it is). The `numeric` dialect's ids and the `ids` style piece's.
import type { DialectRequest, Json } from './dialects/dialect.js';
import { isRecord } from './dialects/dialect.js';

export interface IdKind {
  readonly prefix: string;
  readonly width: number;
}

export const PLAYER: IdKind = { prefix: 'p', width: 10 };
export const TEAM: IdKind = { prefix: 't', width: 7 };
export const COACH: IdKind = { prefix: 'c', width: 7 };
export const ID_FIELDS: Readonly<Record<string, IdKind>> = {
  player_id: PLAYER,
  team_id: TEAM,
  coach_id: COACH,
};

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

/** The id kind of a field of an answer, by its name, among `kinds` (all three when not given). */
export type IdFields = Readonly<Record<string, IdKind>>;

/**
 * Every id of `kinds` in an answer as a number, or as a string of its digits when `asText`; the rest
 * as `other` makes it (as it is by default).
 */
export function encodeIds(
  value: unknown,
  kinds: IdFields = ID_FIELDS,
  asText = false,
  other: (value: unknown, key: string) => unknown = (v) => v,
  key = '',
): unknown {
  if (Array.isArray(value)) return value.map((v) => encodeIds(v, kinds, asText, other));
  if (isRecord(value)) {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeIds(v, kinds, asText, other, k);
    return out;
  }
  const kind = kinds[key];
  if (kind && typeof value === 'string') {
    const n = encodeId(kind, value);
    return n === undefined ? value : asText ? String(n) : n;
  }
  return other(value, key);
}

/** Which path parameter holds which kind of id, by route. */
function pathKinds(route: string): IdFields {
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

/** A request with the ids a client sent in their numeric form back in the sandbox's own. */
export function decodeIdsIn(req: DialectRequest): DialectRequest {
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
  return { ...req, params, query, body: decodeBody(req.body) };
}
