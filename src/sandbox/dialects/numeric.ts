// Ids as numbers and numbers as strings. player_id, team_id and coach_id become JSON numbers, decoded
// back from paths and JSON bodies (numeric-ids.ts). Every other number becomes a string ("24",
// "81.2"); a league `level` becomes a number (top 1, second 2, third 3; youth and cup stay words).
// service_id keeps its `ds_` form, fixed by the spec.

import { decodeIdsIn, encodeIds, ID_FIELDS } from '../numeric-ids.js';
import type { Dialect, DialectRequest } from './dialect.js';

const LEVELS: Readonly<Record<string, number>> = { top: 1, second: 2, third: 3, fourth: 4 };
const LEVEL_NAMES = new Map(Object.entries(LEVELS).map(([name, n]) => [String(n), name]));
const LEVEL_FIELDS = new Set(['level', 'league_level']);

function other(value: unknown, key: string): unknown {
  if (LEVEL_FIELDS.has(key) && typeof value === 'string') return LEVELS[value] ?? value;
  if (typeof value === 'number') return String(value);
  return value;
}

export const numeric: Dialect = {
  name: 'numeric',
  summary:
    'player_id, team_id and coach_id as numbers (decoded back from paths and bodies); other numbers as strings; league level as a number',
  request(req: DialectRequest) {
    const decoded = decodeIdsIn(req);
    const level = decoded.query.get('level');
    if (level !== null) decoded.query.set('level', LEVEL_NAMES.get(level.trim()) ?? level);
    return decoded;
  },
  response: (body) => encodeIds(body, ID_FIELDS, false, other),
};
