// The two shapes of an answer: a list (in `data`, as the spec says, or under one named array inside
// `data`, or bare) and a record (under `data` or bare). Fields beside the list (history's
// service_id, a summary, meta) are read like a row whose unreadable values become null. Resource
// objects (JSON:API style) are read with the answer's `included` objects at hand (resource.ts).
import { z } from 'zod';
import { SERVICE_ID_PATTERN } from '../../domain/season.js';
import { isAnswerMember } from './api-words.js';
import { fieldName } from './names.js';
import { currentAliases } from './report.js';
import { withIncluded } from './resource.js';
import { row, rowsOf } from './row.js';
import { isPlainObject } from './values.js';

type RowReader = Pick<ReturnType<typeof row>, 'kind' | 'read'> &
  Partial<Pick<ReturnType<typeof row>, 'fields' | 'words'>>;
type RecordReader = RowReader & Partial<Pick<ReturnType<typeof row>, 'readRecord'>>;
type RowOf<R extends RowReader> = Extract<ReturnType<R['read']>, { ok: true }>['value'];

/** Names a list is often found under when `data` is an object rather than the list itself. */
const LIST_NAMES = ['items', 'results', 'rows', 'entries', 'list', 'resultats', 'elements'];

function soleArray(record: Record<string, unknown>, preferred: readonly string[]): string | undefined {
  const arrays = Object.keys(record).filter((k) => Array.isArray(record[k]));
  if (arrays.length === 1) return arrays[0];
  // Names in any casing: `Items`, `ITEMS` and `items` are one list.
  for (const name of [...preferred, ...LIST_NAMES]) {
    const found = arrays.find((k) => fieldName(k) === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

function omit(record: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const out = { ...record };
  for (const key of keys) delete out[key];
  return out;
}

/**
 * `data` as a map of rows (`{"ds_…": {…}, …}`: a batch answered id by id) rather than a list. The spec
 * puts lists in an array, but does not show the shapes of the batch routes (resolve-batch, compare,
 * fit-score). A map when every value is an object and no key is a name the rows read (a single row's
 * field, or an object it lifts): its values are the rows. A key in the spec's service_id form is the
 * row's service_id when the row carries none; any other key is no id we can name, and is not taken.
 * For resolve rows, a map of row ids each to a service_id or null (`{"p20…": "ds_…"}`: "service_id per
 * player", as the spec says of resolve-batch) is each key's row: its player_id and service_id.
 */
function mapOfRows(data: Record<string, unknown>, item: RowReader): unknown[] | undefined {
  const keys = Object.keys(data);
  const { words } = item;
  if (keys.length === 0 || !words) return undefined;
  const aliases = currentAliases();
  const isKey = (key: string) => {
    const name = fieldName(key);
    return !words.has(name) && !aliases.words.has(name) && !isAnswerMember(key, data[key]);
  };
  if (!keys.every(isKey)) return undefined;
  const fields = item.fields ?? [];
  // Rows that say how a person was found (a status: resolve-batch's), keyed by row ids, not persons.
  const resolves = ['player_id', 'service_id', 'status'].every((f) => fields.includes(f));
  const isPersonOrNull = (value: unknown) =>
    value === null || (typeof value === 'string' && SERVICE_ID_PATTERN.test(value));
  const personPerRow = keys.every((key) => !SERVICE_ID_PATTERN.test(key) && isPersonOrNull(data[key]));
  if (resolves && personPerRow) return keys.map((key) => ({ player_id: key, service_id: data[key] }));
  if (!keys.every((key) => isPlainObject(data[key]))) return undefined;
  const serviceIdNames = new Set(['service_id', ...aliases.of('service_id')]);
  return keys.map((key) => {
    const value = data[key] as Record<string, unknown>;
    const carries = Object.keys(value).some((k) => serviceIdNames.has(fieldName(k)));
    const keyed = fields.includes('service_id') && SERVICE_ID_PATTERN.test(key) && !carries;
    return keyed ? { ...value, service_id: key } : value;
  });
}

/** The list of an answer and the fields beside it. */
function findList(
  raw: unknown,
  preferred: readonly string[],
  item: RowReader,
): { list: unknown; rest: Record<string, unknown> } | undefined {
  if (Array.isArray(raw)) return { list: raw, rest: {} };
  if (!isPlainObject(raw)) return undefined;
  const data = raw.data;
  if (Array.isArray(data) || data === null) return { list: data ?? [], rest: omit(raw, 'data') };
  if (isPlainObject(data)) {
    const inner = soleArray(data, preferred);
    if (inner) return { list: data[inner], rest: { ...omit(data, inner), ...omit(raw, 'data') } };
    const rows = mapOfRows(data, item);
    if (rows) return { list: rows, rest: omit(raw, 'data') };
    return undefined;
  }
  if (data === undefined) {
    const inner = soleArray(raw, preferred);
    if (inner) return { list: raw[inner], rest: omit(raw, inner) };
  }
  return undefined;
}

/**
 * A list answer: `{data: rows, ...beside}`. `names` are the names the list may hide under inside
 * `data` (besides the usual ones); `beside` reads the fields next to it.
 */
export function listAnswer<R extends RowReader, B extends z.ZodRawShape = Record<never, never>>(
  item: R,
  options: { names?: readonly string[]; beside?: B } = {},
) {
  const rows = rowsOf(item);
  const besideReader = row(`${item.kind} answer`, (options.beside ?? {}) as B);
  type Beside = Extract<ReturnType<typeof besideReader.read>, { ok: true }>['value'];
  return z.unknown().transform((raw, ctx): Beside & { data: RowOf<R>[] } => {
    const found = findList(raw, options.names ?? [], item);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'no list of rows in data', input: raw });
      return z.NEVER;
    }
    const parsed = withIncluded(raw, () => rows.safeParse(found.list));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: issue?.message ?? 'unreadable list',
        input: raw,
        ...(issue?.code === 'custom' && issue.params ? { params: issue.params } : {}),
      });
      return z.NEVER;
    }
    const beside = besideReader.read(found.rest, 0);
    return { ...(beside.ok ? beside.value : {}), data: parsed.data } as Beside & { data: RowOf<R>[] };
  });
}

function withoutAnswerMembers(raw: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw))
    if (!isAnswerMember(name, value))
      Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
  return record;
}

/** A record answer: `{data: record}`, whether the API sent it under `data` or bare. */
export function recordAnswer<R extends RecordReader>(item: R) {
  return z.unknown().transform((raw, ctx): { data: RowOf<R> } => {
    if (!isPlainObject(raw)) {
      ctx.addIssue({ code: 'custom', message: 'the answer is not a JSON object', input: raw });
      return z.NEVER;
    }
    // A record sent bare shares the top with the answer's own members: those are not its fields.
    const record = isPlainObject(raw.data) ? raw.data : withoutAnswerMembers(raw);
    const result = withIncluded(raw, () =>
      item.readRecord ? item.readRecord(record) : item.read(record, 0),
    );
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: `no readable ${result.at}`, input: raw });
      return z.NEVER;
    }
    return { data: result.value as RowOf<R> };
  });
}
