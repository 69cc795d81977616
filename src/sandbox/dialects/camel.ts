// Field names in camelCase and PascalCase, as many JSON APIs write them: `playerId`, `serviceId`,
// `fullName` for a player's name, `ClubName` for a club, `marketValueEur`, `projectedScore`, `fitScore`
// for a fit's score, and ranking entries all in PascalCase (`Rank`, `FullName`, `ClubName`, `Age`,
// `Score`). Kept as-is: `data` (the spec's), map keys that are data (statistic names in `statistics`,
// a team's `style`) and echoes of what the client sent (`query`, `parameters`).
import { type Dialect, ECHOES, isRecord, isStatisticsMap, type Json } from './dialect.js';

const RANKING_ROUTES = new Set(['/v1/rankings', '/v1/rankings/statistics']);
/** Maps keyed by data, not by field names. */
const DATA_MAPS = new Set(['style']);

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (key: string) => camel(key).replace(/^[a-z]/, (c) => c.toUpperCase());

/** A player row names its player `fullName`; a club is always `ClubName`; a fit's score `fitScore`. */
function renamed(key: string, row: Json, inFits: boolean): string {
  if (key === 'name' && ('player_id' in row || 'service_id' in row)) return 'fullName';
  if (key === 'club') return 'ClubName';
  if (key === 'score' && inFits) return 'fitScore';
  return camel(key);
}

function rename(value: unknown, pascalCase = false, inFits = false): unknown {
  if (Array.isArray(value)) return value.map((v) => rename(v, pascalCase, inFits));
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const name = renamed(key, value, inFits);
    const kept = ECHOES.has(key) || isStatisticsMap(key, v) || (DATA_MAPS.has(key) && isRecord(v));
    out[pascalCase ? pascal(name) : name] = kept ? v : rename(v, false, key === 'fits');
  }
  return out;
}

export const camelDialect: Dialect = {
  name: 'camel',
  summary:
    'field names in camelCase and PascalCase (playerId, fullName, ClubName, marketValueEur, fitScore; ranking entries all PascalCase)',
  response(body, req) {
    if (!isRecord(body)) return body;
    const out: Json = {};
    for (const [key, value] of Object.entries(body)) {
      const pascalRows = key === 'data' && RANKING_ROUTES.has(req.route);
      out[key === 'data' ? key : camel(key)] =
        pascalRows && Array.isArray(value) ? value.map((row) => rename(row, true)) : rename(value);
    }
    return out;
  },
};
