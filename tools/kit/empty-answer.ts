// An empty list explained: which filter kept every row out, with the figure the rows show when asked
// again without it, and what to relax. Asked again (a request a league or page, unless cached) only
// when the answer is empty and a filter the caller set could be the cause.

import type { Quota } from '../../src/api/quota.js';
import { spendingFrom } from '../../src/api/request-tally.js';
import { currentSeason } from '../../src/mcp/season.js';

/** A numeric filter: rows need a figure of at least (`min`) or at most (`max`) `value`. */
export interface Bound<R> {
  /** The argument as the caller writes it: `min_minutes`. */
  argument: string;
  value: number;
  kind: 'min' | 'max';
  figure(row: R): number | null | undefined;
  /** "no player has 1 500 minutes yet" */
  none(value: string): string;
  /** "the most is", "the youngest is" */
  nearest: string;
}

/** A filter that narrows to a part of the rows (a league): rows elsewhere mean it is the one that binds. */
export interface Scope<R> {
  argument: string;
  value: string;
  /** Where a row belongs, to name a few places that have rows. */
  place(row: R): string | null | undefined;
}

export interface Refetched<R> {
  rows: readonly R[];
  /** True when `rows` is every row there is without the filters (no further page). */
  complete: boolean;
  quota: Quota;
}

export interface EmptyExplained {
  notes: string[];
  /** The season the rows read again carry (one), for an empty answer to say the season searched. */
  seasons?: string[];
  /** The quota after the extra request, when one was made. */
  quota?: Quota;
}

/** Places named when rows exist outside a scope. */
const PLACES_NAMED = 3;

/**
 * Notes for an empty answer. `refetch` asks again without every filter in `bounds` and `scope`;
 * `name` names a row. Returns no notes when the answer has rows or no filter was set.
 */
export async function explainEmpty<R>(options: {
  rows: readonly unknown[];
  bounds: readonly Bound<R>[];
  scope?: Scope<R> | undefined;
  name(row: R): string;
  refetch(): Promise<Refetched<R>>;
  /** What else narrows the answer, for when the filters are not the cause: "the roles and season". */
  rest: string;
  /** The season argument as given: none means the API's current season, which may have just begun. */
  season?: string | undefined;
}): Promise<EmptyExplained> {
  const { rows, bounds, scope, name, rest } = options;
  const set = [...bounds.map((b) => b.argument), ...(scope ? [scope.argument] : [])];
  if (rows.length > 0 || set.length === 0) return { notes: [] };
  let again: Refetched<R>;
  // What asking again spent, counted by the client: several leagues or pages are several requests.
  const spending = spendingFrom();
  try {
    again = await options.refetch();
  } catch {
    return {
      notes: [`no rows; asking again without ${words(set)} to see which binds failed, so it is not known.`],
    };
  }
  const { sent } = spending();
  const cost = `Found by asking again without ${words(set)}: ${sent === 0 ? 'a cached answer, no quota used' : `${sent} more request${sent === 1 ? '' : 's'}`}.`;
  const found = again.rows;
  if (found.length === 0)
    return {
      notes: [`no rows even without ${words(set)}: ${rest} leave nothing; relax those. ${cost}`],
      quota: again.quota,
    };
  const among = again.complete ? '' : ` among the ${found.length} rows read without ${words(set)}`;
  const seasons = [
    ...new Set(
      found.flatMap((r) =>
        (r as { season?: unknown }).season ? [String((r as { season?: unknown }).season)] : [],
      ),
    ),
  ];
  const searched = seasons.length === 1 ? { seasons } : {};
  const notes: string[] = [];
  const inScope = scope ? found.filter((r) => same(scope.place(r), scope.value)) : found;
  if (scope && inScope.length === 0) {
    const places = [...new Set(found.map((r) => scope.place(r)).filter((p): p is string => !!p))];
    const named = places.slice(0, PLACES_NAMED).join(', ');
    notes.push(
      `no rows in ${scope.argument} "${scope.value}"${places.length > 0 ? `; rows exist elsewhere (${named}${places.length > PLACES_NAMED ? ', …' : ''})` : ''}: try another ${scope.argument}, or none.`,
    );
  }
  for (const bound of bounds) {
    // Among rows that pass the other filters; when none do, among all (each filter then binds alone).
    const withOthers = inScope.filter((r) => bounds.every((b) => b === bound || passes(b, r)));
    const alone = withOthers.length === 0;
    const others = alone ? inScope : withOthers;
    const shown = others.filter((r) => typeof bound.figure(r) === 'number');
    if (others.some((r) => passes(bound, r))) continue;
    if (shown.length === 0) {
      if (others.length > 0)
        notes.push(
          `${bound.argument} may bind: the rows read without it do not show the figure it filters on.`,
        );
      continue;
    }
    const best = shown.reduce((a, b) => (better(bound, b, a) ? b : a));
    const figure = number(bound.figure(best) as number);
    const relax = bound.kind === 'min' ? `≤ ${figure}` : `≥ ${figure}`;
    // A new season with few minutes played: last season, played out, is the first thing to try.
    const last =
      seasons.length === 1 && seasons[0] === currentSeason() ? seasonBefore(seasons[0]) : undefined;
    if (bound.argument === 'min_minutes' && options.season === undefined && last) {
      notes.push(
        `season ${seasons[0]} (the API's current season) has few minutes played so far: the most is ${figure} (${name(best)})${among}. Try season "${last}" (last season) first, or min_minutes ${relax}.`,
      );
      continue;
    }
    const given = alone
      ? []
      : bounds.filter((b) => b !== bound).map((b) => `${b.argument} ${number(b.value)}`);
    notes.push(
      `${bound.none(number(bound.value))}${given.length > 0 ? ` with ${given.join(', ')}` : ''}; ${bound.nearest} ${figure} (${name(best)})${among}: try ${bound.argument} ${relax}.`,
    );
  }
  const meeting = inScope.find((r) => bounds.every((b) => passes(b, r)));
  if (notes.length === 0 && meeting)
    notes.push(
      `no rows with ${words(set)}, yet rows read without them meet them (e.g. ${name(meeting)}): the API may read these filters differently; try relaxing each in turn.`,
    );
  if (notes.length === 0)
    notes.push(`no rows with ${words(set)}; the rows read without them do not show which binds.`);
  return {
    notes: [...notes.slice(0, -1), `${notes[notes.length - 1]} ${cost}`],
    quota: again.quota,
    ...searched,
  };
}

/** "25-26" before "26-27"; undefined for a label of another form. */
function seasonBefore(season: string): string | undefined {
  const m = /^(\d{2})-(\d{2})$/.exec(season);
  if (!m) return undefined;
  const two = (n: number) => String((n + 100) % 100).padStart(2, '0');
  return `${two(Number(m[1]) - 1)}-${two(Number(m[2]) - 1)}`;
}

function passes<R>(bound: Bound<R>, row: R): boolean {
  const f = bound.figure(row);
  if (typeof f !== 'number') return false;
  return bound.kind === 'min' ? f >= bound.value : f <= bound.value;
}

function better<R>(bound: Bound<R>, a: R, b: R): boolean {
  const fa = bound.figure(a) as number;
  const fb = bound.figure(b) as number;
  return bound.kind === 'min' ? fa > fb : fa < fb;
}

function same(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function words(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** 1 500: a space between thousands, as a scout writes it. */
function number(n: number): string {
  return Math.round(n) === n ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : String(n);
}

/** The age and minutes filters of a player list, for the rows that show `age` and `minutes`. */
export function scoutBounds(
  maxAge: number | undefined,
  minMinutes: number | undefined,
): Bound<{ age?: number | null | undefined; minutes?: number | null | undefined }>[] {
  return [
    ...(minMinutes !== undefined
      ? [
          {
            argument: 'min_minutes',
            value: minMinutes,
            kind: 'min' as const,
            figure: (r: { minutes?: number | null | undefined }) => r.minutes,
            none: (v: string) => `no player has ${v} minutes yet`,
            nearest: 'the most is',
          },
        ]
      : []),
    ...(maxAge !== undefined
      ? [
          {
            argument: 'max_age',
            value: maxAge,
            kind: 'max' as const,
            figure: (r: { age?: number | null | undefined }) => r.age,
            none: (v: string) => `no player is ${v} or younger`,
            nearest: 'the youngest is',
          },
        ]
      : []),
  ];
}
