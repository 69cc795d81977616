import { fold, nearest } from '../domain/nearest.js';
import type { ApiClient } from './client.js';
import { ApiError, InvalidArgumentError } from './errors.js';
import { readPages } from './list-pages.js';
import { GlossaryResponse } from './schemas.js';

/**
 * The statistic key the API knows for `input` (case and separators ignored), checked against the
 * glossary (cached 24 h, every page). An unknown key is refused with the nearest keys. When the glossary cannot
 * be read (route missing, plan, unreadable), the key is sent as given and the API decides.
 */
export async function checkStatistic(
  api: ApiClient,
  input: string,
  argument: string,
  signal: AbortSignal,
): Promise<string> {
  let keys: string[];
  let names: Map<string, string>;
  let whole: boolean;
  try {
    const { data, more } = await readPages(api, 'glossary', GlossaryResponse, { signal });
    whole = more === 'no';
    const statistics = data.data.filter(
      (e) => e.kind === undefined || e.kind === null || e.kind === 'statistic',
    );
    keys = statistics.map((e) => e.key);
    names = new Map(statistics.flatMap((e) => (e.name ? [[e.name, e.key] as const] : [])));
  } catch (error) {
    if (error instanceof ApiError && ['bad_response', 'not_found', 'forbidden'].includes(error.kind))
      return input;
    throw error;
  }
  if (keys.length === 0) return input;
  const wanted = fold(input);
  const match =
    keys.find((k) => fold(k) === wanted) ?? [...names].find(([name]) => fold(name) === wanted)?.[1];
  if (match) return match;
  // A glossary not read to its end may hold the key on a page not read: the API decides.
  if (!whole) return input;
  // Names count as candidates too ("expected goals" is closer to "Expected goals" than to any key).
  const byName = (candidate: string) => names.get(candidate) ?? candidate;
  const suggestions = [...new Set(nearest(input, [...keys, ...names.keys()], 6).map(byName))].slice(0, 3);
  throw new InvalidArgumentError(
    argument,
    `"${input}" is not a statistic key. Closest: ${suggestions.join(', ')}. get_glossary lists them all.`,
    suggestions,
  );
}
