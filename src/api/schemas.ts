// Zod schemas of upstream responses. Loose on purpose: the version contract covers the shape of
// responses, not their values, so unknown fields pass through and numbers sent as strings are read.
import { z } from 'zod';

const num = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());
const optNum = num.nullable().optional();
const str = z.string();
const optStr = z.string().nullable().optional();

/** Fields every player row carries: `service_id` is null while the row is not linked to a person. */
export const PlayerRow = z.looseObject({
  player_id: str,
  service_id: z.string().nullable(),
  name: str,
  club: optStr,
  league: optStr,
  season: optStr,
  age: optNum,
  position: optStr,
  competition: optStr,
});
export type PlayerRow = z.infer<typeof PlayerRow>;

export const League = z.looseObject({
  name: str,
  country: optStr,
  region: optStr,
  gender: optStr,
  level: optStr,
  type: optStr,
  seasons: z.array(str).optional(),
});
export type League = z.infer<typeof League>;
export const LeaguesResponse = z.looseObject({ data: z.array(League) });

/** GET /v1/enums: shape undocumented; `parseEnumRoles` walks it leniently. */
export const EnumsResponse = z.looseObject({});

export const RankingEntry = z.looseObject({
  rank: num,
  name: str,
  club: optStr,
  age: optNum,
  score: num,
  player_id: optStr,
  service_id: optStr,
  league: optStr,
  season: optStr,
  minutes: optNum,
});
export type RankingEntry = z.infer<typeof RankingEntry>;
export const RankingsResponse = z.looseObject({ data: z.array(RankingEntry) });

export const ScoutedPlayer = PlayerRow.extend({
  minutes: optNum,
  role: optStr,
  score: optNum,
  market_value_eur: optNum,
});
export type ScoutedPlayer = z.infer<typeof ScoutedPlayer>;
export const ScoutingResponse = z.looseObject({ data: z.array(ScoutedPlayer) });

export const ResolveStatus = z.enum(['resolved', 'unlinked', 'not_found', 'ambiguous']);
export const ResolvedPlayer = z.looseObject({
  query: z.record(z.string(), z.unknown()).optional(),
  status: z.string(),
  player_id: optStr,
  service_id: optStr,
  name: optStr,
  club: optStr,
  league: optStr,
  season: optStr,
  candidates: z.array(PlayerRow).optional(),
});
export type ResolvedPlayer = z.infer<typeof ResolvedPlayer>;
export const ResolveBatchResponse = z.looseObject({ data: z.array(ResolvedPlayer) });

export const HistoryRow = z.looseObject({
  season: str,
  player_id: str,
  service_id: optStr,
  club: optStr,
  league: optStr,
  competition: optStr,
  minutes: optNum,
});
export type HistoryRow = z.infer<typeof HistoryRow>;
export const HistoryResponse = z.looseObject({
  service_id: z.string().nullable(),
  name: optStr,
  data: z.array(HistoryRow),
});

export const RoleScore = z.looseObject({ role: str, score: num });
export const ComparedPlayer = PlayerRow.extend({
  minutes: optNum,
  statistics: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).optional(),
  roles: z.array(RoleScore).optional(),
});
export type ComparedPlayer = z.infer<typeof ComparedPlayer>;
export const CompareResponse = z.looseObject({ data: z.array(ComparedPlayer) });

export const ClubFit = z.looseObject({ club: str, league: optStr, score: num });
export const PlayerFit = z.looseObject({
  player_id: str,
  service_id: z.string().nullable(),
  name: str,
  club: optStr,
  fits: z.array(ClubFit),
});
export type PlayerFit = z.infer<typeof PlayerFit>;
export const FitScoreResponse = z.looseObject({ data: z.array(PlayerFit) });

export const PlayerSearchResponse = z.looseObject({ data: z.array(PlayerRow) });

/** Any list response: `data` is an array of objects whose fields are not all known. */
export const ListResponse = z.looseObject({ data: z.array(z.looseObject({})) });
/** Any record response: the record is in `data`. */
export const RecordResponse = z.looseObject({ data: z.looseObject({}) });

/** `meta.total` of list responses that report it (the spec shows no pagination). */
const ListMeta = z.looseObject({ total: optNum }).optional();

export const TeamSummary = z.looseObject({
  team_id: str,
  name: str,
  city: optStr,
  country: optStr,
  league: optStr,
  season: optStr,
  coach: z.looseObject({ coach_id: optStr, name: optStr }).nullable().optional(),
});
export type TeamSummary = z.infer<typeof TeamSummary>;
export const TeamsResponse = z.looseObject({ data: z.array(TeamSummary), meta: ListMeta });
export const TeamResponse = z.looseObject({
  data: TeamSummary.extend({
    competitions: z.array(str).optional(),
    rating: optNum,
    style: z.record(z.string(), num).optional(),
    squad_size: optNum,
    average_age: optNum,
    squad_value_eur: optNum,
  }),
});
export const SquadResponse = z.looseObject({
  data: z.array(
    PlayerRow.extend({
      minutes: optNum,
      primary_role: optStr,
      performance_index: optNum,
      market_value_eur: optNum,
    }),
  ),
});
export const SimilarTeamsResponse = z.looseObject({
  data: z.array(
    z.looseObject({ team_id: str, name: str, league: optStr, country: optStr, similarity: optNum }),
  ),
});
export const HeadToHeadResponse = z.looseObject({
  data: z.looseObject({
    season: optStr,
    summary: z
      .looseObject({
        played: num,
        wins: num,
        draws: num,
        losses: num,
        goals_for: optNum,
        goals_against: optNum,
      })
      .optional(),
    meetings: z
      .array(
        z.looseObject({
          season: optStr,
          date: optStr,
          home: str,
          away: str,
          home_goals: num,
          away_goals: num,
        }),
      )
      .optional(),
    comparison: z.array(z.looseObject({ metric: str, team: num, opponent: num })).optional(),
  }),
});

export const CoachSummary = z.looseObject({
  coach_id: str,
  name: str,
  nationality: optStr,
  age: optNum,
  team: optStr,
  team_id: optStr,
  league: optStr,
  since: optStr,
  formation: optStr,
});
export type CoachSummary = z.infer<typeof CoachSummary>;
export const CoachesResponse = z.looseObject({ data: z.array(CoachSummary), meta: ListMeta });
export const CoachResponse = z.looseObject({ data: CoachSummary.extend({ style: optStr }) });
export const CoachCareerResponse = z.looseObject({
  data: z.array(
    z.looseObject({
      club: str,
      league: optStr,
      from: optStr,
      to: optStr,
      matches: optNum,
      wins: optNum,
      draws: optNum,
      losses: optNum,
      points_per_match: optNum,
    }),
  ),
});
export const TacticalProfileResponse = z.looseObject({
  data: z.looseObject({
    formation: optStr,
    alternative_formations: z.array(str).optional(),
    style: optStr,
    build_up: optStr,
    favoured_roles: z.array(str).optional(),
  }),
});

export const StatisticRankingsResponse = z.looseObject({
  data: z.array(RankingEntry.extend({ value: optNum, statistic: optStr, unit: optStr, position: optStr })),
  meta: z.looseObject({ unit: optStr, eligible: optNum }).optional(),
});

export const GlossaryEntry = z.looseObject({
  key: str,
  kind: optStr,
  name: optStr,
  definition: optStr,
  unit: optStr,
  deprecated_key: optStr,
});
export type GlossaryEntry = z.infer<typeof GlossaryEntry>;
export const GlossaryResponse = z.looseObject({ data: z.array(GlossaryEntry) });

const Spread = z.looseObject({
  mean: optNum,
  median: optNum,
  p10: optNum,
  p90: optNum,
  min: optNum,
  max: optNum,
});
export const ComparisonResponse = z.looseObject({
  data: z.array(
    z.looseObject({
      player_id: str,
      service_id: z.string().nullable().optional(),
      name: str,
      club: optStr,
      league: optStr,
      position: optStr,
      minutes: optNum,
      x: optNum,
      y: optNum,
    }),
  ),
  summary: z
    .looseObject({ count: optNum, x: Spread.optional(), y: Spread.optional(), correlation: optNum })
    .optional(),
  meta: z.looseObject({ count: optNum }).optional(),
});

export const ProfileResponse = z.looseObject({
  data: z.looseObject({
    plan: optStr,
    leagues: z.union([z.string(), z.array(z.string())]).optional(),
    daily_limit: optNum,
    expires_at: optStr,
  }),
});
export const SavedItemsResponse = z.looseObject({
  data: z.array(z.looseObject({ id: str, name: str, description: optStr })),
});
/** GET /v1/players/:id: the row plus whatever the record adds (fields beyond ids not in the spec). */
export const PlayerRecord = PlayerRow.extend({
  nationality: optStr,
  birth_date: optStr,
  foot: optStr,
  height_cm: optNum,
  primary_role: optStr,
  performance_index: optNum,
  minutes: optNum,
  appearances: optNum,
  contract_until: optStr,
  market_value_eur: optNum,
  data_as_of: optStr,
});
export type PlayerRecord = z.infer<typeof PlayerRecord>;
export const PlayerRecordResponse = z.looseObject({ data: PlayerRecord });

export const PlayerStatisticsResponse = z.looseObject({
  data: z.looseObject({
    minutes: optNum,
    appearances: optNum,
    per: optStr,
    statistics: z.record(z.string(), z.union([num, z.null()])).default({}),
  }),
});

export const PlayerRolesResponse = z.looseObject({
  data: z.array(RoleScore.extend({ family: optStr })),
});

const StatisticPercentile = z.looseObject({ statistic: str, value: optNum, percentile: optNum });
export const PlayerStrengthsResponse = z.looseObject({
  data: z.looseObject({
    compared_with: z.looseObject({ players: optNum, league: optStr, position: optStr }).optional(),
    strengths: z.array(StatisticPercentile).default([]),
    weaknesses: z.array(StatisticPercentile).default([]),
  }),
});

export const MarketValueResponse = z.looseObject({
  data: z.looseObject({
    value_eur: optNum,
    range_low_eur: optNum,
    range_high_eur: optNum,
    currency: optStr,
    as_of: optStr,
  }),
});

export const Projection = z.looseObject({
  league: str,
  country: optStr,
  role: optStr,
  current_score: optNum,
  projected_score: optNum,
  delta: optNum,
});
export const ProjectionsResponse = z.looseObject({ data: z.array(Projection) });

export const SimilarPlayer = PlayerRow.extend({
  similarity: optNum,
  performance_index: optNum,
  minutes: optNum,
});
export const SimilarResponse = z.looseObject({ data: z.array(SimilarPlayer) });
