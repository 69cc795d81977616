// The order of a name search: how closely a name matches the words asked, then how prominent the
// player is (minutes, then score), never the alphabet. Rows the API gives in the same place keep its order.
import { foldedWords } from '../../src/lib/fold.js';

/** 0: the whole name; 1: the surname (the name ends with the words); 2: whole words; 3: part of a word. */
export function nameMatch(name: string, query: string): number {
  const asked = foldedWords(query);
  const words = foldedWords(name);
  if (asked.length === 0) return 3;
  const joined = (list: readonly string[]) => list.join(' ');
  if (joined(words) === joined(asked)) return 0;
  if (words.length > asked.length && joined(words.slice(-asked.length)) === joined(asked)) return 1;
  const spaced = ` ${joined(words)} `;
  if (spaced.includes(` ${joined(asked)} `)) return 2;
  return 3;
}

interface Ranked {
  name?: string | null;
  minutes?: number | null;
  score?: number | null;
}

/** `rows` best first for `query`: closeness of the name, then minutes, then score (unknown last). */
export function byNameAndProminence<T extends Ranked>(rows: readonly T[], query: string): T[] {
  const desc = (a: number | null | undefined, b: number | null | undefined) =>
    (b ?? Number.NEGATIVE_INFINITY) - (a ?? Number.NEGATIVE_INFINITY);
  return rows
    .map((row, place) => ({ row, place, match: nameMatch(row.name ?? '', query) }))
    .sort(
      (a, b) =>
        a.match - b.match ||
        desc(a.row.minutes, b.row.minutes) ||
        desc(a.row.score, b.row.score) ||
        a.place - b.place,
    )
    .map((r) => r.row);
}
