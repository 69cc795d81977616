// What an answer says of the pages beyond it, read from its raw JSON whatever the style: a next link
// (`links.next`, `next`, `next_url`, `meta.next`), a next cursor (`meta.next_cursor`, `next_cursor`,
// `cursor`...), page numbers (`page`, `total_pages`, `per_page`), a total, `has_more`. The spec shows no
// pagination at all: every name here is a guess, read where it is found, and an answer with none of them
// is one page.
import { isPlainObject } from './reader/values.js';

/** The default request budget of one list read: every page, the first included, is one request. */
export const DEFAULT_MAX_PAGES = 10;

export interface PageSignals {
  /** The next page's address, absolute (resolved against the request that got this answer). */
  next?: string;
  /** The next cursor and the parameter name it goes back under. */
  cursor?: { name: string; value: string };
  /** This page's number, and the number of pages when the API says. */
  page?: number;
  totalPages?: number;
  /** Rows in the whole list, when the API says. */
  total?: number;
  /** Rows per page, when the API says. */
  perPage?: number;
  /** The API's own word on whether more rows follow. */
  hasMore?: boolean;
}

type Json = Record<string, unknown>;

const LINK_NAMES = ['next', 'next_url', 'next_link', 'next_page_url', 'nextUrl', 'nextLink', 'next_href'];
/** Cursor fields and the parameter each is sent back as. */
const CURSOR_NAMES: readonly [field: string, param: string][] = [
  ['next_cursor', 'cursor'],
  ['nextCursor', 'cursor'],
  ['cursor', 'cursor'],
  ['next_page_token', 'page_token'],
  ['nextPageToken', 'pageToken'],
  ['next', 'cursor'],
];
const PAGE_NAMES = ['page', 'current_page', 'page_number', 'currentPage', 'pageNumber'];
const TOTAL_PAGES_NAMES = ['total_pages', 'last_page', 'page_count', 'pages', 'totalPages', 'lastPage'];
const PER_PAGE_NAMES = ['per_page', 'page_size', 'perPage', 'pageSize'];
const TOTAL_NAMES = ['total', 'total_count', 'total_results', 'totalCount', 'totalResults', 'total_items'];
const HAS_MORE_NAMES = ['has_more', 'hasMore', 'has_next', 'has_next_page', 'hasNextPage', 'more'];

/** The objects pagination is found in: the answer itself, and the usual envelopes beside the list. */
function places(raw: Json): Json[] {
  const found: Json[] = [];
  const add = (v: unknown) => {
    if (isPlainObject(v)) found.push(v);
  };
  add(raw);
  for (const name of ['meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'cursor']) {
    add(raw[name]);
    if (isPlainObject(raw.meta)) add(raw.meta[name]);
    if (isPlainObject(raw.data)) add(raw.data[name]);
  }
  if (isPlainObject(raw.data)) add(raw.data);
  return found;
}

function first<T>(objects: readonly Json[], names: readonly string[], read: (v: unknown) => T | undefined) {
  for (const o of objects) {
    for (const name of names) {
      const value = read(o[name]);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

const count = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
};
const flag = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;
const token = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined;
/** A link: a string that reads as an address (absolute, or a path or query relative to the request). */
const link = (v: unknown): string | undefined => {
  const href = isPlainObject(v) ? v.href : v;
  return typeof href === 'string' && /^(https?:\/\/|\/|\?)/i.test(href.trim()) ? href.trim() : undefined;
};

/** The pagination an answer carries; undefined when it carries none. `url` is the request's address. */
export function pageSignals(raw: unknown, url: string): PageSignals | undefined {
  if (!isPlainObject(raw)) return undefined;
  const objects = places(raw);
  const links = [raw.links, isPlainObject(raw.meta) ? raw.meta.links : undefined].filter(isPlainObject);
  const href = first([...links, ...objects], LINK_NAMES, link);
  let next: string | undefined;
  if (href !== undefined) {
    try {
      next = new URL(href, url).href;
    } catch {
      next = undefined;
    }
  }
  let cursor: PageSignals['cursor'];
  for (const o of objects) {
    // `next` holding an address is the link above; holding anything else, a cursor.
    const hit = CURSOR_NAMES.find(([field]) => token(o[field]) !== undefined && link(o[field]) === undefined);
    if (hit) {
      cursor = { name: hit[1], value: token(o[hit[0]]) as string };
      break;
    }
  }
  // `after` alone may be anything (a date filter echoed): a cursor only inside `cursors` (`paging.cursors.after`).
  if (!cursor) {
    const holders = [raw, ...objects].map((o) => o.cursors).filter(isPlainObject);
    const after = holders.map((c) => token(c.after)).find((v) => v !== undefined);
    if (after !== undefined) cursor = { name: 'after', value: after };
  }
  const signals: PageSignals = {
    ...(next !== undefined ? { next } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const page = first(objects, PAGE_NAMES, count);
  const totalPages = first(objects, TOTAL_PAGES_NAMES, count);
  const perPage = first(objects, PER_PAGE_NAMES, count);
  const total = first(objects, TOTAL_NAMES, count);
  const hasMore = first(objects, HAS_MORE_NAMES, flag);
  if (page !== undefined) signals.page = page;
  if (totalPages !== undefined) signals.totalPages = totalPages;
  if (perPage !== undefined) signals.perPage = perPage;
  if (total !== undefined) signals.total = total;
  if (hasMore !== undefined) signals.hasMore = hasMore;
  return Object.keys(signals).length > 0 ? signals : undefined;
}

/**
 * `href` as a path (with its query) to send to this upstream, or undefined when it leads elsewhere:
 * another scheme, host or port, credentials in it, or a path outside the configured base path. A
 * hostile answer must not send our key to another server.
 */
export function ownPath(href: string, origin: string, basePath: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.username !== '' || url.password !== '') return undefined;
  const path = url.pathname;
  if (basePath !== '' && path !== basePath && !path.startsWith(`${basePath}/`)) return undefined;
  // A path that climbs out of the base after decoding (`/base/%2e%2e/x`) is refused too.
  if (/(^|\/)(\.|%2e){2}(\/|$)/i.test(path)) return undefined;
  return path + url.search;
}
