import type { ApiClient } from '../api/client.js';
import { BadRequestError, InvalidArgumentError } from '../api/errors.js';
import { publishReadNotes } from '../api/reader/notes-sink.js';
import type { League } from '../api/schemas.js';
import { countryIn, leagueByWords, levelNumber } from '../domain/league-words.js';
import { nearest } from '../domain/nearest.js';

/**
 * Runs `call` with the caller's league. If the upstream rejects it, and the words name a country and a
 * tier that fit one of the key's leagues ("Belgian second division"), runs it again with that league's
 * name and says so in the answer's notes; otherwise answers with the closest league names of the key, the
 * same country's first (from the cached GET /v1/leagues), so the caller can retry at once.
 */
export async function withLeagueHint<T>(
  api: ApiClient,
  league: string | undefined,
  signal: AbortSignal | undefined,
  call: (league: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await call(league);
  } catch (error) {
    if (league === undefined || !(error instanceof BadRequestError) || error.parameter !== 'league')
      throw error;
    const leagues = await api
      .leagues({ signal })
      .then((r) => r.data.data)
      .catch(() => [] as League[]);
    const named = leagueByWords(league, leagues);
    if (named && named.name !== league) {
      const result = await call(named.name);
      publishReadNotes([
        `league "${league}" read as "${named.name}" (${named.country}, tier ${levelNumber(named.level)}).`,
      ]);
      return result;
    }
    const suggestions = closestLeagues(league, leagues);
    const closest = suggestions.length > 0 ? ` Closest: ${suggestions.join(', ')}.` : '';
    throw new InvalidArgumentError(
      'league',
      `"${league}" is not a league name the API knows.${closest}`,
      suggestions,
      { kind: 'leagues' },
    );
  }
}

/** Three league names: those of the country the words name first (top tier first), then the nearest. */
function closestLeagues(input: string, leagues: readonly League[]): string[] {
  const country = countryIn(
    input,
    leagues.flatMap((l) => (l.country ? [l.country] : [])),
  );
  const women = /\bwom[ae]n|\bfemin|\bladies\b/i.test(input);
  // Men's or women's leagues as the words say (men's when they do not), each side top tier first.
  const rank = (l: League) => (/^w/i.test(l.gender ?? '') === women ? 0 : 100) + (levelNumber(l.level) ?? 99);
  const sameCountry = leagues
    .filter((l) => country !== undefined && l.country === country)
    .sort((a, b) => rank(a) - rank(b))
    .map((l) => l.name);
  const near = nearest(
    input,
    leagues.map((l) => l.name),
    3,
  );
  return [...new Set([...sameCountry, ...near])].slice(0, 3);
}
