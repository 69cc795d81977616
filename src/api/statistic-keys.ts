import { nearest } from '../domain/nearest.js';
import { fold } from '../lib/fold.js';
import type { ApiClient } from './client.js';
import { ApiError, InvalidArgumentError } from './errors.js';
import { publishReadNotes } from './reader/notes-sink.js';

/** A statistic as the glossary describes it; name and unit null when it does not say (or is unread). */
export interface Statistic {
  key: string;
  name: string | null;
  unit: string | null;
}

/**
 * The statistic the API knows for `input` (case and separators ignored), checked against the
 * glossary (cached 24 h, every page). An unknown key is refused with the nearest keys. When the glossary cannot
 * be read (route missing, plan, unreadable), the key is sent as given and the API decides.
 */
export async function checkStatistic(
  api: ApiClient,
  input: string,
  argument: string,
  signal: AbortSignal,
): Promise<Statistic> {
  const unknown: Statistic = { key: input, name: null, unit: null };
  let entries: Statistic[];
  let names: Map<string, string>;
  let whole: boolean;
  try {
    const { data, more } = await api.glossary({ signal });
    whole = more === 'no';
    entries = data.data
      .filter((e) => e.kind === undefined || e.kind === null || e.kind === 'statistic')
      .map((e) => ({ key: e.key, name: e.name ?? null, unit: e.unit ?? null }));
    names = new Map(entries.flatMap((e) => (e.name ? [[e.name, e.key] as const] : [])));
  } catch (error) {
    if (error instanceof ApiError && ['bad_response', 'not_found', 'forbidden'].includes(error.kind)) {
      publishReadNotes([glossaryUnreadNote(error)]);
      return unknown;
    }
    throw error;
  }
  if (entries.length === 0) return unknown;
  const keys = entries.map((e) => e.key);
  const wanted = fold(input);
  const key = keys.find((k) => fold(k) === wanted) ?? [...names].find(([name]) => fold(name) === wanted)?.[1];
  const match = entries.find((e) => e.key === key);
  if (match) return match;
  // A glossary not read to its end may hold the key on a page not read: the API decides.
  if (!whole) return unknown;
  // Names count as candidates too ("expected goals" is closer to "Expected goals" than to any key).
  const byName = (candidate: string) => names.get(candidate) ?? candidate;
  const suggestions = [...new Set(nearest(input, [...keys, ...names.keys()], 6).map(byName))].slice(0, 3);
  throw new InvalidArgumentError(
    argument,
    `"${input}" is not a statistic key. Closest: ${suggestions.join(', ')}.`,
    suggestions,
    { kind: 'statistics' },
  );
}

/** What an answer says when the glossary cannot be read: its statistics are named from their keys. */
export function glossaryUnreadNote(error: ApiError): string {
  const why = error.status !== undefined ? `status ${error.status}` : error.kind.replaceAll('_', ' ');
  return `The glossary could not be read (${why}): statistics are named from their keys, without the glossary's names and units.`;
}
