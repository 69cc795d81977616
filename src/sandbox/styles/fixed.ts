// What the spec fixes in an answer, so no piece of a style ever changes it: the top-level `data` of a
// list, `player_id`, `service_id` and `deprecated_key` wherever they are, and a ranking entry's `rank`,
// `name`, `club`, `age` and `score` (anywhere below the top of a ranking's answer, so that an entry
// written as a resource object keeps them too). Also left alone: map keys that are
// data (statistic names in `statistics`, a team's `style`) and echoes of what the client sent.
import { ECHOES, isRecord } from '../dialects/dialect.js';

export const FIXED_ANYWHERE: ReadonlySet<string> = new Set(['player_id', 'service_id', 'deprecated_key']);
export const RANKING_ENTRY: ReadonlySet<string> = new Set(['rank', 'name', 'club', 'age', 'score']);
export const RANKING_ROUTES: ReadonlySet<string> = new Set(['/v1/rankings', '/v1/rankings/statistics']);

/** Objects whose keys are data, not field names. */
const DATA_MAPS = new Set(['statistics', 'style']);

/** Where an object sits in an answer, for a walker to know which of its keys it may touch. */
export interface Place {
  readonly route: string;
  /** The object is the answer itself. */
  readonly top: boolean;
  /** The object is in a ranking's answer, below the top: an entry or a part of one. */
  readonly entry: boolean;
}

/** Whether a key of the object at `place` is fixed by the spec (never renamed, moved or reshaped). */
export function isFixed(key: string, place: Place): boolean {
  return FIXED_ANYWHERE.has(key) || (place.top && key === 'data') || (place.entry && RANKING_ENTRY.has(key));
}

/** A value under `key` that is data as a whole (an echo, a map keyed by data): copied as it is. */
export const isDataValue = (key: string, value: unknown) =>
  ECHOES.has(key) || (DATA_MAPS.has(key) && isRecord(value));

/**
 * Rewrites every object of an answer, depth first, children before their parent; `visit` gets the
 * object (its children already rewritten) and its place. Echoes and data maps are left as they are.
 */
export function eachObject(
  body: unknown,
  route: string,
  visit: (obj: Record<string, unknown>, place: Place) => Record<string, unknown>,
): unknown {
  const walk = (value: unknown, place: Place): unknown => {
    if (Array.isArray(value))
      return value.map((v) => walk(v, { route, top: false, entry: RANKING_ROUTES.has(route) }));
    if (!isRecord(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (isDataValue(key, v)) out[key] = v;
      // In a ranking every object is (part of) an entry: written as resource objects, an entry keeps its
      // fields in `attributes` and its player's and club's in `included`, under names a piece may change.
      else out[key] = walk(v, { route, top: false, entry: RANKING_ROUTES.has(route) });
    }
    return visit(out, place);
  };
  return walk(body, { route, top: true, entry: false });
}

/**
 * Rewrites every value of every object of an answer (eachObject) as `shown(key, value)` says, and, with
 * `statistics`, every value of a statistics map too (a data map eachObject leaves as it is).
 */
export function eachValue(
  body: unknown,
  route: string,
  shown: (key: string, value: unknown) => unknown,
  statistics = false,
): unknown {
  return eachObject(body, route, (obj) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj))
      out[key] =
        key === 'statistics' && statistics && isRecord(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shown(k, v)]))
          : shown(key, value);
    return out;
  });
}
