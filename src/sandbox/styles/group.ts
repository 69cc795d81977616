// Some open fields of every object moved one level down, under a drawn name: `{name, details:
// {league, season, minutes}}`. The fields the spec fixes stay where they are.
import { eachObject, isFixed } from './fixed.js';
import type { Piece } from './piece.js';

/** Fields a style may group: common scalar fields of the answers. */
const GROUPABLE = [
  'league',
  'season',
  'position',
  'nationality',
  'country',
  'minutes',
  'appearances',
  'starts',
  'age',
  'team_id',
  'competition',
  'city',
  'level',
  'founded',
  'family',
  'definition',
  'unit',
  'similarity',
  'status',
  'value_eur',
  'market_value_eur',
  'performance_index',
  'primary_role',
  'birth_date',
  'total',
];

export const group: Piece = {
  name: 'group',
  chance: 0.3,
  make(draw) {
    const under = draw.pick(['details', 'profile', 'info', 'extra', 'context']);
    const moved = new Set(draw.some(GROUPABLE, 0.35));
    return {
      describe: `${[...moved].join(', ')} moved under "${under}"`,
      response: (body, req) =>
        eachObject(body, req.route, (obj, place) => {
          if (under in obj) return obj;
          const out: Record<string, unknown> = {};
          const inner: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(obj)) {
            if (moved.has(key) && !isFixed(key, place)) inner[key] = value;
            else out[key] = value;
          }
          if (Object.keys(inner).length > 0) out[under] = inner;
          return out;
        }),
    };
  },
};
