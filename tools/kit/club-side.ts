// A club named in words may have several sides: "Chester Rovers" is the men's first team, beside
// "Chester Rovers Women", "Chester Rovers U21". A fit scored for the side of another football than the
// players' (women's players, a men's club) is never given silently: the side of the players' football
// is asked instead, saying so; several such sides are named and the caller asked which.
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import { BadRequestError, InvalidArgumentError, NotFoundError } from '../../src/api/errors.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import type { League, PlayerFit } from '../../src/api/schemas.js';
import { type Gender, genderOf, isYouth } from '../../src/domain/league-reading.js';
import { fold } from '../../src/lib/fold.js';

/** The one gender of the players' leagues, when every one is known and they agree. */
function playersGender(rows: readonly PlayerFit[], gender: (league: string) => Gender | undefined) {
  const genders = new Set(rows.map((r) => (r.league ? gender(r.league) : undefined)));
  return genders.size === 1 ? [...genders][0] : undefined;
}

/**
 * Checks the side a fit was scored for against the players' football; asks `again` for the side of the
 * same name in their football when the one scored is of the other. `club` as the caller wrote it.
 */
export async function fitForTheirFootball<R extends ApiResult<PlayerFit[]>>(
  api: ApiClient,
  club: string | undefined,
  signal: AbortSignal,
  result: R,
  again: (club: string) => Promise<R>,
): Promise<R> {
  const scoredFit = result.data.flatMap((r) => r.fits ?? []).find((f) => f.league);
  const target = scoredFit?.league;
  if (club === undefined || !target) return result;
  // Players of the club's own league play its football: nothing to check, nothing spent.
  if (result.data.every((r) => r.league && fold(r.league) === fold(target))) return result;
  const leagues = await api
    .leagues({ signal })
    .then((r) => r.data.data)
    .catch(() => [] as League[]);
  const byName = new Map(leagues.map((l) => [fold(l.name), l]));
  const gender = (league: string) => {
    const row = byName.get(fold(league));
    return row ? genderOf(row) : undefined;
  };
  const theirs = playersGender(result.data, gender);
  const scored = gender(target);
  if (scored === undefined || theirs === undefined) {
    if (result.data.some((r) => r.league))
      publishReadNotes([
        `Could not check that ${club} (${target}) plays the players' football: the API gives no gender for ${scored === undefined ? target : "every player's league"}.`,
      ]);
    return result;
  }
  if (scored === theirs) return result;
  // The side scored, by the name the API gives it ("Racing Club de Reims" for "Reims").
  const name = scoredFit?.club ?? club;
  const teams = await api
    .teams({ name, firstPage: true, signal })
    .then((r) => r.data.data)
    .catch((lookup: unknown) => {
      if (lookup instanceof BadRequestError || lookup instanceof NotFoundError) return [];
      throw lookup;
    });
  const base = fold(name);
  const sides = teams.filter((t) => {
    const name = fold(t.name ?? '');
    const league = t.league ? byName.get(fold(t.league)) : undefined;
    return (
      (name === base || name.startsWith(`${base}_`)) && league !== undefined && genderOf(league) === theirs
    );
  });
  // The players' own level first: a youth side for youth players, a senior side for the others.
  const youth = result.data.every((r) => {
    const league = r.league ? byName.get(fold(r.league)) : undefined;
    return league !== undefined && isYouth(league);
  });
  const sameLevel = sides.filter((t) => {
    const league = t.league ? byName.get(fold(t.league)) : undefined;
    return league !== undefined && isYouth(league) === youth;
  });
  const candidates = sameLevel.length > 0 ? sameLevel : sides;
  const label = (t: (typeof teams)[number]) =>
    `${t.name}${t.league ? ` (${t.league})` : ''}${t.team_id ? `, team_id ${t.team_id}` : ''}`;
  if (candidates.length === 1) {
    const side = candidates[0] as (typeof teams)[number];
    const answer = await again(side.team_id ?? (side.name as string));
    publishReadNotes([
      `the players play ${theirs}'s football: fit scored for ${label(side)}, the ${theirs}'s side of ${name} (a ${scored}'s side, ${target}).`,
    ]);
    return answer;
  }
  if (candidates.length > 1) {
    throw new InvalidArgumentError(
      'club',
      `The players play ${theirs}'s football; "${club}" was scored as a ${scored}'s side (${target}), and ${candidates.length} ${theirs}'s sides answer to that name: ${candidates.map(label).join('; ')}. Which one? Pass its team_id.`,
      candidates.flatMap((t) => (t.team_id ? [t.team_id] : [])),
    );
  }
  publishReadNotes([
    `${club} is scored as a ${scored}'s side (${target}); the players play ${theirs}'s football, and no ${theirs}'s side of that name was found (search_teams finds clubs by part of their name).`,
  ]);
  return result;
}
