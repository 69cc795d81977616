// A club argument the API does not know ("Reims" for "Racing Club de Reims"): the teams matching it are
// looked up (GET /v1/teams?q=, cached); one match is taken, and the answer says so; several are named,
// with where to find more. The same mechanism as a league named by country and tier.
import type { ApiClient } from '../../src/api/client.js';
import { BadRequestError, InvalidArgumentError, NotFoundError } from '../../src/api/errors.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import { fold } from '../../src/lib/fold.js';

const SHOWN = 5;

function aboutTheClub(error: unknown): boolean {
  return error instanceof BadRequestError && error.parameter === 'club';
}

/** Runs `call` with `club`; on a refusal of the club, with the one team its words name, or names the candidates. */
export async function withClubHint<T>(
  api: ApiClient,
  club: string | undefined,
  signal: AbortSignal,
  call: (club: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await call(club);
  } catch (error) {
    if (club === undefined || !aboutTheClub(error)) throw error;
    const teams = await api
      .teams({ name: club, firstPage: true, signal })
      .then((r) => r.data.data)
      .catch((lookup: unknown) => {
        if (lookup instanceof BadRequestError || lookup instanceof NotFoundError) return [];
        throw lookup;
      });
    const words = fold(club).split('_').filter(Boolean);
    const matching = teams.filter((t) => {
      const name = `_${fold(t.name ?? '')}_`;
      return words.every((w) => name.includes(`_${w}_`) || name.includes(w));
    });
    const only = baseClub(matching);
    if (only?.name) {
      const result = await call(only.team_id ?? only.name);
      publishReadNotes([
        `club "${club}" read as "${only.name}"${only.team_id ? ` (team_id ${only.team_id})` : ''}.`,
      ]);
      return result;
    }
    const named = (matching.length > 0 ? matching : teams)
      .flatMap((t) => (t.name ? [t.team_id ? `${t.name} (team_id ${t.team_id})` : t.name] : []))
      .slice(0, SHOWN);
    throw new InvalidArgumentError(
      'club',
      `"${club}" is not a club name the API knows.${named.length > 0 ? ` Clubs matching it: ${named.join('; ')}.` : ''} ` +
        'Pass the full name or a team_id; search_teams finds clubs by part of their name.',
      named,
    );
  }
}

/**
 * The one club the matches name: the only match, or the one whose name every other match extends
 * ("Racing Club de Reims" beside its U19 and women's sides).
 */
function baseClub<T extends { name: string | null }>(matches: readonly T[]): T | undefined {
  const named = matches.filter((t): t is T & { name: string } => !!t.name);
  if (named.length === 0 || named.length !== matches.length) return undefined;
  const shortest = [...named].sort((a, b) => a.name.length - b.name.length)[0] as T & { name: string };
  const base = fold(shortest.name);
  return named.every((t) => t === shortest || fold(t.name).startsWith(`${base}_`)) ? shortest : undefined;
}
