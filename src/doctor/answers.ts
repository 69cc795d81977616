// What doctor reads off an answer besides the route's own reading: the raw rows (for value-guided
// mapping), the paging style the body shows, and the player ids any answer carries.
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

/** Where paging fields sit: the answer itself and its usual side objects. */
const PAGING_HOLDERS = ['meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'links', '_links'];

const NEXT_LINK = ['next', 'next_url', 'nextUrl', 'next_page_url', 'nextPageUrl', 'next_link', 'suivant'];
const CURSOR = ['cursor', 'next_cursor', 'nextCursor', 'endCursor', 'end_cursor', 'after', 'continuation'];
const PAGE = ['page', 'current_page', 'currentPage', 'page_number', 'offset', 'skip'];
const TOTAL = ['total', 'total_count', 'totalCount', 'count_total', 'total_pages', 'totalPages', 'pages'];
const HAS_MORE = ['has_more', 'hasMore', 'has_next', 'hasNext', 'hasNextPage', 'has_next_page', 'more'];

/**
 * The paging styles an answer's body shows: "next link", "cursor", "page/total", "total", "has_more".
 * Empty when it shows none (then a full page is all a client can go by).
 */
export function pagingOf(raw: unknown): string[] {
  if (!isPlainObject(raw)) return [];
  const holders: Json[] = [raw];
  const data = raw.data;
  if (isPlainObject(data)) holders.push(data);
  for (const holder of [...holders])
    for (const name of PAGING_HOLDERS) if (isPlainObject(holder[name])) holders.push(holder[name] as Json);
  const has = (names: readonly string[], test: (v: unknown) => boolean) =>
    holders.some((h) => names.some((n) => n in h && test(h[n])));
  const link = (v: unknown) =>
    (typeof v === 'string' && v.trim() !== '') || (isPlainObject(v) && typeof v.href === 'string');
  const number = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v));
  const styles: string[] = [];
  // `next` holding a page number is page paging, not a link.
  if (has(NEXT_LINK, link) && !has(NEXT_LINK, number)) styles.push('next link');
  if (has(CURSOR, (v) => v === null || link(v) || number(v))) styles.push('cursor');
  const total = has(TOTAL, number);
  if (has(PAGE, number) || has(NEXT_LINK, number)) styles.push(total ? 'page/total' : 'page');
  else if (total) styles.push('total');
  if (has(HAS_MORE, (v) => typeof v === 'boolean')) styles.push('has_more');
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
