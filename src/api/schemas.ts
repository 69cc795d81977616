// What we read of each upstream answer, through the tolerant reader (reader/). Only what the spec
// states is required: list results in `data`, ranking entries with rank, name, club, age and score,
// `service_id` in player answers (null while unlinked), and a player row's ids (`identityFixed`); a
// league's name too, the only thing a league is known by. Everything else, other rows' identities
// included, is our guess: optional, read under its aliases, and unread rather than fatal when lacking.

import { z } from 'zod';
import { BESIDE_FIELDS } from '../domain/beside-statistics.js';
import { isRoleKey } from '../domain/roles.js';
import { isImplausibleValuation } from '../domain/valuations.js';
import { fold } from '../lib/fold.js';
import { aliasesOf } from './reader/aliases.js';
import { listAnswer, recordAnswer } from './reader/answer.js';
import { looseFields } from './reader/loose-fields.js';
import { fieldName, member } from './reader/names.js';
import { carriesQualifiers } from './reader/qualifiers.js';
import { currentAliases, noteUnreadable } from './reader/report.js';
import { type RowOptions, row, rowsOf } from './reader/row.js';
import {
  countValue,
  flattenStatistics,
  isPlainObject,
  isStatisticList,
  nameOf,
  numberKindOf,
  numValue,
  optAge,
  optBool,
  optCount,
  optDate,
  optDateOrSeason,
  optEuros,
  optHeightCm,
  optId,
  optMinutes,
  optNum,
  optSeason,
  optText,
  orNull,
  statisticsMap,
  statisticsWithText,
  textList,
  textValue,
  toNumber,
} from './reader/values.js';

/**
 * service_id: null when the API sent null (not linked yet, the spec's rule 2); left undefined when the
 * answer carried no service_id at all: every player answer carries one (rule 1), so that is unread, never
 * "not linked".
 */
const serviceId = optId;

/**
 * Names a statistic may be given by rather than its key: its label ("Duels won (%)"), in the
 * languages an API may speak. A statistic so named keeps the label as its key here; the glossary gives
 * it its canonical key where the tool shows it (src/facts/statistic-canon.ts).
 */
const LABEL_FIELDS = ['label', 'libelle', 'bezeichnung', 'etiqueta', 'etichetta', 'rotulo', 'titel', 'title'];

/** A list of statistics given by label (`{label, value}`): each item's label read as its statistic. */
function labelsAsKeys(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item) => {
    if (!isPlainObject(item) || ['statistic', 'key', 'name'].some((f) => member(item, f) != null))
      return item;
    const field = Object.keys(item).find((k) => LABEL_FIELDS.includes(fieldName(k)));
    return field === undefined ? item : { ...item, statistic: item[field] };
  });
}

const PLAYER = {
  player_id: orNull(optId),
  service_id: serviceId,
  name: orNull(optText),
  club: optText,
  league: optText,
  season: optSeason,
  age: optAge,
  position: optText,
  competition: optText,
};
const PLAYER_IDENTITY: RowOptions = {
  identity: ['player_id', 'service_id', 'name'],
  identityFixed: true,
  aliases: { player_id: ['id'] },
};

function playerRow<S extends z.ZodRawShape>(kind: string, extra: S, options: RowOptions = {}) {
  const prepare = options.prepare;
  return row(
    kind,
    { ...PLAYER, ...extra },
    {
      ...PLAYER_IDENTITY,
      ...options,
      prepare: (fields, index) => {
        prepare?.(fields, index);
        serviceIdRead(kind, fields);
      },
    },
  );
}

/** A player row without any service_id: unread (said in the answer's note), never "not linked". */
function serviceIdRead(kind: string, fields: Record<string, unknown>): void {
  if (fields.service_id !== undefined || fields.status === 'not_found') return;
  if (fields.player_id == null && fields.name == null) return;
  noteUnreadable(`${kind}.service_id`);
}

/** Numeric fields of a row that its shape does not know are kept in `into` (a map), not dropped. */
function keepUnknownNumbers(into: string, known: readonly string[]) {
  return (fields: Record<string, unknown>) => {
    const extra: Record<string, number> = {};
    const take = (key: string, value: unknown) => {
      if (known.includes(key) || key.endsWith('_id') || key === 'rank') return;
      const n = numberBeside(key, value);
      const name = besideName(key);
      // A market value under a thousand euros is one whose scale went unsaid (values.ts: optEuros).
      if (typeof n === 'number' && numberKindOf(name) === 'euros' && isImplausibleValuation(n))
        noteUnreadable(`${into}.${name}`);
      else if (typeof n === 'number' && Number.isFinite(n)) extra[name] = n;
      // A value with its currency or scale beside it that cannot be read, or a number we read beside the
      // statistics written in a form no reader decides ("7.325 Mio"): unread, never dropped unsaid.
      else if (
        (isPlainObject(value) && carriesQualifiers(value)) ||
        (n != null && BESIDE_FIELDS.includes(name))
      )
        noteUnreadable(`${into}.${name}`);
      // A group of the row's own fields one level down (`info: {appearances: 11}`): its numbers too.
      else if (isGroupOfFields(value))
        for (const [inner, v] of Object.entries(value)) take(fieldName(inner), v);
    };
    for (const [key, value] of Object.entries(fields)) take(key, value);
    // After the named statistics, so charts and tables lead with those.
    if (Object.keys(extra).length > 0)
      fields[into] = { ...flattenStatistics(labelsAsKeys(fields[into]), true), ...extra };
  };
}

/**
 * A value beside the statistics as a number: read by the kind of the field its name stands for (an alias
 * of market_value_eur reads "EUR 37.25 Mio"), else, under a name nothing knows, as money or minutes when
 * written so: a display form, or an amount with its currency or scale beside it, is a number whatever
 * its name.
 */
function numberBeside(key: string, value: unknown): unknown {
  const kind = numberKindOf(besideName(key));
  const n = toNumber(value, kind);
  const written = typeof value === 'string' || (isPlainObject(value) && carriesQualifiers(value));
  if (typeof n === 'number' || kind !== 'number' || !written) return n;
  for (const other of ['euros', 'minutes'] as const) {
    const read = toNumber(value, other);
    if (typeof read === 'number') return read;
  }
  return n;
}

/** Numbers a row gives beside its statistics, under their own names when the API used a known alias. */
function besideName(key: string): string {
  return BESIDE_FIELDS.find((field) => aliasesOf(field).includes(key)) ?? key;
}

/** An object standing for no thing of its own (no id, key, type or name) and no one value. */
function isGroupOfFields(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value) || nameOf(value) !== undefined || typeof toNumber(value) === 'number')
    return false;
  // A value with its currency or scale beside it, whose value is under a name nothing knows.
  if (carriesQualifiers(value)) return false;
  return !Object.keys(value).some((k) => ['id', 'key', 'type'].includes(fieldName(k)));
}

export const PlayerRow = playerRow('player', {});
export type PlayerRow = z.output<typeof PlayerRow>;

export const League = row(
  'league',
  {
    name: textValue,
    country: optText,
    region: optText,
    gender: optText,
    level: optText,
    type: optText,
    seasons: textList.nullish(),
  },
  { fromString: 'name', aliases: { name: ['league', 'ligue', 'competition'] } },
);
export type League = z.output<typeof League>;
export const LeaguesResponse = listAnswer(League, { names: ['leagues', 'ligues', 'competitions'] });

/** GET /v1/enums: shape undocumented; `parseEnumRoles` walks it leniently. */
export const EnumsResponse = z.unknown().transform((raw) => (isPlainObject(raw) ? raw : { data: raw }));

const RANKING = {
  ...PLAYER,
  rank: countValue,
  score: numValue,
  minutes: optMinutes,
};
const rankFromPlace = (fields: Record<string, unknown>, index: number) => {
  if (fields.rank == null) fields.rank = index + 1;
};
/** The spec's ranking entry carries rank, name, club, age and score. */
export const RankingEntry = playerRow('entry', RANKING, {
  prepare: rankFromPlace,
  fixed: ['name', 'club', 'age'],
});
export type RankingEntry = z.output<typeof RankingEntry>;
/**
 * One reading for every caller of the route: the cache keeps what was read, keyed by the request, so a
 * second reading of the same route would get whichever the first call used. `meta.eligible` (how many
 * players were ranked) when the API gives it.
 */
export const RankingsResponse = listAnswer(RankingEntry, {
  names: ['rankings', 'classement', 'players'],
  beside: { meta: looseFields({ eligible: optCount }, 'meta').nullish().catch(null) },
});

const SCOUTED = {
  minutes: optMinutes,
  role: optText,
  score: optNum,
  market_value_eur: optEuros,
  foot: optText,
};
export const ScoutedPlayer = playerRow('player', SCOUTED);
export type ScoutedPlayer = z.output<typeof ScoutedPlayer>;
export const ScoutingResponse = listAnswer(ScoutedPlayer, { names: ['players', 'joueurs'] });

export const ResolveStatus = z.enum(['resolved', 'unlinked', 'not_found', 'ambiguous']);
const STATUS_WORDS: Record<string, z.infer<typeof ResolveStatus>> = {
  resolved: 'resolved',
  resolu: 'resolved',
  found: 'resolved',
  trouve: 'resolved',
  linked: 'resolved',
  lie: 'resolved',
  unlinked: 'unlinked',
  non_lie: 'unlinked',
  pending: 'unlinked',
  not_found: 'not_found',
  notfound: 'not_found',
  introuvable: 'not_found',
  inconnu: 'not_found',
  unknown: 'not_found',
  ambiguous: 'ambiguous',
  ambigu: 'ambiguous',
  multiple: 'ambiguous',
};
/**
 * With no status field: a field holding a status word is the status, whatever its name (the API may
 * name it otherwise); never a status derived from ids the row may carry under names not read.
 */
function statusByValue(fields: Record<string, unknown>): string {
  for (const value of Object.values(fields)) {
    if (typeof value !== 'string') continue;
    // Only the spec's own words: "unknown" or "multiple" could be any field's value.
    const word = fold(value);
    if ((ResolveStatus.options as readonly string[]).includes(word)) return word;
  }
  return '';
}
/**
 * A resolve row's status: the API's word when we know it, else (no word, or one we do not know, such as
 * "ok") derived from what the row carries. An unknown word kept as it came matched no status downstream:
 * the watchlist reported a person so answered as not found.
 */
function resolveStatus(fields: Record<string, unknown>) {
  const word = typeof fields.status === 'string' ? fold(fields.status) : statusByValue(fields);
  const candidates = Array.isArray(fields.candidates) ? fields.candidates.length : 0;
  fields.status =
    (Object.hasOwn(STATUS_WORDS, word) ? STATUS_WORDS[word] : undefined) ??
    (candidates > 1
      ? 'ambiguous'
      : fields.service_id != null
        ? 'resolved'
        : fields.player_id != null
          ? 'unlinked'
          : 'not_found');
}
export const ResolvedPlayer = playerRow(
  'resolved',
  {
    query: z.record(z.string(), z.unknown()).nullish(),
    status: textValue,
    candidates: rowsOf(PlayerRow, 'candidates').nullish(),
  },
  { identity: [], prepare: resolveStatus },
);
export type ResolvedPlayer = z.output<typeof ResolvedPlayer>;
export const ResolveBatchResponse = listAnswer(ResolvedPlayer, { names: ['players', 'results'] });

/** The spec fixes the ids of a history row (the correspondence it gives), not how its season is named. */
export const HistoryRow = row(
  'history',
  {
    season: optSeason,
    player_id: orNull(optId),
    service_id: optId,
    club: optText,
    league: optText,
    competition: optText,
    minutes: optMinutes,
  },
  { identity: ['player_id', 'service_id'], aliases: { player_id: ['id'] } },
);
export type HistoryRow = z.output<typeof HistoryRow>;
export const HistoryResponse = listAnswer(HistoryRow, {
  names: ['seasons', 'saisons', 'history', 'historique', 'rows'],
  beside: { service_id: serviceId, name: optText },
});

export const RoleScore = row(
  'role',
  { role: optText, score: optNum, family: optText },
  { identity: ['role'] },
);
const COMPARED = {
  minutes: optMinutes,
  primary_role: optText,
  statistics: z.preprocess(labelsAsKeys, statisticsWithText.nullish()),
  roles: rowsOf(RoleScore, 'roles').nullish(),
};
const COMPARED_KNOWN = [...Object.keys(PLAYER), ...Object.keys(COMPARED)];
const besideCompared = keepUnknownNumbers('statistics', COMPARED_KNOWN);
export const ComparedPlayer = playerRow('player', COMPARED, {
  qualified: BESIDE_FIELDS,
  prepare: (fields) => {
    statisticListFound(fields, new Set(COMPARED_KNOWN));
    besideCompared(fields);
  },
});
export type ComparedPlayer = z.output<typeof ComparedPlayer>;
export const CompareResponse = listAnswer(ComparedPlayer, { names: ['players', 'joueurs', 'comparison'] });

export const ClubFit = row('fit', { club: optText, league: optText, score: optNum }, { identity: [] });
const FIT_VALUES = ['fit_score', 'score', 'fit', 'value', 'note', 'compatibilite', 'indice'];
/** One fit value on the row itself (no `fits` list): a single fit, for the club that was asked. */
function singleFit(fields: Record<string, unknown>) {
  if (fields.fits != null) return;
  for (const name of FIT_VALUES) {
    const n = toNumber(fields[name]);
    if (typeof n !== 'number' || !Number.isFinite(n)) continue;
    const target = fields.target_club ?? fields.club_cible ?? fields.for_club ?? null;
    fields.fits = [{ club: target, league: fields.target_league ?? null, score: n }];
    // Read: not an unread field of the row (the completeness guard would name it).
    delete fields[name];
    return;
  }
}
export const PlayerFit = playerRow(
  'player',
  { fits: rowsOf(ClubFit, 'fits').nullish() },
  { prepare: singleFit },
);
export type PlayerFit = z.output<typeof PlayerFit>;
export const FitScoreResponse = listAnswer(PlayerFit, { names: ['players', 'joueurs', 'fits'] });

/** A search row: minutes and score, when the API gives them, rank namesakes by prominence. */
export const PlayerSearchRow = playerRow('player', { minutes: optMinutes, score: optNum });
export const PlayerSearchResponse = listAnswer(PlayerSearchRow, { names: ['players', 'joueurs'] });

/** GET /v1/seasons: labels as plain strings or objects. */
export const SeasonsResponse = listAnswer(
  row(
    'season',
    { season: optText, current: optBool },
    { fromString: 'season', aliases: { season: ['label', 'name', 'nom', 'key', 'id', 'code'] } },
  ),
  { names: ['seasons', 'saisons'] },
);

/** Any list response: rows of unknown fields. */
const AnyRow = row('row', {});
export const ListResponse = listAnswer(AnyRow);

const ListMeta = looseFields({ total: optNum }, 'meta').nullish().catch(null);

/**
 * A coach given as an object: its name under `name`, a name word or an alias of `name` (a routes file's,
 * a name learned). An object whose name is under none of them while it holds a text nothing reads is a
 * coach whose name is unread (the answer's note names the coach), not a team without one.
 */
function coachRef(value: unknown): unknown {
  if (typeof value === 'string') return { name: value };
  if (!isPlainObject(value)) return value;
  const reads = new Set(['coach_id', 'id', 'name', ...currentAliases().of('coach_id')]);
  // Values under names nothing reads: a text may be the name or the id, a number only the id (APIs
  // keyed on database rows send ids as numbers).
  const others = Object.entries(value).filter(
    ([k, v]) =>
      !reads.has(fieldName(k)) &&
      ((typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v))),
  );
  // An id under a name nothing reads beside the name: the coach's id is unread, not absent.
  const idRead = [...reads].some((k) => k !== 'name' && member(value, k) != null);
  let name = nameOf(value);
  for (const alias of name === undefined ? currentAliases().of('name') : []) {
    const v = member(value, alias);
    if (typeof v === 'string' && v.trim() !== '') name = v;
  }
  const unread = others.filter(([, v]) => v !== name);
  if (name === undefined && unread.some(([, v]) => typeof v === 'string')) noteUnreadable('team.coach');
  // A coach not read leaves his id unread with him, unless it was read on its own.
  if (!idRead && unread.length > 0) noteUnreadable('team.coach_id');
  return name === undefined ? value : { ...value, name };
}

const COACH_REF = z
  .preprocess(coachRef, looseFields({ coach_id: optId, name: optText, id: optId }, 'coach'))
  .transform((c) => ({ ...c, coach_id: c.coach_id ?? c.id ?? null, name: c.name ?? null }))
  .nullish();
const TEAM = {
  team_id: orNull(optId),
  name: orNull(optText),
  city: optText,
  country: optText,
  league: optText,
  season: optSeason,
  coach: COACH_REF,
};
const TEAM_OPTIONS: RowOptions = {
  identity: ['team_id', 'name'],
  aliases: { team_id: ['id'] },
  nested: ['team', 'club', 'equipe'],
};
export const TeamSummary = row('team', TEAM, TEAM_OPTIONS);
export type TeamSummary = z.output<typeof TeamSummary>;
export const TeamsResponse = listAnswer(TeamSummary, {
  names: ['teams', 'equipes', 'clubs'],
  beside: { meta: ListMeta },
});
export const TeamResponse = recordAnswer(
  row(
    'team',
    {
      ...TEAM,
      competitions: textList.nullish(),
      rating: optNum,
      // A style is a map (or a list) of aspects: anything else under its name (a text, a number) is a value not
      // understood, unread, never an empty map of no aspects.
      style: z
        .preprocess(
          (v) => (isPlainObject(v) || Array.isArray(v) ? flattenStatistics(v) : v),
          z.record(z.string(), z.number().nullable()),
        )
        .nullish(),
      squad_size: optCount,
      average_age: optAge,
      squad_value_eur: optEuros,
    },
    TEAM_OPTIONS,
  ),
);
export const SquadResponse = listAnswer(
  playerRow('player', {
    minutes: optMinutes,
    primary_role: optText,
    performance_index: optNum,
    market_value_eur: optEuros,
  }),
  { names: ['squad', 'effectif', 'players', 'joueurs'] },
);
export const SimilarTeamsResponse = listAnswer(
  row(
    'team',
    {
      team_id: orNull(optId),
      name: orNull(optText),
      league: optText,
      country: optText,
      similarity: optNum,
    },
    TEAM_OPTIONS,
  ),
  { names: ['teams', 'equipes', 'similar'] },
);
const Meeting = row(
  'meeting',
  {
    season: optSeason,
    date: optDate,
    home: optText,
    away: optText,
    home_goals: optNum,
    away_goals: optNum,
  },
  {
    aliases: {
      home: ['domicile'],
      away: ['exterieur'],
      home_goals: ['buts_domicile'],
      away_goals: ['buts_exterieur'],
    },
  },
);
const Metric = row('metric', { metric: optText, team: optNum, opponent: optNum }, { nested: [] });
/** The opponent of a head-to-head: an object of its ids and name, or its name alone. */
const OPPONENT_REF = z
  .preprocess(
    (value) => (typeof value === 'string' ? { name: value } : value),
    looseFields({ team_id: optId, id: optId, name: optText }, 'opponent'),
  )
  .nullish();
export const HeadToHeadResponse = recordAnswer(
  row('head_to_head', {
    season: optSeason,
    opponent: OPPONENT_REF,
    // Each count read on its own: one the reader cannot read is unread, never a zero.
    summary: looseFields(
      {
        played: optCount,
        wins: optCount,
        draws: optCount,
        losses: optCount,
        goals_for: optNum,
        goals_against: optNum,
      },
      'summary',
    ).nullish(),
    meetings: rowsOf(Meeting, 'meetings').nullish(),
    comparison: rowsOf(Metric, 'comparison').nullish(),
  }),
);

const COACH = {
  coach_id: orNull(optId),
  name: orNull(optText),
  nationality: optText,
  age: optAge,
  team: optText,
  team_id: optId,
  league: optText,
  since: optDateOrSeason,
  formation: optText,
};
const COACH_OPTIONS: RowOptions = {
  identity: ['coach_id', 'name'],
  aliases: { coach_id: ['id'] },
  nested: ['coach', 'entraineur'],
};
export const CoachSummary = row('coach', COACH, COACH_OPTIONS);
export type CoachSummary = z.output<typeof CoachSummary>;
export const CoachesResponse = listAnswer(CoachSummary, {
  names: ['coaches', 'entraineurs'],
  beside: { meta: ListMeta },
});
export const CoachResponse = recordAnswer(row('coach', { ...COACH, style: optText }, COACH_OPTIONS));
export const CoachCareerResponse = listAnswer(
  row(
    'stint',
    {
      club: optText,
      league: optText,
      from: optText,
      to: optText,
      matches: optCount,
      wins: optCount,
      draws: optCount,
      losses: optCount,
      points_per_match: optNum,
    },
    { aliases: { club: ['team'] } },
  ),
  { names: ['career', 'carriere', 'stints', 'clubs'] },
);
export const TacticalProfileResponse = recordAnswer(
  row('tactical_profile', {
    formation: optText,
    alternative_formations: textList.nullish(),
    style: optText,
    build_up: optText,
    favoured_roles: textList.nullish(),
  }),
);

export const StatisticRankingsResponse = listAnswer(
  playerRow(
    'entry',
    { ...RANKING, score: optNum, value: optNum, statistic: optText, unit: optText },
    {
      prepare: (fields, index) => {
        rankFromPlace(fields, index);
        if (fields.value == null && fields.score != null) fields.value = fields.score;
      },
    },
  ),
  {
    names: ['rankings', 'entries', 'players'],
    beside: { meta: looseFields({ unit: optText, eligible: optCount }, 'meta').nullish().catch(null) },
  },
);

export const GlossaryEntry = row(
  'glossary',
  {
    key: optId,
    kind: optText,
    name: optText,
    definition: optText,
    unit: optText,
    deprecated_key: optText,
  },
  { identity: ['key'], aliases: { key: ['statistic', 'cle', 'code', 'id', 'slug'] } },
);
export type GlossaryEntry = z.output<typeof GlossaryEntry>;
export const GlossaryResponse = listAnswer(GlossaryEntry, {
  names: ['entries', 'glossary', 'glossaire', 'statistics'],
});

// A standard deviation beside a spread lacking a part is no part under another name.
const Spread = looseFields(
  { mean: optNum, median: optNum, p10: optNum, p90: optNum, min: optNum, max: optNum },
  'spread',
  ['sd', 'std'],
)
  .nullish()
  .catch(null);
export const ComparisonResponse = listAnswer(
  playerRow('player', { minutes: optMinutes, x: optNum, y: optNum }),
  {
    names: ['players', 'joueurs', 'points'],
    beside: {
      summary: looseFields({ count: optNum, x: Spread, y: Spread, correlation: optNum }, 'summary')
        .nullish()
        .catch(null),
      meta: looseFields({ count: optNum }, 'meta').nullish().catch(null),
    },
  },
);

export const ProfileResponse = recordAnswer(
  row('profile', {
    plan: optText,
    leagues: z.union([textValue, textList]).nullish(),
    daily_limit: optCount,
    expires_at: optDate,
  }),
);
export const SavedItemsResponse = listAnswer(
  row(
    'item',
    {
      id: optId,
      name: optText,
      description: optText,
      // An index's weights, a preset's call: read here so that, under a name nothing reads, they are unread.
      weights: z.array(z.unknown()).nullish().catch(null),
      endpoint: optText,
      parameters: z.unknown().optional(),
    },
    { identity: ['id', 'name'], aliases: { id: ['key', 'cle'] } },
  ),
  { names: ['indices', 'presets', 'items'] },
);

const RECORD = {
  nationality: optText,
  birth_date: optDate,
  foot: optText,
  height_cm: optHeightCm,
  primary_role: optText,
  performance_index: optNum,
  minutes: optMinutes,
  appearances: optCount,
  contract_until: optDate,
  market_value_eur: optEuros,
  data_as_of: optDate,
};
/** GET /v1/players/:id: the row plus whatever the record adds (fields beyond ids not in the spec). */
export const PlayerRecord = playerRow('player', RECORD);
export type PlayerRecord = z.output<typeof PlayerRecord>;
export const PlayerRecordResponse = recordAnswer(PlayerRecord);

const STATISTICS_RECORD = {
  player_id: optId,
  service_id: optId,
  season: optSeason,
  minutes: optMinutes,
  appearances: optCount,
  per: optText,
  statistics: z.preprocess(labelsAsKeys, statisticsMap.nullish()).transform((v) => v ?? {}),
};
/**
 * A flat record (no `statistics` map): its numeric fields are the statistics. A text that is no number
 * ("90 minutes", a name) is no statistic: it stays a field nothing read, which a field of ours the record
 * lacks (`per`) may be, named unread rather than a statistic's value "not understood".
 */
function statisticsFromTop(fields: Record<string, unknown>) {
  if (fields.statistics != null) return;
  const known = new Set([...Object.keys(STATISTICS_RECORD), ...Object.keys(PLAYER)]);
  if (statisticListFound(fields, known)) return;
  const rest = Object.fromEntries(
    Object.entries(fields).filter(
      ([k, v]) => !known.has(k) && !k.endsWith('_id') && !isText(v) && typeof v !== 'boolean',
    ),
  );
  fields.statistics = flattenStatistics(rest);
}
/**
 * A row lacking `statistics` that carries one list of statistics under a name nothing read (found by its
 * values: isStatisticList): that list is its statistics, read, so no longer a field nothing read.
 */
function statisticListFound(fields: Record<string, unknown>, known: ReadonlySet<string>): boolean {
  if (fields.statistics != null) return false;
  const lists = Object.keys(fields).filter(
    (k) => !known.has(k) && isStatisticList(fields[k]) && !isRoleList(fields[k]),
  );
  const [only] = lists;
  if (lists.length !== 1 || only === undefined) return false;
  fields.statistics = fields[only];
  delete fields[only];
  return true;
}

/** A list whose items are named by role keys: a player's roles, whatever it is named, not statistics. */
function isRoleList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        isPlainObject(item) && Object.values(item).some((v) => typeof v === 'string' && isRoleKey(v.trim())),
    )
  );
}

/** A text that reads as no number (nor as a placeholder for none). */
const isText = (value: unknown) => typeof value === 'string' && typeof toNumber(value) === 'string';
export const PlayerStatisticsResponse = recordAnswer(
  row('statistics', STATISTICS_RECORD, { prepare: statisticsFromTop }),
);

export const PlayerRolesResponse = listAnswer(RoleScore, { names: ['roles'] });

const StatisticPercentile = row(
  'statistic',
  { statistic: optText, value: optNum, percentile: optNum },
  { identity: ['statistic'], aliases: { statistic: ['name', 'nom', 'key', ...LABEL_FIELDS] } },
);
export const PlayerStrengthsResponse = recordAnswer(
  row('strengths', {
    // Read as a row: its fields may be moved or renamed like any row's, and what is not read is marked.
    compared_with: row('compared_with', { players: optNum, league: optText, position: optText })
      .nullish()
      .catch(null),
    strengths: rowsOf(StatisticPercentile, 'strengths')
      .nullish()
      .transform((v) => v ?? []),
    weaknesses: rowsOf(StatisticPercentile, 'weaknesses')
      .nullish()
      .transform((v) => v ?? []),
  }),
);

export const MarketValueResponse = recordAnswer(
  row('market_value', {
    value_eur: optEuros,
    range_low_eur: optEuros,
    range_high_eur: optEuros,
    currency: optText,
    as_of: optDate,
  }),
);

export const Projection = row(
  'projection',
  {
    league: optText,
    country: optText,
    role: optText,
    current_score: optNum,
    projected_score: optNum,
    delta: optNum,
  },
  { identity: ['league'] },
);
export const ProjectionsResponse = listAnswer(Projection, { names: ['projections'] });

export const SimilarPlayer = playerRow('player', {
  similarity: optNum,
  performance_index: optNum,
  minutes: optMinutes,
});
export const SimilarResponse = listAnswer(SimilarPlayer, { names: ['players', 'similar', 'joueurs'] });

/** Any record answer: the record under `data` or bare. */
export const RecordResponse = recordAnswer(row('record', {}));
