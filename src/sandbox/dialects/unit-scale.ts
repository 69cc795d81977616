// Scores on a 0–1 scale: every score, index and fit the standard answer gives on 0–100 (ranking and
// role scores, fit scores, performance_index, projected and current scores and their delta, team
// rating) is given divided by 100, to 3 decimals (87.5 → 0.875); similarity is on 0–1 already. A
// statistic ranking's `score` is the statistic's value, not a score: it stays as it is. Percentiles
// stay 0–100.
import { type Dialect, ECHOES, isRecord, isStatisticsMap, type Json } from './dialect.js';

const SCALED = new Set(['score', 'performance_index', 'projected_score', 'current_score', 'delta', 'rating']);
const STATISTIC_RANKING = '/v1/rankings/statistics';

export const toUnit = (value: number) => Number((value / 100).toFixed(3));

function scale(value: unknown, skip: ReadonlySet<string>, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => scale(v, skip, key));
  if (isRecord(value)) {
    const out: Json = {};
    for (const [k, v] of Object.entries(value))
      out[k] = ECHOES.has(k) || isStatisticsMap(k, v) ? v : scale(v, skip, k);
    return out;
  }
  return typeof value === 'number' && SCALED.has(key) && !skip.has(key) ? toUnit(value) : value;
}

export const unitScale: Dialect = {
  name: 'unit-scale',
  summary:
    'every score, index and fit on a 0–1 scale with 3 decimals (87.5 → 0.875), as similarity already is',
  response: (body, req) => scale(body, req.route === STATISTIC_RANKING ? new Set(['score']) : new Set()),
};
