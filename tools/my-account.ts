import { z } from 'zod';
import { aliasesOf } from '../src/api/reader/aliases.js';
import { parseNumber } from '../src/api/reader/display.js';
import { member } from '../src/api/reader/names.js';
import { markUnread, type UnreadWhy, unreadMarks } from '../src/api/reader/unread.js';
import { isPlainObject } from '../src/api/reader/values.js';
import type { SavedItemsResponse } from '../src/api/schemas.js';
import { defineTool } from '../src/mcp/tool.js';
import { Gathering, SECTION_ROUTE_MISSING, sectionReport } from './kit/gather.js';
import { sectionsPlan } from './kit/plan.js';
import { isUnread, joined, shown, shownOr } from './kit/shown.js';
import { table } from './kit/text.js';

const MAX_ITEMS = 50;
const LEAGUES_IN_TEXT = 20;

/**
 * A saved index or preset in one line: its weights, or its call (the parameters as sent, an object:
 * as a string its JSON would be escaped). A description the API leaves out is not sent as null.
 */
type SavedItem = {
  id: string | null;
  name: string;
  description?: string;
  detail: string;
  parameters?: unknown;
};
const SavedItemOut = z.looseObject({ id: z.string().nullable(), name: z.string() });

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
        // Through `shown`: an unread name or detail is left out and named in the answer's note.
        ['name', (i) => joined([shown(i, 'name'), shown(i, 'description')], ': ')],
        [
          'detail',
          (i) =>
            joined(
              [
                shown(i, 'detail'),
                isUnread(i, 'parameters') || i.parameters === undefined ? '' : JSON.stringify(i.parameters),
              ],
              ' ',
            ),
        ],
      ]);
    if (data.indices) lines.push('\nSaved indices:', items(data.indices as SavedItem[]));
    if (data.presets) lines.push('\nSaved presets:', items(data.presets as SavedItem[]));
    return lines.join('\n');
  },
});

function savedItem(item: z.infer<typeof SavedItemsResponse>['data'][number]): SavedItem {
  const list = Array.isArray(item.weights) ? item.weights : undefined;
  const weights = list?.map((w) => {
    const weight = isPlainObject(w) ? w : {};
    const statistic = STATISTIC_NAMES.map((n) => member(weight, n)).find((v) => typeof v === 'string');
    const value = member(weight, 'weight');
    return typeof statistic === 'string' && value != null ? `${statistic} ${weightText(value)}` : undefined;
  });
  // A weight whose statistic or value is under a name not read: the detail is unread, never "undefined 0.35".
  const weightsRead = weights?.every((w) => w !== undefined) ?? false;
  const { endpoint, parameters } = item;
  const call = list === undefined && typeof endpoint === 'string' ? endpoint : undefined;
  const out: SavedItem = {
    id: item.id ?? null,
    // Never the id in the name's place: an unread name is left blank and noted.
    name: item.name ?? '',
    ...(item.description ? { description: item.description } : {}),
    detail: weightsRead ? (weights as string[]).join(', ') : (call ?? ''),
    ...(call !== undefined && parameters != null ? { parameters } : {}),
  };
  const marks = unreadMarks(item);
  const unread = (field: string) =>
    item[field as keyof typeof item] == null && marks?.fields[field] !== undefined;
  const fields: Record<string, UnreadWhy> = {};
  const names: Record<string, readonly string[]> = {};
  const mark = (field: string, from: readonly string[]) => {
    fields[field] = 'name';
    names[field] = [...new Set(from.flatMap((f) => marks?.names[f] ?? []))];
  };
  if (unread('id')) mark('id', ['id']);
  if (unread('name')) mark('name', ['name']);
  if (unread('description')) mark('description', ['description']);
  // The detail is the weights or the call: unread when neither was read and one of them is unread.
  if (list !== undefined && !weightsRead) {
    fields.detail = 'name';
    names.detail = ['weights'];
  } else if (out.detail === '' && (unread('weights') || unread('endpoint')))
    mark('detail', ['weights', 'endpoint']);
  // A call's parameters beside a call read, or where the call itself is unread.
  if (
    list === undefined &&
    parameters == null &&
    unread('parameters') &&
    (call !== undefined || unread('endpoint'))
  )
    mark('parameters', ['parameters']);
  // Marked even with nothing unread: the item is judged by its own reading, not by the run's others (an
  // index has no call, a preset no description).
  return markUnread(out, { kind: 'saved item', fields, names, whole: true });
}

/** The statistic of a weight under the names an API may give it (`kennzahl`, `metric`…), folded. */
const STATISTIC_NAMES = ['statistic', ...aliasesOf('statistic')];

/** A weight as the API wrote it, read as people write numbers ("0,35" is 0.35); kept as sent when unread. */
function weightText(weight: unknown): string {
  if (typeof weight !== 'string') return String(weight);
  const read = parseNumber(weight);
  return typeof read === 'number' ? String(read) : weight;
}
