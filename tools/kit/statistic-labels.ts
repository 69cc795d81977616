// Statistics as a reader names them in text: the glossary's name and unit ("Pass completion (%)"), else a
// readable form of the key ("pass completion %"); money as euros; and only the statistics of the player's
// position, with a count of the rows left out. The keys themselves stay in structured content.
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import { statLabel } from '../../src/charts/labels.js';
import { isGoalkeeping } from '../../src/domain/position-statistics.js';
import type { RoleFamily } from '../../src/domain/roles.js';
import { glossaryUnreadNote, namedByKeyNotes, readGlossaryList } from '../../src/facts/glossary-read.js';
import type { Gathering } from './gather.js';

export interface StatisticName {
  name: string | null;
  unit: string | null;
}
export type Glossary = ReadonlyMap<string, StatisticName>;
/** The glossary as read: why entries may be missing (`gap`: read only in part, or empty). */
export type GlossaryAsRead = Glossary & { readonly gap?: string };

/**
 * The glossary's name and unit per key (every kind: statistics and indices), read through the cache (a
 * day, free after the first read). A glossary that cannot be read, for whatever reason
 * (src/facts/glossary-read.ts), leaves the labels to the keys' readable form: an empty map and a note saying
 * so, never a failed answer. One read only in part carries why (`gap`), for `namesOf` to say.
 */
export async function readGlossary(api: ApiClient, signal: AbortSignal): Promise<GlossaryAsRead> {
  return (await glossaryRead(api, signal)).data;
}

/** The glossary as one part of a gathering: what its pages cost is counted with the other parts. */
export async function gatherGlossary(gathering: Gathering, api: ApiClient): Promise<GlossaryAsRead> {
  return (await gathering.optional('glossary', (signal) => glossaryRead(api, signal))) ?? new Map();
}

async function glossaryRead(api: ApiClient, signal: AbortSignal): Promise<ApiResult<GlossaryAsRead>> {
  const read = await readGlossaryList(api, signal);
  if (read.list === undefined) {
    publishReadNotes([glossaryUnreadNote(read.why)]);
    return {
      data: new Map(),
      quota: api.quota.current(),
      source: { cached: false, fetched_at: new Date().toISOString() },
    };
  }
  const glossary = new Map(read.keyed.map((e) => [e.key, { name: e.name ?? null, unit: e.unit ?? null }]));
  return { ...read.list, data: Object.assign(glossary, read.gap !== undefined ? { gap: read.gap } : {}) };
}

/** The glossary an answer carries for its text and chart (the outcome's `glossary`), as a map. */
export function glossaryOf(names: Record<string, StatisticName> | undefined): Glossary {
  return new Map(Object.entries(names ?? {}));
}

/**
 * The glossary's entries for `keys` (those it names), for the text and chart beside the keys; the keys it
 * gives no name for, when it gives none or was read only in part, are named in a note of the answer.
 */
export function namesOf(keys: Iterable<string>, glossary: GlossaryAsRead): Record<string, StatisticName> {
  const all = [...keys];
  if (glossary.size > 0 || glossary.gap !== undefined)
    publishReadNotes(namedByKeyNotes(all, glossary, glossary.gap));
  return Object.fromEntries(
    all.flatMap((k) => {
      const entry = glossary.get(k);
      return entry ? [[k, entry] as const] : [];
    }),
  );
}

/** An amount in euros: the glossary says so (EUR, €), or the key ends in _eur. */
export function isMoney(key: string, glossary?: Glossary): boolean {
  const unit = glossary?.get(key)?.unit;
  if (unit) return /^(eur|euros?|€)/i.test(unit.trim());
  return /(^|_)eur$/i.test(key);
}

/**
 * "Pass completion (%)", "Goals (per 90)", "Estimated market value" (money shows its € itself); without a
 * glossary name, the key made readable ("pass completion %", "market value").
 */
export function statisticLabel(key: string, glossary?: Glossary): string {
  const entry = glossary?.get(key);
  const name = entry?.name?.trim() || readable(key);
  const unit = entry?.unit?.trim();
  if (!unit || isMoney(key, glossary) || name.toLowerCase().includes(unit.toLowerCase())) return name;
  return `${name} (${unit})`;
}

function readable(key: string): string {
  return statLabel(key.replace(/_eur$/i, '')).replace(/\s+/g, ' ').trim();
}

/**
 * The statistics to show for players of `families` (one per player, undefined when unknown): goalkeeping
 * ones only when one of them is a keeper, outfield ones left out when they are all keepers and the row is
 * blank for them all. With a family unknown, every row is shown. `left`: how many were left out.
 */
export function positionRows(
  keys: readonly string[],
  families: readonly (RoleFamily | undefined)[],
  blank: (key: string) => boolean,
): { shown: string[]; left: number } {
  if (families.length === 0 || families.some((f) => f === undefined)) return { shown: [...keys], left: 0 };
  const keepers = families.every((f) => f === 'goalkeeper');
  const anyKeeper = families.some((f) => f === 'goalkeeper');
  const shown = keys.filter((k) => (isGoalkeeping(k) ? anyKeeper : !(keepers && blank(k))));
  return { shown, left: keys.length - shown.length };
}

/** The line that says rows were left out, never silently. */
export function leftOutText(left: number): string {
  return left > 0
    ? `${left} statistic${left === 1 ? '' : 's'} of other positions left out (in structured content).`
    : '';
}
