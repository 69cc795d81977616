// Records bare at the top level instead of under `data`; lists under one named array inside `data`
// (`{data: {players: [...]}}`); statistics as a list `[{statistic, value}]`. `meta` and other
// top-level fields stay where they are; /v1/enums is already bare.
import { type Dialect, isRecord, type Json } from './dialect.js';

/** The name of the array a list route's results go under. */
const LISTS: Readonly<Record<string, string>> = {
  '/v1/me/indices': 'indices',
  '/v1/me/presets': 'presets',
  '/v1/leagues': 'leagues',
  '/v1/seasons': 'seasons',
  '/v1/glossary': 'entries',
  '/v1/rankings': 'entries',
  '/v1/rankings/statistics': 'entries',
  '/v1/scouting': 'players',
  '/v1/comparison': 'players',
  '/v1/compare': 'players',
  '/v1/fit-score': 'players',
  '/v1/players/search': 'players',
  '/v1/players/resolve-batch': 'players',
  '/v1/players/:id/history': 'seasons',
  '/v1/players/:id/roles': 'roles',
  '/v1/players/:id/projections': 'projections',
  '/v1/players/:id/similar': 'players',
  '/v1/teams': 'teams',
  '/v1/teams/:id/squad': 'players',
  '/v1/teams/:id/similar': 'teams',
  '/v1/coaches': 'coaches',
  '/v1/coaches/:id/career': 'career',
};

function statisticsList(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(statisticsList);
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      key === 'statistics' && isRecord(v)
        ? Object.entries(v).map(([statistic, n]) => ({ statistic, value: n }))
        : statisticsList(v);
  }
  return out;
}

export const bare: Dialect = {
  name: 'bare',
  summary:
    'records bare (no data wrapper), lists as {data: {players: [...]}}, statistics as [{statistic, value}]',
  response(body, req) {
    if (!isRecord(body)) return body;
    const out = statisticsList(body) as Json;
    const { data, ...rest } = out;
    if (Array.isArray(data)) return { ...out, data: { [LISTS[req.route] ?? 'items']: data } };
    if (isRecord(data)) return { ...data, ...rest };
    return out;
  },
};
