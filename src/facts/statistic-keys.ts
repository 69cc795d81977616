import type { ApiClient } from '../api/client.js';
import { InvalidArgumentError } from '../api/errors.js';
import { publishReadNotes } from '../api/reader/notes-sink.js';
import { carryUnread, markUnread } from '../api/reader/unread.js';
import { nearest } from '../domain/nearest.js';
import { fold } from '../lib/fold.js';
import { keyUncheckedNote, namedByKeyNotes, readGlossaryList } from './glossary-read.js';

/** A statistic as the glossary describes it; name and unit null when it does not say (or is unread). */
export interface Statistic {
  key: string;
  name: string | null;
  unit: string | null;
}

/**
 * The statistic the API knows for `input` (case and separators ignored), checked against the
 * glossary (cached 24 h, every page). An unknown key is refused with the nearest keys. When the glossary cannot
 * be read, for whatever reason (glossary-read.ts), or when a glossary read only in part or listing no statistic
 * cannot confirm the key, the key is sent as given and the API decides; a note says why it was not checked.
 */
export async function checkStatistic(
  api: ApiClient,
  input: string,
  argument: string,
  signal: AbortSignal,
): Promise<Statistic> {
  const unknown: Statistic = { key: input, name: null, unit: null };
  // A glossary that could not be read, or read only in part, may hold the statistic's name and unit: unread.
  const unread = (): Statistic =>
    markUnread({ ...unknown }, { kind: 'statistic', fields: { name: 'name', unit: 'name' }, names: {} });
  const glossary = await readGlossaryList(api, signal);
  if (glossary.list === undefined) {
    publishReadNotes([keyUncheckedNote(input, glossary.why)]);
    return unread();
  }
  const { gap } = glossary;
  const entries: Statistic[] = glossary.keyed
    .filter((e) => e.kind === undefined || e.kind === null || e.kind === 'statistic')
    // What the entry could not read stays unread on its copy (a unit under a name nothing reads).
    .map((e) =>
      carryUnread({ key: e.key, name: e.name ?? null, unit: e.unit ?? null }, e, {
        name: 'name',
        unit: 'unit',
      }),
    );
  const names = new Map(entries.flatMap((e) => (e.name ? [[e.name, e.key] as const] : [])));
  if (entries.length === 0) {
    publishReadNotes([keyUncheckedNote(input, gap ?? 'the glossary lists no statistic')]);
    // Entries not read whole (no key read, pages not read) may hold its name and unit: unread, not absent.
    return gap === undefined ? unknown : unread();
  }
  const keys = entries.map((e) => e.key);
  const wanted = fold(input);
  const key = keys.find((k) => fold(k) === wanted) ?? [...names].find(([name]) => fold(name) === wanted)?.[1];
  const match = entries.find((e) => e.key === key);
  if (match) {
    publishReadNotes(namedByKeyNotes([match.key], new Map([[match.key, match]]), gap));
    return match;
  }
  // A glossary not read whole may hold the key on a page or in an entry not read: the API decides.
  if (gap !== undefined) {
    publishReadNotes([keyUncheckedNote(input, gap)]);
    return unread();
  }
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
