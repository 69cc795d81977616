// Markdown for a player's card and record sections: short headed blocks with compact tables.

import type { z } from 'zod';
import { roleWithLabel } from '../../src/domain/role-labels.js';
import type { PartFailure } from './gather.js';
import type { PlayerCard, SectionsOut } from './player-sections.js';
import { playerLabel } from './shapes.js';
import { cellFormat, eurosFormat, formatCell, formatEuros, formatRow, table } from './text.js';

type Section<K extends keyof typeof SectionsOut> = NonNullable<z.output<(typeof SectionsOut)[K]>>;

export function cardText(p: PlayerCard): string {
  const facts = [
    p.club && `${p.club} (${p.league ?? '?'})`,
    p.season && `season ${p.season}`,
    p.age !== null && `age ${p.age}`,
    p.position,
    p.nationality,
    p.foot && `${p.foot} foot`,
    p.height_cm && `${p.height_cm} cm`,
    p.minutes !== null && `${p.minutes} min`,
    p.contract_until && `contract until ${p.contract_until}`,
    p.market_value_eur !== null && `value ${formatEuros(p.market_value_eur)}`,
  ].filter(Boolean);
  const lines = [`## ${playerLabel(p)}`, facts.join(' · '), `player_id ${p.player_id}`];
  if (p.primary_role) {
    lines.push(
      `Primary role ${roleWithLabel(p.primary_role)}, performance index ${formatCell(p.performance_index)}`,
    );
  }
  return lines.join('\n');
}

export const SECTION_TEXT: { [K in keyof typeof SectionsOut]: (s: Section<K>) => string } = {
  statistics: (s) => {
    // One line, one format: two statistics that differ never read alike.
    const shown = Object.entries(s.values).filter(([, v]) => v !== null);
    const values = formatRow(shown.map(([, v]) => v));
    return (
      `### Statistics (per ${s.per ?? '90 minutes'}; ${formatCell(s.minutes)} min)\n` +
      shown.map(([k], i) => `${k} ${values[i]}`).join(' · ')
    );
  },
  roles: (s) =>
    `### Best roles\n${table(s, [
      ['role', (r) => roleWithLabel(r.role)],
      ['score', (r) => r.score],
    ])}`,
  strengths: (s) => {
    const all = [...s.strengths, ...s.weaknesses];
    const value = cellFormat(all.map((x) => x.value));
    const percentile = cellFormat(all.map((x) => x.percentile));
    const row = (x: Section<'strengths'>['strengths'][number]) =>
      `${x.statistic} ${value(x.value)} (p${percentile(x.percentile)})`;
    return [
      `### Strengths and weaknesses${s.compared_with ? ` (percentiles among ${s.compared_with})` : ''}`,
      `Strengths: ${s.strengths.map(row).join(', ') || 'none stand out'}`,
      `Weaknesses: ${s.weaknesses.map(row).join(', ') || 'none stand out'}`,
    ].join('\n');
  },
  market_value: (s) => {
    const money = eurosFormat([s.value_eur, s.low_eur, s.high_eur]);
    return `### Market value\n${money(s.value_eur)} (range ${money(s.low_eur)}–${money(s.high_eur)}${
      s.as_of ? `, as of ${s.as_of}` : ''
    })`;
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
      ['id', (r) => r.service_id ?? `${r.player_id} (row)`],
    ])}`,
};

export function sectionsText(sections: { [K in keyof typeof SectionsOut]?: Section<K> }): string[] {
  return (Object.keys(SECTION_TEXT) as (keyof typeof SectionsOut)[]).flatMap((name) => {
    const value = sections[name];
    if (value === undefined) return [];
    return [(SECTION_TEXT[name] as (s: typeof value) => string)(value)];
  });
}

export function failuresText(failures: readonly PartFailure[] | undefined): string[] {
  if (!failures || failures.length === 0) return [];
  return [`### Unavailable\n${failures.map((f) => `- ${f.section}: ${f.error}`).join('\n')}`];
}
