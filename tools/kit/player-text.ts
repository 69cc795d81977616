// Markdown for a player's card and record sections: short headed blocks with compact tables.

import type { z } from 'zod';
import { familyOf } from '../../src/domain/position-statistics.js';
import { FAMILY_LABELS, roleWithLabel } from '../../src/domain/role-labels.js';
import type { RoleFamily } from '../../src/domain/roles.js';
import type { PartFailure } from './gather.js';
import type { PlayerCard, SectionsOut } from './player-sections.js';
import { idCell, playerLabel } from './shapes.js';
import { isUnread, joined, shown, shownText } from './shown.js';
import { type Glossary, leftOutText, positionRows, statisticLabel } from './statistic-labels.js';
import { cellFormat, eurosFormat, formatCell, formatEuros, formatRow, table } from './text.js';

type Section<K extends keyof typeof SectionsOut> = NonNullable<z.output<(typeof SectionsOut)[K]>>;

export function cardText(p: PlayerCard): string {
  // Each fact when read; an empty one left out (an unread one is named in the answer's note).
  const club = shownText(p, 'club');
  const league = shownText(p, 'league');
  const fact = <K extends keyof PlayerCard & string>(field: K, say: (value: string) => string) => {
    const value = shownText(p, field);
    return value === undefined ? undefined : say(value);
  };
  const value = shown(p, 'market_value_eur');
  const facts = joined(
    [
      club && league ? `${club} (${league})` : (club ?? league),
      fact('season', (s) => `season ${s}`),
      fact('age', (a) => `age ${a}`),
      fact('birth_date', (d) => `born ${d}`),
      fact('position', words),
      fact('nationality', (n) => n),
      fact('foot', footText),
      fact('height_cm', (h) => `${h} cm`),
      fact('minutes', (m) => `${m} min`),
      fact('appearances', (a) => `${a} ${a === '1' ? 'appearance' : 'appearances'}`),
      fact('contract_until', (c) => `contract until ${c}`),
      value !== undefined && `value ${formatEuros(value)}`,
    ],
    ' · ',
  );
  const asOf = shownText(p, 'data_as_of');
  const lines = [
    `## ${playerLabel(p)}`,
    facts,
    `player_id ${p.player_id}${asOf ? ` · data as of ${asOf}` : ''}`,
  ];
  // Each asked on its own: an unread index is noted even when the role is not shown.
  const role = shown(p, 'primary_role');
  const index = shown(p, 'performance_index');
  const indexText = index !== undefined ? `performance index ${formatCell(index)}` : undefined;
  if (role) lines.push(`Primary role ${roleWithLabel(role)}${indexText ? `, ${indexText}` : ''}`);
  else if (indexText) lines.push(`${indexText[0]?.toUpperCase()}${indexText.slice(1)}`);
  return lines.filter((line) => line !== '').join('\n');
}

/** " (per 90 minutes; 1840 min)": the basis and the minutes, each when the API gave it. */
function statisticsBasis(s: { per?: string | null; minutes?: number | null }): string {
  const minutes = shownText(s, 'minutes');
  const basis = joined([shownText(s, 'per') && `per ${s.per}`, minutes && `${minutes} min`], '; ');
  return basis ? ` (${basis})` : '';
}

/** "Strengths: a, b"; "none stand out" only when the API listed none, nothing when unread (noted). */
function listed(label: string, items: readonly string[], unread: boolean): string | undefined {
  if (items.length > 0) return `${label}: ${items.join(', ')}`;
  return unread ? undefined : `${label}: none stand out`;
}

/** "both" → "both feet", "left" → "left foot". */
function footText(foot: string): string {
  const f = words(foot);
  return /^(both|either|two)\b/i.test(f) ? `${f} feet` : /\bfoot|feet\b/i.test(f) ? f : `${f} foot`;
}

/** A position as words: "central_midfielder" → "central midfielder". */
function words(text: string): string {
  return text.replaceAll('_', ' ');
}

/** A group of players as words: a family key as its label ("57 centre-backs of Ligue 1"), no underscores. */
function groupWords(text: string): string {
  return words(
    text.replace(/[a-z]+(_[a-z]+)*/gi, (key) =>
      Object.hasOwn(FAMILY_LABELS, key) ? (FAMILY_LABELS[key as RoleFamily] as string).toLowerCase() : key,
    ),
  );
}

/** The player's position family, to show only his position's statistics (undefined: all of them). */
export type Family = RoleFamily | undefined;

export function familyOfCard(p: Pick<PlayerCard, 'primary_role' | 'position'>): Family {
  return familyOf(p.primary_role, p.position);
}

/** Statistics of `values` for `family`, with the line that says how many were left out. */
function forPosition<T>(
  rows: readonly T[],
  key: (row: T) => string | null,
  blank: (row: T) => boolean,
  family: Family,
): { rows: T[]; left: number } {
  const keys = rows.map(key).filter((k): k is string => k !== null);
  const { shown } = positionRows(keys, [family], (k) => rows.filter((r) => key(r) === k).every(blank));
  // A row whose statistic could not be read is of no position we know: kept, never left out as another's.
  const kept = rows.filter((r) => {
    const k = key(r);
    return k === null || shown.includes(k);
  });
  return { rows: kept, left: rows.length - kept.length };
}

/** The fields that are no statistic, under the API's names, on a line of their own (the note says why). */
function unplacedText(unplaced: Readonly<Record<string, number | null>> | undefined): string {
  const given = Object.entries(unplaced ?? {}).filter(([, v]) => v !== null);
  if (given.length === 0) return '';
  const values = formatRow(given.map(([, v]) => v));
  return `Not placed as statistics, under the API's names: ${given.map(([k], i) => `${k} ${values[i]}`).join(' · ')}`;
}

/** The statistic keys a player's sections name in their text: the ones the glossary is read for. */
export function namedStatistics(sections: {
  statistics?: Section<'statistics'>;
  strengths?: Section<'strengths'>;
}): string[] {
  const { statistics, strengths } = sections;
  return [
    ...new Set([
      ...Object.keys(statistics?.values ?? {}),
      ...[...(strengths?.strengths ?? []), ...(strengths?.weaknesses ?? [])].flatMap((x) =>
        x.statistic === null ? [] : [x.statistic],
      ),
    ]),
  ];
}

/** Sections whose text names statistics: asking one of them reads the glossary for their names. */
export const NAMING_SECTIONS: readonly (keyof typeof SectionsOut)[] = ['statistics', 'strengths'];

export const SECTION_TEXT: {
  [K in keyof typeof SectionsOut]: (s: Section<K>, family: Family, glossary?: Glossary) => string;
} = {
  statistics: (s, family, glossary) => {
    // One line, one format: two statistics that differ never read alike.
    const all = Object.entries(s.values);
    const { rows, left } = forPosition(
      all,
      ([k]) => k,
      ([, v]) => v === null,
      family,
    );
    const shown = rows.filter(([, v]) => v !== null);
    const values = formatRow(shown.map(([, v]) => v));
    return [
      `### Statistics${statisticsBasis(s)}`,
      shown.map(([k], i) => `${statisticLabel(k, glossary)} ${values[i]}`).join(' · '),
      leftOutText(left),
      unplacedText(s.unplaced),
    ]
      .filter(Boolean)
      .join('\n');
  },
  roles: (s) =>
    `### Best roles\n${table(s, [
      ['role', (r) => (r.role === null ? null : roleWithLabel(r.role))],
      ['score', (r) => r.score],
    ])}`,
  strengths: (s, family, glossary) => {
    const strengths = forPosition(
      s.strengths ?? [],
      (x) => x.statistic,
      (x) => x.value === null,
      family,
    );
    const weaknesses = forPosition(
      s.weaknesses ?? [],
      (x) => x.statistic,
      (x) => x.value === null,
      family,
    );
    const all = [...strengths.rows, ...weaknesses.rows];
    const value = cellFormat(all.map((x) => x.value));
    const percentile = cellFormat(all.map((x) => x.percentile));
    const group = shown(s, 'compared_with');
    const row = (x: NonNullable<Section<'strengths'>['strengths']>[number]) =>
      joined(
        [
          x.statistic === null ? shownText(x, 'statistic') : statisticLabel(x.statistic, glossary),
          x.value === null && isUnread(x, 'value') ? undefined : value(x.value),
          `(p${percentile(x.percentile)})`,
        ],
        ' ',
      );
    return [
      `### Strengths and weaknesses${group ? ` (percentiles among ${groupWords(group)})` : ''}`,
      listed('Strengths', strengths.rows.map(row), isUnread(s, 'strengths')),
      listed('Weaknesses', weaknesses.rows.map(row), isUnread(s, 'weaknesses')),
      leftOutText(strengths.left + weaknesses.left),
    ]
      .filter(Boolean)
      .join('\n');
  },
  market_value: (s) => {
    const money = eurosFormat([s.value_eur, s.low_eur, s.high_eur]);
    // An unread bound is said so, never a dash beside the others; a range the API did not give is left out.
    const unread = (field: 'low_eur' | 'high_eur') => s[field] === null && isUnread(s, field);
    const bound = (field: 'low_eur' | 'high_eur') => (unread(field) ? 'not read' : money(s[field]));
    const range =
      unread('low_eur') && unread('high_eur')
        ? 'range not read'
        : unread('low_eur') || unread('high_eur')
          ? `range ${bound('low_eur')} to ${bound('high_eur')}`
          : s.low_eur !== null || s.high_eur !== null
            ? `range ${money(s.low_eur)}–${money(s.high_eur)}`
            : undefined;
    const value = s.value_eur === null && isUnread(s, 'value_eur') ? 'Value not read' : money(s.value_eur);
    const beside = joined([range, s.as_of ? `as of ${s.as_of}` : undefined]);
    return `### Market value\n${value}${beside ? ` (${beside})` : ''}`;
  },
  projections: (s) =>
    `### League projections\n${table(s, [
      ['league', (r) => r.league],
      ['projected', (r) => r.projected_score],
      ['now', (r) => r.current_score],
      ['delta', (r) => r.delta],
    ])}`,
  similar: (s) =>
    `### Similar profiles\n${table(s, [
      ['name', (r) => r.name],
      ['club', (r) => r.club],
      ['league', (r) => r.league],
      ['age', (r) => r.age],
      ['similarity', (r) => r.similarity],
      ['id', idCell],
    ])}`,
};

export function sectionsText(
  sections: { [K in keyof typeof SectionsOut]?: Section<K> },
  family: Family = undefined,
  glossary?: Glossary,
): string[] {
  return (Object.keys(SECTION_TEXT) as (keyof typeof SectionsOut)[]).flatMap((name) => {
    const value = sections[name];
    if (value === undefined) return [];
    return [
      (SECTION_TEXT[name] as (s: typeof value, f: Family, g?: Glossary) => string)(value, family, glossary),
    ];
  });
}

export function failuresText(failures: readonly PartFailure[] | undefined): string[] {
  if (!failures || failures.length === 0) return [];
  return [`### Unavailable\n${failures.map((f) => `- ${f.section}: ${f.error}`).join('\n')}`];
}
