// What doctor reads off an answer besides the route's own reading: the raw rows (for value-guided
// mapping), the paging the server reads in it, and the player ids any answer carries.
import type { PageSignals } from '../api/pagination.js';
import type { Requester } from '../api/pool.js';
import { isPlainObject } from '../api/reader/values.js';
import { admit } from '../api/upstream-text.js';
import type { SecretMask } from '../log.js';

type Json = Record<string, unknown>;

/** Names a list hides under inside `data`, or beside it (as the reader looks for them). */
const LIST_NAMES = ['data', 'items', 'results', 'rows', 'entries', 'list', 'players', 'joueurs'];

/**
 * The rows of a raw answer: a bare list, the list under `data` or one array inside it, or the record
 * itself (bare or under `data`) for a record answer.
 */
export function rawRows(raw: unknown): Json[] {
  const objects = (list: unknown[]) => list.filter(isPlainObject);
  if (Array.isArray(raw)) return objects(raw);
  if (!isPlainObject(raw)) return [];
  const data = raw.data;
  if (Array.isArray(data)) return objects(data);
  const holder = isPlainObject(data) ? data : raw;
  const arrays = Object.keys(holder).filter(
    (k) => Array.isArray(holder[k]) && objects(holder[k] as unknown[]).length,
  );
  const list = arrays.length === 1 ? arrays[0] : LIST_NAMES.find((k) => arrays.includes(k));
  if (list !== undefined) return objects(holder[list] as unknown[]);
  return isPlainObject(data) ? [data] : [];
}

/**
 * An answer's paging as the server reads it (src/api/pagination.ts: body and headers), in words (a next
 * link or a total a header gave named as the header's, `seen` telling which did): the
 * doctor shows what the tools will follow, never a reading of its own. A count beside the list is named
 * only beyond the `rows` of the answer (list-pages.ts reads it as a total then; one holding the rows
 * echoes them). Empty when the answer shows none (then a full page is all a client can go by).
 */
export function pagingOf(
  signals: PageSignals | undefined,
  seen: { linkNext?: boolean; totalHeader?: boolean; rows?: number } = {},
): string[] {
  if (!signals) return [];
  const styles: string[] = [];
  // A header's word is named as the header's: the body's, when it has one too, is the one followed.
  if (signals.next !== undefined) styles.push(seen.linkNext ? 'Link header' : 'next link');
  if (signals.cursor) styles.push(`cursor (sent back as "${signals.cursor.name}")`);
  const counted = signals.totalPages !== undefined || signals.total !== undefined;
  const asked = signals.pageParam ? ` (asked as "${signals.pageParam}")` : '';
  if (signals.page !== undefined) styles.push(`${counted ? 'page/total' : 'page'}${asked}`);
  else if (signals.offset) styles.push(`offset (sent as "${signals.offset.name}")`);
  if (signals.page === undefined && signals.total !== undefined)
    styles.push(seen.totalHeader ? 'total header' : 'total');
  if (signals.hasMore !== undefined) styles.push('has_more');
  if (signals.count !== undefined && (seen.rows === undefined || signals.count > seen.rows))
    styles.push('count beyond the rows (read as a total)');
  if (signals.facts) {
    const names = signals.facts.flatMap((f) =>
      Object.keys(f.numbers).map((n) => (f.at ? `${f.at}.${n}` : n)),
    );
    styles.push(
      `page facts in words not known (${names.join(', ')}): a list read asks one page more to learn them`,
    );
  }
  return styles;
}

/** The value of a header as one string (repeated ones joined, as HTTP allows for lists). */
export function headerValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text?.trim() || undefined;
}

/**
 * `requester` with the headers of the last answer kept: its Content-Encoding ("identity" when none is
 * named), whether a Link header names a next page or a header states a total, and the count of answers
 * per encoding. The headers pass the key mask first (upstream-text.ts), as the client's do: the doctor's
 * table repeats the coding.
 */
export function watchHeaders(requester: Requester, mask: SecretMask) {
  const seen = {
    encoding: undefined as string | undefined,
    linkNext: false,
    totalHeader: false,
    retryAfter: undefined as string | undefined,
  };
  const encodings: Record<string, number> = {};
  const dispatcher: Requester = {
    close: () => requester.close(),
    ...(requester.ready ? { ready: requester.ready.bind(requester) } : {}),
    request: async (request) => {
      const response = await requester.request(request);
      const { headers } = admit(response, mask);
      const encoding = headerValue(headers['content-encoding']) ?? 'identity';
      encodings[encoding] = (encodings[encoding] ?? 0) + 1;
      seen.encoding = encoding;
      seen.linkNext = /rel\s*=\s*"?next\b/i.test(headerValue(headers.link) ?? '');
      seen.retryAfter = headerValue(headers['retry-after']);
      seen.totalHeader = ['x-total-count', 'x-total', 'total-count'].some((h) =>
        /^\d+$/.test(headerValue(headers[h]) ?? ''),
      );
      return response;
    },
  };
  return {
    dispatcher,
    encodings,
    get encoding() {
      return seen.encoding;
    },
    get linkNext() {
      return seen.linkNext;
    },
    /** Whether the last answer stated a total in a header (X-Total-Count…). */
    get totalHeader() {
      return seen.totalHeader;
    },
    /** The Retry-After of the last answer, as written. */
    get retryAfter() {
      return seen.retryAfter;
    },
    reset() {
      seen.encoding = undefined;
      seen.linkNext = false;
      seen.totalHeader = false;
      seen.retryAfter = undefined;
    },
  };
}

const idText = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value.trim() !== ''
      ? value
      : undefined;

/** Player ids of a read answer, row by row (player_id first, else service_id), and its service_ids. */
export function playerIdsOf(data: unknown): { players: string[]; services: string[] } {
  const body = (data as { data?: unknown })?.data;
  const rows = Array.isArray(body) ? body.filter(isPlainObject) : isPlainObject(body) ? [body] : [];
  const players: string[] = [];
  const services: string[] = [];
  const beside = isPlainObject(data) ? idText((data as Json).service_id) : undefined;
  for (const row of rows) {
    const service = idText(row.service_id);
    const player = idText(row.player_id) ?? service;
    if (player) players.push(player);
    if (service) services.push(service);
  }
  if (beside) services.push(beside);
  return { players, services };
}
