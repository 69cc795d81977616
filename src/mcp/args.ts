// Argument types shared by the tools, each with the description the model reads.
import { z } from 'zod';
import { InvalidArgumentError } from '../api/errors.js';
import { normalizeSeason, SERVICE_ID_PATTERN } from '../domain/season.js';

export const Season = z
  .string()
  .max(20)
  .describe('Season as "25-26" ("2025-26" and "2025/2026" are accepted). Omit for the current season.');

export const RoleKeyArg = z
  .string()
  .min(2)
  .max(60)
  .describe(
    'Role key, e.g. "defenseur_relanceur" (one of the 31 keys of list_roles; renamed old keys are accepted).',
  );

export const LeagueName = z
  .string()
  .min(2)
  .max(80)
  .describe(
    'League name exactly as list_leagues gives it, e.g. "Ligue 1", "Eredivisie", "UEFA Champions League".',
  );

export const PlayerIdArg = z
  .string()
  .min(1)
  .max(64)
  .describe('A player_id (one season row, changes every season) or a service_id ("ds_" + 16 chars, stable).');

export function Limit(fallback: number, max: number) {
  return z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`Rows to return, 1-${max} (default ${fallback}).`);
}

/** A note when a list stopped at its limit, saying how to see the rest. */
export function moreRows(count: number, limit: number, max: number, argument = 'limit'): string[] {
  if (count < limit) return [];
  return limit < max
    ? [`Showing the first ${limit}; more may exist: raise ${argument} (up to ${max}) or narrow the filters.`]
    : [`Showing the first ${max}, the most one call returns: narrow the filters to see others.`];
}

/** `season` as the API wants it, or undefined; a clear refusal for anything else. */
export function seasonParam(season: string | undefined): string | undefined {
  if (season === undefined || season.trim() === '') return undefined;
  const parsed = normalizeSeason(season);
  if (!parsed.ok) throw new InvalidArgumentError('season', parsed.reason);
  return parsed.season;
}

export function isServiceId(id: string): boolean {
  return SERVICE_ID_PATTERN.test(id);
}
