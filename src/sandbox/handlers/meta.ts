// Profile, reference data and the caller's saved items.
import { ROLE_KEYS } from '../../domain/roles.js';
import { COUNTRIES } from '../data/countries.js';
import { CUP_NAMES } from '../data/leagues.js';
import { RENAMED, RENAMED_ON, ROLE_DEFS, ROLE_FAMILY_INDEX } from '../data/roles.js';
import { CURRENT_SEASON, SEASON_LABELS, SEASONS } from '../data/seasons.js';
import { FAMILIES, STATS } from '../data/stats.js';
import { badRequest } from '../http/errors.js';
import { text } from '../http/params.js';
import { keyPrefix } from '../keys.js';
import type { Ctx } from './context.js';

const GENDERS = ['men', 'women'];
const LEVELS = ['top', 'second', 'third', 'fourth', 'youth', 'cup'];
const TYPES = ['league', 'cup'];
const REGIONS = ['Europe', 'Americas', 'Asia', 'Africa'];

export function me(ctx: Ctx) {
  const { key, quota } = ctx;
  return {
    data: {
      plan: key.plan,
      leagues: key.leagues === 'all' ? 'all' : [...key.leagues],
      daily_limit: key.dailyLimit,
      key_prefix: keyPrefix(key.key),
      expires_at: key.expiresAt ?? null,
      requests_today: quota.used,
      remaining_today: quota.limit === null ? null : Math.max(0, quota.limit - quota.used),
      quota_resets_at: quota.reset,
    },
  };
}

function oneOf(value: string | undefined, allowed: readonly string[], name: string): string | undefined {
  if (value === undefined) return undefined;
  const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!match) throw badRequest(name, `parameter "${name}" must be one of ${allowed.join(', ')}`);
  return match;
}

export function leagues(ctx: Ctx) {
  const gender = oneOf(text(ctx.query.get('gender'), 'gender'), GENDERS, 'gender');
  const level = oneOf(text(ctx.query.get('level'), 'level'), LEVELS, 'level');
  const type = oneOf(text(ctx.query.get('type'), 'type'), TYPES, 'type');
  const region = oneOf(text(ctx.query.get('region'), 'region'), REGIONS, 'region');
  const data = ctx.access
    .listed()
    .filter((c) => (!gender || c.gender === gender) && (!level || c.level === level))
    .filter((c) => (!type || c.type === type) && (!region || c.region === region))
    .map((c) => ({
      name: c.name,
      country: c.country,
      region: c.region,
      gender: c.gender,
      level: c.level,
      type: c.type,
      seasons: [...SEASON_LABELS],
      current_season: SEASON_LABELS[CURRENT_SEASON],
      teams: c.teams,
    }));
  return { data, meta: { count: data.length } };
}

export function seasons(ctx: Ctx) {
  return {
    data: SEASONS.map((_, i) => ctx.world.seasonInfo(i)).map((s, i) => ({
      season: s.label,
      label: `${s.startYear}-${s.startYear + 1}`,
      start_date: `${s.startYear}-07-01`,
      end_date: `${s.startYear + 1}-06-30`,
      current: i === CURRENT_SEASON,
      status: s.progress >= 1 ? 'completed' : 'in_progress',
      data_as_of: s.asOf,
    })),
  };
}

export function enums(_ctx: Ctx) {
  return {
    roles: ROLE_KEYS.map((key, k) => {
      const old = RENAMED[key];
      return {
        key,
        family: FAMILIES[ROLE_FAMILY_INDEX[k] ?? 0],
        label: ROLE_DEFS[key].label,
        ...(old ? { deprecated_key: old, renamed_on: RENAMED_ON } : {}),
      };
    }),
    seasons: [...SEASON_LABELS],
    current_season: SEASON_LABELS[CURRENT_SEASON],
    positions: [...FAMILIES],
    statistics: STATS.map((s) => s.key),
    competitions: [...TYPES],
    levels: [...LEVELS],
    genders: [...GENDERS],
    regions: [...REGIONS],
    feet: ['right', 'left', 'both'],
    cups: [...CUP_NAMES],
    nationalities: COUNTRIES.map((c) => c.name),
  };
}

const INDICES = [
  {
    key: 'performance_index',
    name: 'Performance index',
    unit: '0-100',
    definition:
      "The player's best role index: how well the season's statistics fit the best role of the player's position family, scaled by the strength of the competition.",
  },
  {
    key: 'market_value_eur',
    name: 'Estimated market value',
    unit: 'EUR',
    definition:
      'Estimated transfer value from league level, performance index and age; a range accompanies it.',
  },
  {
    key: 'projected_score',
    name: 'League projection',
    unit: '0-100',
    definition:
      'Role index the player would be expected to reach in another league, given the difference in level.',
  },
  {
    key: 'similarity',
    name: 'Profile similarity',
    unit: '0-1',
    definition:
      'Closeness of two players of the same position family over their standardised statistics (1 = identical).',
  },
  {
    key: 'fit_score',
    name: 'Club fit',
    unit: '0-100',
    definition: "Fit between a player's style (from statistics) and a club's tactical profile and level.",
  },
  {
    key: 'percentile',
    name: 'Percentile',
    unit: '0-100',
    definition:
      'Share of players of the same position family in the same league and season (with enough minutes) below the player.',
  },
];

export function glossary(ctx: Ctx) {
  const kind = oneOf(text(ctx.query.get('kind'), 'kind'), ['statistic', 'role_index', 'index'], 'kind');
  const data = [
    ...STATS.map((s) => ({
      key: s.key,
      kind: 'statistic',
      name: s.name,
      definition: s.definition,
      unit: s.unit,
      higher_is_better: true,
      applies_to: s.goalkeeperOnly ? ['goalkeeper'] : FAMILIES.filter((f) => f !== 'goalkeeper'),
    })),
    ...ROLE_KEYS.map((key, k) => {
      const old = RENAMED[key];
      return {
        key,
        kind: 'role_index',
        name: ROLE_DEFS[key].label,
        definition: `${ROLE_DEFS[key].definition} Weighs: ${Object.keys(ROLE_DEFS[key].weights).join(', ')}.`,
        unit: '0-100',
        higher_is_better: true,
        applies_to: [FAMILIES[ROLE_FAMILY_INDEX[k] ?? 0]],
        ...(old ? { deprecated_key: old } : {}),
      };
    }),
    ...INDICES.map((i) => ({ ...i, kind: 'index', higher_is_better: true, applies_to: [...FAMILIES] })),
  ].filter((e) => !kind || e.kind === kind);
  return { data, meta: { count: data.length } };
}

export function savedIndices(_ctx: Ctx) {
  return {
    data: [
      {
        id: 'idx_ballplaying_cb',
        name: 'Ball-playing centre-back (custom)',
        description: 'Centre-backs who progress the ball and still defend.',
        position: 'centre_back',
        weights: [
          { statistic: 'progressive_passes', weight: 0.35 },
          { statistic: 'long_pass_completion_pct', weight: 0.25 },
          { statistic: 'interceptions', weight: 0.2 },
          { statistic: 'aerial_duels_won_pct', weight: 0.2 },
        ],
        created_at: '2026-03-14T09:12:00Z',
      },
      {
        id: 'idx_pressing_9',
        name: 'Pressing number nine (custom)',
        description: 'Forwards who press and still score.',
        position: 'forward',
        weights: [
          { statistic: 'pressures', weight: 0.4 },
          { statistic: 'ball_recoveries', weight: 0.2 },
          { statistic: 'xg', weight: 0.4 },
        ],
        created_at: '2026-05-02T16:40:00Z',
      },
      {
        id: 'idx_sweeper_keeper',
        name: 'Sweeper keeper (custom)',
        description: 'Goalkeepers comfortable far from their goal.',
        position: 'goalkeeper',
        weights: [
          { statistic: 'sweeper_actions', weight: 0.5 },
          { statistic: 'pass_completion_pct', weight: 0.3 },
          { statistic: 'goals_prevented', weight: 0.2 },
        ],
        created_at: '2026-10-05T08:00:00Z',
      },
    ],
  };
}

export function savedPresets(_ctx: Ctx) {
  return {
    data: [
      {
        id: 'pre_u21_pressing_forwards',
        name: 'U21 pressing forwards',
        endpoint: 'POST /v1/scouting',
        // Saved before the 2026-09-18 rename: it still carries the former key, which stays accepted.
        parameters: { roles: ['attaquant_presseur'], ageMax: 21, minutesMin: 900 },
        created_at: '2026-02-11T10:00:00Z',
      },
      {
        id: 'pre_ligue1_playmakers',
        name: 'Ligue 1 deep-lying playmakers',
        endpoint: 'GET /v1/rankings',
        parameters: { role: 'meneur_de_jeu_en_retrait', league: 'Ligue 1', limit: 20 },
        created_at: '2026-09-30T14:20:00Z',
      },
      {
        id: 'pre_wsl_fullbacks',
        name: 'WSL attacking full-backs',
        endpoint: 'POST /v1/scouting',
        parameters: {
          roles: ['lateral_offensif', 'lateral_passeur'],
          league: "Women's Super League",
          minutesMin: 600,
        },
        created_at: '2026-10-21T11:05:00Z',
      },
    ],
  };
}
