// THE table of field aliases: other names under which an upstream may send a field we read. The spec
// fixes few names (see ../../../../shared/api-spec.md): the API speaks French (`saison`), so its own
// words stand beside ours, with the usual English variants. A row's field is looked up under its
// aliases only when the field itself is absent, so a name we know is never shadowed. Names are compared
// folded (names.ts): one alias covers every casing. Users extend the table without a release through
// the routes file's "fields" entry (route-overrides.ts); each client reads with its own set.

import { fieldName } from './names.js';

export type AliasTable = Readonly<Record<string, readonly string[]>>;

export const DEFAULT_ALIASES: AliasTable = {
  // identities
  player_id: ['id_joueur', 'joueur_id', 'row_id'],
  service_id: ['person_id', 'id_service'],
  team_id: ['equipe_id', 'id_equipe', 'club_id'],
  coach_id: ['entraineur_id', 'id_entraineur', 'manager_id'],
  name: ['nom', 'full_name', 'display_name', 'player_name', 'nom_complet'],
  // context of a row
  season: ['saison', 'season_label', 'annee'],
  club: ['equipe', 'team', 'club_name', 'team_name', 'current_club', 'club_actuel'],
  team: ['equipe', 'club', 'team_name', 'club_name'],
  league: ['ligue', 'league_name', 'championnat', 'competition_name'],
  country: ['pays', 'nation', 'country_name'],
  competition: ['competition_type', 'type_competition'],
  position: ['poste', 'pos'],
  coach: ['entraineur', 'manager', 'head_coach'],
  // numbers
  rank: ['rang', 'ranking', 'classement'],
  age: ['age_years'],
  minutes: ['minutes_jouees', 'minutes_played', 'mins', 'minutes_joues'],
  appearances: ['matchs', 'matches', 'games', 'apparitions', 'matchs_joues'],
  score: ['note', 'fit_score', 'fit', 'indice', 'index_score'],
  performance_index: ['indice_performance', 'indice', 'performance'],
  similarity: ['similarite', 'similarity_score', 'similarite_score'],
  market_value_eur: ['valeur_marchande', 'market_value', 'value_eur', 'valeur_marchande_eur'],
  value_eur: ['valeur_marchande', 'market_value', 'market_value_eur', 'valeur', 'value'],
  height_cm: ['taille_cm', 'taille', 'height'],
  percentile: ['centile', 'pct', 'rang_centile'],
  current_score: ['score_actuel', 'current'],
  projected_score: ['score_projete', 'projected'],
  delta: ['ecart', 'difference', 'diff'],
  squad_size: ['taille_effectif', 'effectif'],
  average_age: ['age_moyen', 'moyenne_age'],
  squad_value_eur: ['valeur_effectif', 'valeur_effectif_eur', 'squad_value'],
  daily_limit: ['limite_quotidienne', 'quota', 'limit'],
  // words
  status: ['statut', 'state', 'resolution'],
  nationality: ['nationalite'],
  primary_role: ['role_principal', 'main_role', 'best_role'],
  birth_date: ['date_naissance', 'date_of_birth', 'dob', 'birthdate'],
  foot: ['pied', 'preferred_foot', 'pied_fort'],
  contract_until: ['fin_contrat', 'contract_end', 'contract_expires'],
  data_as_of: ['as_of', 'date_donnees', 'updated_at'],
  as_of: ['date_donnees', 'updated_at', 'date'],
  family: ['famille', 'group', 'position_group', 'groupe'],
  role: ['role_key', 'cle_role', 'poste_cle'],
  statistics: ['statistiques', 'stats'],
  statistic: ['statistique', 'stat', 'metric', 'key'],
  definition: ['description', 'definition_fr'],
  unit: ['unite'],
  kind: ['type', 'genre', 'nature'],
  level: ['niveau', 'tier', 'division'],
  gender: ['genre', 'sexe'],
  region: ['continent', 'zone'],
  type: ['competition_type', 'type_competition'],
  seasons: ['saisons'],
  candidates: ['candidats', 'possible_matches'],
  query: ['requete', 'input', 'demande'],
  fits: ['clubs', 'destinations', 'compatibilites'],
  city: ['ville'],
  style: ['style_de_jeu', 'playing_style'],
  formation: ['systeme', 'dispositif', 'schema'],
  since: ['depuis', 'start_date', 'date_debut'],
  from: ['debut', 'start', 'de'],
  to: ['fin', 'end', 'a'],
  plan: ['offre', 'formule', 'subscription'],
  expires_at: ['expiration', 'expire_le', 'expiry'],
  leagues: ['ligues', 'competitions'],
  compared_with: ['compare_avec', 'population', 'reference'],
  strengths: ['forces', 'points_forts'],
  weaknesses: ['faiblesses', 'points_faibles'],
  currency: ['devise'],
  range_low_eur: ['fourchette_basse', 'min_eur', 'low'],
  range_high_eur: ['fourchette_haute', 'max_eur', 'high'],
  deprecated_key: ['previous_key', 'old_key', 'ancienne_cle', 'cle_obsolete'],
};

/**
 * An alias table ready for reading: every name in its folded form (names.ts), so `marketValue`,
 * `MarketValue` and `market-value` all meet the alias `market_value`. `words` holds every field and
 * alias name it knows: a row's key is renamed to its folded form only when that form is one of them
 * (or a field of the row), so keys that are data (statistic names) keep the API's spelling.
 */
export interface Aliases {
  readonly table: AliasTable;
  of(field: string): readonly string[];
  readonly words: ReadonlySet<string>;
}

function resolve(table: AliasTable): Aliases {
  const byField = new Map<string, readonly string[]>();
  const words = new Set<string>();
  for (const [field, names] of Object.entries(table)) {
    const folded = [...new Set(names.map(fieldName))].filter((n) => n !== fieldName(field));
    byField.set(fieldName(field), folded);
    words.add(fieldName(field));
    for (const name of folded) words.add(name);
  }
  return { table, of: (field) => byField.get(field) ?? [], words };
}

export const DEFAULT_ALIAS_SET: Aliases = resolve(DEFAULT_ALIASES);

/** The defaults with a user's aliases (the routes file's "fields") in front: one set per client. */
export function aliasSet(extra: AliasTable = {}): Aliases {
  if (Object.keys(extra).length === 0) return DEFAULT_ALIAS_SET;
  const next: Record<string, readonly string[]> = { ...DEFAULT_ALIASES };
  for (const [field, names] of Object.entries(extra)) {
    next[field] = [...new Set([...names, ...(DEFAULT_ALIASES[field] ?? [])])];
  }
  return resolve(next);
}

/** The aliases of `field` in `set` (the defaults unless a client's set is given), folded. */
export function aliasesOf(field: string, set: Aliases = DEFAULT_ALIAS_SET): readonly string[] {
  return set.of(fieldName(field));
}
