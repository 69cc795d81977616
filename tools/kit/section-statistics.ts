// A player's sections with every statistic under the glossary's key: an API that names a statistic by
// its label ("Goals (per 90)") or in another casing in its statistics map or in its strengths and
// weaknesses is read as the key the glossary gives it, so the same statistic is never shown twice
// nor a label taken for a statistic of its own. The note says once which names were read so.
// A name that is no statistic (statistic-placement.ts) leaves the statistics for their `unplaced` fields,
// under the API's name; a strength or weakness so named stays in its list, under the API's name: both said.
import { fieldName } from '../../src/api/reader/names.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import {
  canonicalNote,
  canonicalStatistic,
  canonicalStatistics,
  statisticForms,
} from '../../src/facts/statistic-canon.js';
import type { Sections } from './player-sections.js';
import type { GlossaryAsRead } from './statistic-labels.js';
import { type Unplaced, unplacedNote, unplacedWhy } from './statistic-placement.js';

type Percentiles = NonNullable<NonNullable<Sections['strengths']>['strengths']>;
type Values = NonNullable<Sections['statistics']>['values'];

export function canonicalSections(sections: Sections, glossary: GlossaryAsRead): Sections {
  if (!sections.statistics && !sections.strengths) return sections;
  const forms = statisticForms(glossary);
  const renamed = new Map<string, string>();
  const unconfirmed = new Set<string>();
  const why = unplacedWhy(glossary);
  const notStatistics = new Map<string, Unplaced>();
  const notRanked = new Map<string, Unplaced>();
  const keyOf = (name: string) => {
    const key = forms.get(name) === name ? name : canonicalStatistic(name, forms);
    if (key === undefined && untiedName(name, glossary)) unconfirmed.add(name);
    if (key === undefined || key === name) return name;
    renamed.set(name, key);
    return key;
  };
  /** Whether a name kept as the API wrote it (no glossary key) is a field that cannot be placed. */
  const unplaced = (name: string, into: Map<string, Unplaced>) => {
    if (glossary.has(name)) return false;
    const reason = why(name);
    if (reason === undefined) return false;
    into.set(name, reason);
    return true;
  };
  const list = (rows: Percentiles | null) =>
    rows === null
      ? null
      : rows.map((r) => {
          if (r.statistic === null) return r;
          const statistic = keyOf(r.statistic);
          unplaced(statistic, notRanked);
          return { ...r, statistic };
        });
  const out: Sections = { ...sections };
  if (sections.statistics) {
    const all = canonicalStatistics(sections.statistics.values, forms, renamed);
    const values: Values = {};
    const others: Values = {};
    for (const [name, value] of Object.entries(all)) {
      if (unplaced(name, notStatistics)) others[name] = value;
      else values[name] = value;
    }
    // The API's own names beside the glossary's keys (canonical forms: `<field>_api`).
    const apiForms = Object.fromEntries(
      [...renamed].filter(([, key]) => key in values).map(([name, key]) => [key, name]),
    );
    out.statistics = {
      ...sections.statistics,
      values,
      ...(Object.keys(apiForms).length > 0 ? { values_api: apiForms } : {}),
      ...(Object.keys(others).length > 0 ? { unplaced: others } : {}),
    };
  }
  if (sections.strengths)
    out.strengths = {
      ...sections.strengths,
      strengths: list(sections.strengths.strengths),
      weaknesses: list(sections.strengths.weaknesses),
    };
  // A statistic kept under the API's name: a label the glossary could not tie to a key is said.
  if (out.statistics)
    for (const name of Object.keys(sections.statistics?.values ?? {}))
      if (name in out.statistics.values) keyOf(name);
  for (const name of [...notStatistics.keys(), ...notRanked.keys()]) unconfirmed.delete(name);
  publishReadNotes([
    ...canonicalNote(renamed),
    ...unconfirmedNote(unconfirmed),
    ...unplacedNote('the statistics', notStatistics),
    ...unplacedNote('the strengths and weaknesses', notRanked),
  ]);
  return out;
}

/**
 * A statistic's name the glossary did not tie to a key that is no key of the API's own making: a label
 * (words, not a key), or a key of the glossary behind words of the API's (`kutruneis_goals`: a statistics
 * map under a name of its own flattened with `_`, `goals` a key): shown as the API wrote it, and said.
 */
export function untiedName(name: string, glossary: GlossaryAsRead): boolean {
  if (fieldName(name) !== name) return true;
  if (glossary.has(name)) return false;
  for (let i = name.indexOf('_'); i > 0; i = name.indexOf('_', i + 1))
    if (glossary.has(name.slice(i + 1))) return true;
  return false;
}

/** Names that look like labels, not keys, the glossary (unread, or read in part) could not tie to a key. */
export function unconfirmedNote(names: ReadonlySet<string>): string[] {
  if (names.size === 0) return [];
  const shown = [...names].slice(0, 3).map((n) => `"${n}"`);
  const more = names.size > 3 ? ` and ${names.size - 3} more` : '';
  return [
    `Statistics named by a label the glossary did not tie to a key, shown as the API wrote them: ${shown.join(', ')}${more}.`,
  ];
}
