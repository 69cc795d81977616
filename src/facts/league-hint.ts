import type { ApiClient } from '../api/client.js';
import { BadRequestError, InvalidArgumentError } from '../api/errors.js';
import { publishReadNotes } from '../api/reader/notes-sink.js';
import type { League } from '../api/schemas.js';
import {
  type Asked,
  askedWords,
  genderOf,
  hasFacts,
  isYouth,
  leagueWithFacts,
  readLeague,
} from '../domain/league-reading.js';
import { countryIn, levelNumber } from '../domain/league-words.js';
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
    const reading = readLeague(league, leagues);
    if (reading.kind === 'one' && reading.league.name !== league) {
      const result = await call(reading.league.name);
      publishReadNotes([readingNote(league, reading.league, reading.others)]);
      return result;
    }
    if (reading.kind === 'several') {
      const names = reading.leagues.map((l) => l.name);
      throw new InvalidArgumentError(
        'league',
        `"${league}" fits ${names.length} of the key's leagues: ${reading.leagues
          .slice(0, SHOWN)
          .map(leagueWithFacts)
          .join(
            '; ',
          )}${names.length > SHOWN ? `; and ${names.length - SHOWN} more (list_leagues)` : ''}. Which one? Pass its exact name.`,
        names.slice(0, SHOWN),
        { kind: 'leagues' },
      );
    }
    const asked = reading.kind === 'none' ? reading.asked : undefined;
    const suggestions = closestLeagues(league, leagues, asked);
    const closest =
      suggestions.length > 0
        ? ` Closest${asked && askedWords(asked) ? ` (${askedWords(asked)})` : ''}: ${suggestions.join(', ')}.`
        : '';
    const uncovered =
      reading.kind === 'none' && reading.otherGender.length > 0 && reading.asked.gender
        ? ` The key covers no ${reading.asked.gender}'s competition by that name: ${reading.otherGender
            .map(leagueWithFacts)
            .join(
              '; ',
            )} ${reading.otherGender.length === 1 ? 'is' : 'are'} ${footballOf(reading.otherGender[0] as League)}, not what was asked.`
        : '';
    throw new InvalidArgumentError(
      'league',
      `"${league}" is not a league name the API knows.${uncovered}${closest}`,
      suggestions,
      { kind: 'leagues' },
    );
  }
}

const SHOWN = 8;

function footballOf(league: League): string {
  const gender = genderOf(league);
  return gender ? `${gender}'s football` : 'football of a gender the API does not give';
}

/** `read "WSL" as Women's Super League (England, women, tier 1)`, and the other leagues the words fit. */
function readingNote(words: string, league: League, others: readonly League[]): string {
  const also =
    others.length > 0
      ? `; the words also fit ${others.slice(0, 4).map(leagueWithFacts).join(', ')}${others.length > 4 ? ` and ${others.length - 4} more` : ''}: pass one of those by name for it`
      : '';
  return `league "${words}" read as ${leagueWithFacts(league)}${also}.`;
}

/**
 * Three league names of the gender and level asked (when the words ask them): those of the country the
 * words name first (top tier first), then the nearest.
 */
function closestLeagues(input: string, all: readonly League[], asked?: Asked): string[] {
  const leagues = asked
    ? all.filter((l) =>
        hasFacts(l, {
          core: [],
          ...(asked.gender ? { gender: asked.gender } : {}),
          ...(asked.youth ? { youth: true } : {}),
        }),
      )
    : all;
  const country = countryIn(
    input,
    leagues.flatMap((l) => (l.country ? [l.country] : [])),
  );
  const women = asked?.gender === 'women' || /\bwom[ae]n|\bfemin|\bladies\b/i.test(input);
  // Men's or women's leagues as the words say (men's when they do not), each side top tier first.
  const rank = (l: League) =>
    ((genderOf(l) === 'women') === women ? 0 : 100) + (isYouth(l) ? 50 : 0) + (levelNumber(l.level) ?? 99);
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
