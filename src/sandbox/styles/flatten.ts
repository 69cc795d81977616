// Objects inside records flattened into their parent, as a table export or pandas' `json_normalize`
// writes them: `{club: {id, name}}` becomes `{"club.id", "club.name"}`, a group `{details: {minutes}}`
// becomes `"details.minutes"`, at any depth; lists stay lists. By a draw the statistics map is flattened
// too (`"statistics.xg_per90"`: the statistic's name kept after the prefix). The answer's own envelope
// (`data`, `meta`, `links`), a resource object's structure and what the spec fixes stay as they are.
// Only with a dot: flattened with `_`, a name no longer says where it was (`club_id`, once an object's
// member, reads as the club's own id), which no transformation that keeps the spec's meaning may do.
import { isRecord } from '../dialects/dialect.js';
import { isDataValue, isFixed, type Place, RANKING_ROUTES } from './fixed.js';
import type { Piece } from './piece.js';

/** Members left whole: an envelope's paging and links, a resource object's relationships. */
const LEFT_WHOLE = new Set(['meta', 'links', 'embedded', 'relationships']);
/** Members walked into but never flattened themselves: the envelope's data, a resource object's parts. */
const NEVER_FLAT = new Set(['data', 'included', 'attributes']);
/** A structural name in any case another piece wrote it in (`ATTRIBUTES`, `_links`). */
const structural = (key: string) => key.replace(/[^A-Za-z]/g, '').toLowerCase();

export const flatten: Piece = {
  name: 'flatten',
  chance: 0.25,
  make(draw) {
    const statistics = draw.chance(0.5);
    const flatMap = (key: string, value: unknown) =>
      statistics &&
      key === 'statistics' &&
      isRecord(value) &&
      Object.values(value).every((v) => !isRecord(v));
    const walk = (value: unknown, place: Place): unknown => {
      if (Array.isArray(value)) return value.map((v) => walk(v, { ...place, top: false }));
      if (!isRecord(value)) return value;
      const inner: Place = { ...place, top: false };
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) {
        const kept =
          LEFT_WHOLE.has(structural(key)) || (isDataValue(key, v) && !flatMap(key, v)) ? v : walk(v, inner);
        const flat =
          !place.top &&
          isRecord(kept) &&
          Object.keys(kept).length > 0 &&
          !LEFT_WHOLE.has(structural(key)) &&
          !NEVER_FLAT.has(structural(key)) &&
          !isFixed(key, place) &&
          (!isDataValue(key, v) || flatMap(key, v)) &&
          // A name the object holds already (`"club.id"` beside `club: {id}`) is not written over.
          Object.keys(kept).every((member) => !(`${key}.${member}` in value));
        if (!flat) {
          out[key] = kept;
          continue;
        }
        for (const [member, m] of Object.entries(kept)) out[`${key}.${member}`] = m;
      }
      return out;
    };
    return {
      describe: `objects in records flattened into "parent.child" names${statistics ? ', the statistics map too' : ''}`,
      response: (body, req) =>
        walk(body, { route: req.route, top: true, entry: RANKING_ROUTES.has(req.route) }),
    };
  },
};
