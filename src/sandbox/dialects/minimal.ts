// The leanest answer the spec allows: what it requires (list results in `data`; rank, name, club,
// age and score in ranking entries; service_id in player answers), one identity per row, and the
// one value a route exists for (a fit score, a similarity, a market value…). Everything else is
// dropped, `meta` and `summary` included. Routes not listed here answer as standard.
import { type Dialect, isRecord, type Json, pick } from './dialect.js';

type Shape = (body: Json) => unknown;

const rows = (body: Json, keys: readonly string[]) =>
  Array.isArray(body.data) ? body.data.map((row) => pick(row, keys)) : [];
const list =
  (...keys: string[]): Shape =>
  (body) => ({ data: rows(body, keys) });
const record =
  (...keys: string[]): Shape =>
  (body) => ({ data: pick(body.data, keys) });
/** A list about one player: its service_id beside `data` (the spec wants it in every player answer). */
const playerList =
  (...keys: string[]): Shape =>
  (body) => ({
    service_id: isRecord(body.meta) ? (body.meta.service_id ?? null) : null,
    data: rows(body, keys),
  });
const names =
  (key: string): Shape =>
  (body) => ({
    data: Array.isArray(body.data) ? body.data.map((row) => (isRecord(row) ? row[key] : row)) : [],
  });

const IDS = ['player_id', 'service_id'];
const RANKING_ENTRY = list('rank', 'name', 'club', 'age', 'score', 'service_id');

/** One `fit_score` per row: the asked club's, or without a club the best one's, with its `club`. */
const fitScore: Shape = (body) => {
  const asked = isRecord(body.meta) && body.meta.club !== null && body.meta.club !== undefined;
  return {
    data: (Array.isArray(body.data) ? body.data : []).map((row) => {
      const best = isRecord(row) && Array.isArray(row.fits) && isRecord(row.fits[0]) ? row.fits[0] : {};
      return {
        ...pick(row, IDS),
        ...(asked ? {} : { club: best.club ?? null }),
        fit_score: best.score ?? null,
      };
    }),
  };
};

/** Roles as a map `{key: {deprecated_key?}}`: the keys are the current ones, renamed ones say their former key. */
const enums: Shape = (body) => {
  const roles: Record<string, Json> = {};
  for (const role of Array.isArray(body.roles) ? body.roles : []) {
    if (isRecord(role) && typeof role.key === 'string') roles[role.key] = pick(role, ['deprecated_key']);
  }
  return { roles };
};

const SHAPES: Readonly<Record<string, Shape>> = {
  '/v1/me': record('plan', 'key_prefix'),
  '/v1/me/indices': list('id', 'name'),
  '/v1/me/presets': list('id', 'name'),
  '/v1/leagues': names('name'),
  '/v1/seasons': names('season'),
  '/v1/enums': enums,
  '/v1/glossary': list('key', 'definition'),
  '/v1/rankings': RANKING_ENTRY,
  '/v1/rankings/statistics': RANKING_ENTRY,
  '/v1/scouting': list(...IDS),
  '/v1/comparison': list(...IDS, 'x', 'y'),
  '/v1/compare': list(...IDS, 'statistics'),
  '/v1/fit-score': fitScore,
  '/v1/players/search': list(...IDS),
  '/v1/players/resolve-batch': list('query', ...IDS),
  '/v1/players/:id': record(...IDS),
  '/v1/players/:id/history': (body) => ({
    service_id: body.service_id ?? null,
    data: rows(body, ['season', 'player_id']),
  }),
  '/v1/players/:id/statistics': (body) => ({
    service_id: isRecord(body.data) ? (body.data.service_id ?? null) : null,
    data: isRecord(body.data) && isRecord(body.data.statistics) ? body.data.statistics : {},
  }),
  '/v1/players/:id/roles': playerList('role', 'score'),
  '/v1/players/:id/strengths': record(...IDS, 'strengths', 'weaknesses'),
  '/v1/players/:id/market-value': record(...IDS, 'value_eur'),
  '/v1/players/:id/projections': playerList('league', 'projected_score'),
  '/v1/players/:id/similar': list(...IDS, 'similarity'),
  '/v1/teams': list('team_id', 'name'),
  '/v1/teams/:id': record('team_id', 'name'),
  '/v1/teams/:id/squad': list(...IDS),
  '/v1/teams/:id/similar': list('team_id', 'name', 'similarity'),
  '/v1/teams/:id/head-to-head/:otherId': record('summary'),
  '/v1/coaches': list('coach_id', 'name'),
  '/v1/coaches/:id': record('coach_id', 'name'),
  '/v1/coaches/:id/career': list('club', 'from', 'to'),
  '/v1/coaches/:id/tactical-profile': record('coach_id', 'formation'),
};

export const minimal: Dialect = {
  name: 'minimal',
  summary: 'the leanest answers the spec allows: required fields, one identity per row, the value asked for',
  response(body, req) {
    const shape = SHAPES[req.route];
    return shape && isRecord(body) ? shape(body) : body;
  },
};
