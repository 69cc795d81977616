// Objects inside records flattened into their parent, as a table export or pandas' `json_normalize`
// writes them: `{club: {id, name}}` becomes `{"club.id", "club.name"}`, a group `{details: {minutes}}`
// becomes `"details.minutes"`, at any depth; lists stay lists. By a draw the statistics map is flattened
// too (`"statistics.xg_per90"`: the statistic's name kept after the prefix). The answer's own envelope
// (`data`, `meta`, `links`), a resource object's structure and what the spec fixes stay as they are.
// `flatten` writes a dot between the names; `underscored` a `_`, as many exports do: a name then no
// longer says where it was (`club_id` may be the club's member or the row's own), and a reader must tell
// by what the field reads (src/api/reader/flattened.ts).
import { isRecord } from '../dialects/dialect.js';
import type { Draw } from './draw.js';
import { isDataValue, isFixed, type Place, RANKING_ROUTES } from './fixed.js';
import type { Layer, Piece } from './piece.js';

/** Members left whole: an envelope's paging and links, a resource object's relationships. */
const LEFT_WHOLE = new Set(['meta', 'links', 'embedded', 'relationships']);
/** Members walked into but never flattened themselves: the envelope's data, a resource object's parts. */
const NEVER_FLAT = new Set(['data', 'included', 'attributes']);
/** A structural name in any case another piece wrote it in (`ATTRIBUTES`, `_links`). */
const structural = (key: string) => key.replace(/[^A-Za-z]/g, '').toLowerCase();
/** A data map or an echo in whatever case a piece before wrote its name (`Statistics`). */
const dataValue = (key: string, value: unknown) =>
  isDataValue(key, value) || isDataValue(key.toLowerCase(), value);

export const flatten = flattening('flatten', '.', 0.25);
export const underscored = flattening('underscored', '_', 0.15);

function flattening(name: string, separator: '.' | '_', chance: number): Piece {
  return { name, chance, make: (draw) => flattened(draw, separator) };
}

function flattened(draw: Draw, separator: '.' | '_'): Layer {
  const statistics = draw.chance(0.5);
  const flatMap = (key: string, value: unknown) =>
    statistics &&
    key.toLowerCase() === 'statistics' &&
    isRecord(value) &&
    Object.values(value).every((v) => !isRecord(v));
  // With `_`, a map of groups (statistics by family, under a name another piece changed) is left whole:
  // `attacking_goals` would be a statistic's name of its own, which the reader shows as the API wrote it.
  const groupsOnly = (value: unknown) =>
    separator === '_' &&
    isRecord(value) &&
    Object.keys(value).length > 0 &&
    Object.values(value).every(isRecord);
  const walk = (value: unknown, place: Place): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, { ...place, top: false }));
    if (!isRecord(value)) return value;
    const inner: Place = { ...place, top: false };
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const kept =
        LEFT_WHOLE.has(structural(key)) || (dataValue(key, v) && !flatMap(key, v)) || groupsOnly(v)
          ? v
          : walk(v, inner);
      const flat =
        !place.top &&
        isRecord(kept) &&
        Object.keys(kept).length > 0 &&
        !LEFT_WHOLE.has(structural(key)) &&
        !NEVER_FLAT.has(structural(key)) &&
        !isFixed(key, place) &&
        !groupsOnly(v) &&
        (!dataValue(key, v) || flatMap(key, v)) &&
        // A name the object holds already (`"club.id"` beside `club: {id}`) is not written over.
        // Nor one an earlier object was flattened into (`a_b: {c}` beside `a: {b_c}`).
        Object.keys(kept).every((member) => {
          const flatName = `${key}${separator}${member}`;
          return !(flatName in value) && !(flatName in out);
        });
      if (!flat) {
        out[key] = kept;
        continue;
      }
      for (const [member, m] of Object.entries(kept)) out[`${key}${separator}${member}`] = m;
    }
    return out;
  };
  return {
    describe: `objects in records flattened into "parent${separator}child" names${statistics ? ', the statistics map too' : ''}`,
    response: (body, req) =>
      walk(body, { route: req.route, top: true, entry: RANKING_ROUTES.has(req.route) }),
  };
}
