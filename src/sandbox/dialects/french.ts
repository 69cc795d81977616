// Field names in the API's own language wherever the spec does not fix them. Kept as-is: what the
// spec names (`data`, `player_id`, `service_id`, `deprecated_key`, `role`, and rank/name/club/age/
// score in ranking entries), map keys that are data (statistic names in `statistics`) and echoes of
// what the client sent (`query`, `parameters`).
import { type Dialect, ECHOES, isRecord, isStatisticsMap, type Json } from './dialect.js';

const FRENCH: Readonly<Record<string, string>> = {
  season: 'saison',
  name: 'nom',
  club: 'equipe',
  team: 'equipe',
  league: 'ligue',
  position: 'poste',
  country: 'pays',
  market_value_eur: 'valeur_marchande',
  status: 'statut',
  nationality: 'nationalite',
  minutes: 'minutes_jouees',
  statistics: 'statistiques',
  family: 'famille',
  similarity: 'similarite',
  performance_index: 'indice_performance',
  primary_role: 'role_principal',
  birth_date: 'date_naissance',
  definition: 'definition',
  coach: 'entraineur',
};

const RANKING_ROUTES = new Set(['/v1/rankings', '/v1/rankings/statistics']);
const RANKING_ENTRY = new Set(['rank', 'name', 'club', 'age', 'score']);
const NONE = new Set<string>();

function translate(value: unknown, keep: ReadonlySet<string> = NONE): unknown {
  if (Array.isArray(value)) return value.map((v) => translate(v));
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const wanted = keep.has(key) ? key : (FRENCH[key] ?? key);
    // Two fields meeting under one French name (club and team): the second keeps its own.
    const name = wanted !== key && (wanted in value || wanted in out) ? key : wanted;
    out[name] = ECHOES.has(key) || isStatisticsMap(key, v) ? v : translate(v);
  }
  return out;
}

export const french: Dialect = {
  name: 'french',
  summary: 'French field names (saison, nom, equipe, ligue, poste…) wherever the spec does not fix the name',
  response(body, req) {
    const out = translate(body);
    if (RANKING_ROUTES.has(req.route) && isRecord(body) && Array.isArray(body.data) && isRecord(out)) {
      out.data = body.data.map((entry) => translate(entry, RANKING_ENTRY));
    }
    return out;
  },
};
