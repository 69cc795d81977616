import { nearest } from '../domain/nearest.js';
import type { ApiClient } from './client.js';
import { BadRequestError, InvalidArgumentError } from './errors.js';
import { readPages } from './list-pages.js';
import { LeaguesResponse } from './schemas.js';

/**
 * Runs `call`; if the upstream rejects the `league` argument, answers instead with the closest
 * league names of the key (from the cached GET /v1/leagues), so the caller can retry at once.
 */
export async function withLeagueHint<T>(
  api: ApiClient,
  league: string | undefined,
  signal: AbortSignal | undefined,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (league === undefined || !(error instanceof BadRequestError) || error.parameter !== 'league')
      throw error;
    const names = await readPages(api, 'leagues', LeaguesResponse, signal ? { signal } : {})
      .then((r) => r.data.data.map((l) => l.name))
      .catch(() => [] as string[]);
    const suggestions = nearest(league, names, 3);
    const closest = suggestions.length > 0 ? ` Closest: ${suggestions.join(', ')}.` : '';
    throw new InvalidArgumentError(
      'league',
      `"${league}" is not a league name the API knows.${closest} Call list_leagues for the exact names.`,
      suggestions,
    );
  }
}
