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
 * The same fields in the other languages an API may speak (German, Spanish, Italian, Portuguese, Dutch):
 * words a dictionary gives, not guesses. Values the server knows find the rest (src/facts/names-learned.ts).
 */
const OTHER_LANGUAGES: AliasTable = {
  player_id: ['spieler_id', 'jugador_id', 'giocatore_id', 'jogador_id', 'speler_id'],
  team_id: ['verein_id', 'mannschaft_id', 'equipo_id', 'squadra_id', 'clube_id'],
  coach_id: ['trainer_id', 'entrenador_id', 'allenatore_id', 'treinador_id'],
  name: ['spielername', 'nombre', 'nome', 'naam', 'vollstandiger_name'],
  season: ['temporada', 'stagione', 'seizoen'],
  club: ['verein', 'mannschaft', 'klub', 'equipo', 'squadra', 'clube', 'ploeg', 'vereinsname'],
  team: ['verein', 'mannschaft', 'equipo', 'squadra', 'clube', 'ploeg'],
  league: ['liga', 'lega', 'campeonato', 'competicion', 'competizione', 'competicao', 'competitie'],
  country: ['land', 'pais', 'paese', 'nazione'],
  position: ['posicion', 'posizione', 'posicao', 'positie'],
  coach: ['trainer', 'cheftrainer', 'entrenador', 'allenatore', 'treinador', 'tecnico'],
  rank: ['rang_platz', 'platz', 'posto', 'puesto'],
  age: ['alter', 'edad', 'eta', 'idade', 'leeftijd'],
  minutes: ['minuten', 'minutos', 'minuti', 'gespielte_minuten'],
  appearances: ['spiele', 'einsatze', 'partidos', 'partite', 'jogos', 'wedstrijden'],
  market_value_eur: ['marktwert', 'valor_mercado', 'valore_mercato', 'valor_de_mercado', 'marktwaarde'],
  value_eur: ['marktwert', 'valor_mercado', 'valore_mercato', 'marktwaarde'],
  height_cm: ['grosse', 'korpergrosse', 'altura', 'altezza', 'lengte'],
  status: ['zustand', 'estado', 'stato'],
  nationality: ['nationalitat', 'nacionalidad', 'nazionalita', 'nacionalidade', 'nationaliteit'],
  primary_role: ['hauptrolle', 'rol_principal', 'ruolo_principale', 'papel_principal'],
  birth_date: ['geburtsdatum', 'fecha_nacimiento', 'data_nascita', 'data_nascimento', 'geboortedatum'],
  foot: ['fuss', 'starker_fuss', 'pie', 'piede', 'voet'],
  contract_until: ['vertrag_bis', 'vertragsende', 'contrato_hasta', 'contratto_fino', 'contrato_ate'],
  role: ['rolle', 'rol', 'ruolo', 'papel'],
  statistics: ['statistiken', 'estadisticas', 'statistiche', 'estatisticas', 'statistieken'],
  statistic: ['statistik', 'estadistica', 'statistica', 'estatistica', 'kennzahl'],
  definition: ['beschreibung', 'descripcion', 'descrizione', 'descricao', 'omschrijving'],
  unit: ['einheit', 'unidad', 'unita', 'unidade', 'eenheid'],
  level: ['stufe', 'nivel', 'livello', 'niveau'],
  gender: ['geschlecht', 'genero', 'sesso', 'geslacht'],
  region: ['kontinent', 'continente'],
  seasons: ['saisons', 'temporadas', 'stagioni', 'seizoenen'],
  candidates: ['kandidaten', 'candidatos', 'candidati'],
  city: ['stadt', 'ciudad', 'citta', 'cidade', 'stad'],
  style: ['spielstil', 'estilo', 'stile'],
  formation: ['aufstellung', 'formacion', 'formazione', 'formacao', 'opstelling'],
  since: ['seit', 'desde', 'dal', 'sinds'],
  plan: ['tarif', 'abo', 'abonnement', 'plano', 'piano', 'suscripcion'],
  expires_at: ['ablauf', 'gultig_bis', 'vencimiento', 'scadenza', 'expiracao'],
  leagues: ['ligen', 'ligas', 'leghe', 'competities'],
  strengths: ['starken', 'staerken', 'fortalezas', 'punti_di_forza', 'pontos_fortes', 'sterktes'],
  weaknesses: ['schwachen', 'schwaechen', 'debilidades', 'punti_deboli', 'pontos_fracos', 'zwaktes'],
  currency: ['wahrung', 'waehrung', 'moneda', 'valuta', 'moeda'],
  daily_limit: ['tageslimit', 'limite_diario', 'limite_giornaliero'],
  squad_size: ['kadergrosse', 'kader_grosse', 'tamano_plantilla'],
  average_age: ['durchschnittsalter', 'edad_media', 'eta_media', 'idade_media'],
  performance_index: ['leistungsindex', 'indice_rendimiento', 'indice_prestazione'],
  similarity: ['ahnlichkeit', 'aehnlichkeit', 'similitud', 'somiglianza', 'similaridade'],
  percentile: ['perzentil', 'percentil', 'percentile_rank'],
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

/** The defaults with the other languages' words after the French and English ones. */
function withLanguages(table: AliasTable): AliasTable {
  const out: Record<string, readonly string[]> = { ...table };
  for (const [field, names] of Object.entries(OTHER_LANGUAGES))
    out[field] = [...new Set([...(out[field] ?? []), ...names])];
  return out;
}

export const DEFAULT_ALIAS_SET: Aliases = resolve(withLanguages(DEFAULT_ALIASES));

/** The defaults with a user's aliases (the routes file's "fields") in front: one set per client. */
export function aliasSet(extra: AliasTable = {}): Aliases {
  if (Object.keys(extra).length === 0) return DEFAULT_ALIAS_SET;
  const defaults = DEFAULT_ALIAS_SET.table;
  const next: Record<string, readonly string[]> = { ...defaults };
  for (const [field, names] of Object.entries(extra)) {
    next[field] = [...new Set([...names, ...(defaults[field] ?? [])])];
  }
  return resolve(next);
}

/** The aliases of `field` in `set` (the defaults unless a client's set is given), folded. */
export function aliasesOf(field: string, set: Aliases = DEFAULT_ALIAS_SET): readonly string[] {
  return set.of(fieldName(field));
}
