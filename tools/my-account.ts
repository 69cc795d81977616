import { z } from 'zod';
import { parseNumber } from '../src/api/reader/display.js';
import { member } from '../src/api/reader/names.js';
import { publishReadNotes } from '../src/api/reader/notes-sink.js';
import { isPlainObject } from '../src/api/reader/values.js';
import type { SavedItemsResponse } from '../src/api/schemas.js';
import { defineTool } from '../src/mcp/tool.js';
import { Gathering, SECTION_ROUTE_MISSING, sectionReport } from './kit/gather.js';
import { sectionsPlan } from './kit/plan.js';
import { isUnread, joined, shownOr } from './kit/shown.js';
import { table } from './kit/text.js';

const MAX_ITEMS = 50;
const LEAGUES_IN_TEXT = 20;

/**
 * A saved index or preset in one line: its weights, or its call (the parameters as sent, an object:
 * as a string its JSON would be escaped). A description the API leaves out is not sent as null.
 */
type SavedItem = { id: string; name: string; description?: string; detail: string; parameters?: unknown };
const SavedItemOut = z.looseObject({ id: z.string(), name: z.string() });

/** Plan, daily limit, expiry and leagues: what the API left empty said so, what was unread left out. */
function accountLine(
  data: { plan?: string; daily_limit?: number; expires_at?: string },
  unlimited: boolean,
  leagues: string | undefined,
): string {
  const plan = shownOr(data, 'plan', 'not given');
  const limit = shownOr(data, 'daily_limit', unlimited ? 'unlimited' : 'not given');
  const expires = shownOr(data, 'expires_at', 'not given');
  return joined(
    [plan && `plan ${plan}`, limit && `daily limit ${limit}`, expires && `expires ${expires}`, leagues],
    '; ',
  );
}

export default defineTool({
  name: 'my_account',
  title: 'My account',
  toolset: 'account',
  description:
    "The API key's plan, daily limit, expiry and leagues; sections indices and presets (saved, read only). 1 request, +1 a section, cached 5 min. Quota alone: quota_status.",
  input: {
    sections: z
      .array(z.enum(['indices', 'presets']))
      .max(2)
      .default([]),
  },
  output: z.object({
    // Absent when the API gives none (an unlimited plan's limit, a key without an expiry date).
    plan: z.string().optional(),
    daily_limit: z.number().optional(),
    expires_at: z.string().optional(),
    leagues: z
      .union([z.literal('all'), z.array(z.string())])
      .nullable()
      .describe('"all", the league names, or null when the API does not say.'),
    indices: z.array(SavedItemOut).optional(),
    presets: z.array(SavedItemOut).optional(),
  }),
  extra: { failed_sections: z.record(z.string(), z.string()).optional() },
  async run({ sections }, ctx) {
    const { api } = ctx;
    const run = new Gathering(1 + new Set(sections).size, ctx, sectionsPlan(1 + new Set(sections).size));
    const [profile, indices, presets] = await Promise.all([
      run.required('record', (signal) => api.profile({ signal })),
      sections.includes('indices')
        ? run.optional('indices', (signal) => api.savedIndices({ signal }), SECTION_ROUTE_MISSING)
        : undefined,
      sections.includes('presets')
        ? run.optional('presets', (signal) => api.savedPresets({ signal }), SECTION_ROUTE_MISSING)
        : undefined,
    ]);
    const p = profile.data;
    const leagues = Array.isArray(p.leagues)
      ? p.leagues
      : p.leagues === 'all'
        ? ('all' as const)
        : typeof p.leagues === 'string'
          ? [p.leagues]
          : null;
    const data = {
      ...(p.plan != null ? { plan: p.plan } : {}),
      ...(p.daily_limit != null ? { daily_limit: p.daily_limit } : {}),
      ...(p.expires_at != null ? { expires_at: p.expires_at } : {}),
      leagues,
      ...(indices ? { indices: indices.data.slice(0, MAX_ITEMS).map(savedItem) } : {}),
      ...(presets ? { presets: presets.data.slice(0, MAX_ITEMS).map(savedItem) } : {}),
    };
    const { notes, failed_sections } = sectionReport(run.failures);
    for (const [name, list] of [
      ['indices', indices],
      ['presets', presets],
    ] as const)
      if (list && list.data.length > MAX_ITEMS)
        notes.push(`${name}: first ${MAX_ITEMS} of ${list.data.length} shown.`);
    return { ...run.envelope(), data, extra: failed_sections ? { failed_sections } : {}, notes };
  },
  text: ({ data, quota }) => {
    const leagues =
      data.leagues === null
        ? isUnread(data, 'leagues')
          ? undefined
          : 'leagues not reported: list_leagues shows them'
        : data.leagues === 'all'
          ? 'all leagues'
          : `${data.leagues.length} leagues: ${data.leagues.slice(0, LEAGUES_IN_TEXT).join(', ')}${data.leagues.length > LEAGUES_IN_TEXT ? ', …' : ''}`;
    const lines = [accountLine(data, quota.unlimited, leagues)];
    const items = (rows: SavedItem[]) =>
      table(rows, [
        ['id', (i) => i.id],
        ['name', (i) => (i.description ? `${i.name}: ${i.description}` : i.name)],
        [
          'detail',
          (i) => (i.parameters === undefined ? i.detail : `${i.detail} ${JSON.stringify(i.parameters)}`),
        ],
      ]);
    if (data.indices) lines.push('\nSaved indices:', items(data.indices as SavedItem[]));
    if (data.presets) lines.push('\nSaved presets:', items(data.presets as SavedItem[]));
    return lines.join('\n');
  },
});

function savedItem(item: z.infer<typeof SavedItemsResponse>['data'][number]): SavedItem {
  // Fields the item's row does not read, found in any casing (`Weights`, `Endpoint`).
  const listed = member(item, 'weights');
  const weights = Array.isArray(listed) ? weightsText(item.id, listed) : undefined;
  const endpoint = member(item, 'endpoint');
  const parameters = member(item, 'parameters');
  const call = weights === undefined && typeof endpoint === 'string' ? endpoint : undefined;
  return {
    id: item.id,
    name: item.name ?? item.id,
    ...(item.description ? { description: item.description } : {}),
    detail: weights ?? call ?? '',
    ...(call !== undefined && parameters !== undefined ? { parameters } : {}),
  };
}

/**
 * "pressures 0.4, xg 0.4": each weight with its statistic. When a weight's statistic or value sits under a
 * name not read, the detail is blank and a note says so: never "undefined 0.4", never a part shown as all.
 */
function weightsText(id: string, listed: readonly unknown[]): string {
  const read: string[] = [];
  for (const w of listed) {
    const weight = isPlainObject(w) ? w : {};
    const statistic = member(weight, 'statistic');
    const value = member(weight, 'weight');
    if (typeof statistic === 'string' && value !== undefined) read.push(`${statistic} ${weightText(value)}`);
  }
  if (read.length === listed.length) return read.join(', ');
  publishReadNotes([
    `${id}: detail (its weights) not shown: ${listed.length - read.length} of ${listed.length} weights name their statistic or weight under names not read.`,
  ]);
  return '';
}

/** A weight as the API wrote it, read as people write numbers ("0,35" is 0.35); kept as sent when unread. */
function weightText(weight: unknown): string {
  if (typeof weight !== 'string') return String(weight);
  const read = parseNumber(weight);
  return typeof read === 'number' ? String(read) : weight;
}
