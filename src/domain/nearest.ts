import { fold } from '../lib/fold.js';

/** Levenshtein distance, small strings only (role keys, league names). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The `count` candidates closest to `input`, substring matches first. */
export function nearest(input: string, candidates: Iterable<string>, count = 3): string[] {
  const needle = fold(input);
  return [...new Set(candidates)]
    .map((candidate) => {
      const folded = fold(candidate);
      const contains = needle.length >= 3 && (folded.includes(needle) || needle.includes(folded));
      return { candidate, score: editDistance(needle, folded) - (contains ? 100 : 0) };
    })
    .sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate))
    .slice(0, count)
    .map((x) => x.candidate);
}
