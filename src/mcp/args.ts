// Argument types shared by the tools, each with the description the model reads.
import { z } from 'zod';
import { InvalidArgumentError } from '../api/errors.js';
import { normalizeSeason, SERVICE_ID_PATTERN } from '../domain/season.js';

export const Season = z
  .string()
  .max(20)
  .meta({ examples: ['25-26'] })
  .describe('e.g. 25-26; default current');

export const RoleKeyArg = z
  .string()
  .min(2)
  .max(60)
  .meta({ examples: ['poacher'] })
  .describe('list_roles key or English name, e.g. poacher');

export const LeagueName = z
  .string()
  .min(2)
  .max(80)
  .meta({ examples: ['Ligue 1'] })
  .describe('list_leagues name, e.g. Ligue 1');

/** A name or part of one to search by; each tool gives its own example and words. */
export const NamePart = z.string().trim().min(2).max(80);

/** A club's name (or, where a tool says so, a team id); each tool says what it is for. */
export const ClubName = z
  .string()
  .min(2)
  .max(80)
  .meta({ examples: ['FC Lens'] });

/** A service_id of the spec's form (ds_ and 16 characters), the example refusals show. */
export const SERVICE_ID_EXAMPLE = 'ds_00005oGBcduWTLGq';

export const PlayerIdArg = z
  .string()
  .min(1)
  .max(64)
  // An id has no spaces; "Mamadou Mbondé" is a name, refused before any request with the tool that helps.
  .refine((id) => !/\s/.test(id.trim()), {
    error: (issue) =>
      `"${String(issue.input)}" looks like a name, not an id: search_players finds a player by name and gives the ids`,
  })
  .meta({ examples: [SERVICE_ID_EXAMPLE] })
  .describe('service_id (ds_…) or player_id');

export function Limit(fallback: number, max: number) {
  return z.number().int().min(1).max(max).default(fallback);
}

/** Whether a list stopped at its limit, so more rows may exist. */
export function hasMore(count: number, limit: number): boolean {
  return count >= limit;
}

/** A note when a list stopped at its limit, saying how to see the rest. */
export function moreRows(count: number, limit: number, max: number, argument = 'limit'): string[] {
  if (!hasMore(count, limit)) return [];
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
