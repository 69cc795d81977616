// What an answer says of the pages beyond it, read from its raw JSON and its headers whatever the style:
// a next link (`links.next`, `next`, `next_url`, `meta.next`, an RFC 8288 `Link: <…>; rel="next"`), a
// next cursor (`meta.next_cursor`, `next_cursor`, `cursor`...), page numbers (`page`, `total_pages`,
// `per_page`, `X-Page`...), offset paging (`offset`/`limit` echoed beside the list or in a wrapper), a
// total (`total`, `X-Total-Count`...), a count beside the list larger than the page, `has_more` (with no
// other way on, Stripe's: the rows after the page's last row asked by its id, `starting_after`). The
// spec shows no pagination at all: every name here is a guess, read where it is found, and an answer
// with none of them is one page.
import type { HeaderBag } from './quota.js';
import { fieldName } from './reader/names.js';
import { isPlainObject } from './reader/values.js';

/** The default request budget of one list read: every page, the first included, is one request. */
export const DEFAULT_MAX_PAGES = 10;

export interface PageSignals {
  /** The next page's address, absolute (resolved against the request that got this answer). */
  next?: string;
  /** The last page's address, absolute, when the API gives it (`links.last`, `Link: <…>; rel="last"`). */
  last?: string;
  /** The next cursor and the parameter name it goes back under. */
  cursor?: { name: string; value: string };
  /** This page's number, and the number of pages when the API says. */
  page?: number;
  /**
   * The parameter the next page's number goes back under, when the answer names it: the page echoed
   * under its own name (`page_number: 1`, `seite: 1`) or a field naming it (`page_param: "pg"`).
   * Undefined: `page`.
   */
  pageParam?: string;
  /**
   * The list is paged by numbers only the answer told of (a page echoed under a name we do not know,
   * or a page parameter named), with no count of pages: it ends at an empty page or one shorter than
   * `perPage`.
   */
  pageTold?: true;
  totalPages?: number;
  /** Rows in the whole list, when the API says. */
  total?: number;
  /** Rows per page, when the API says. */
  perPage?: number;
  /** The API's own word on whether more rows follow. */
  hasMore?: boolean;
  /**
   * Offset paging: the offset this page starts at (or, `next`, the one the next page starts at, as the
   * API gave it), the parameter it goes back under, the limit echoed.
   */
  offset?: { name: string; value: number; limit?: number; next?: true };
  /** A count beside the list (`count`, `meta.count`): a total when larger than the page, else an echo. */
  count?: number;
  /**
   * Page facts in words we do not know, where nothing else says how the list goes on (see unknownFacts):
   * not followed as they are; a list read asks the next page once to learn what they mean (list-pages.ts).
   * One place where they are a sign of paging; on a page asked under a parameter they told of, every place.
   */
  facts?: PageFacts[];
}

/**
 * Numbers beside the list under names we do not know, in one place: the answer's top level (`at: ''`)
 * or an object beside the list (`at: 'paginering'`). `param`: the one of them holding the page asked
 * (1, none being sent), the parameter the next page may go under; or, `from: 0`, the one holding 0 (an
 * offset, or a page counted from 0) where none holds 1.
 */
export interface PageFacts {
  at: string;
  numbers: Record<string, number>;
  param?: string;
  from?: 0;
  /** Names holding a 1 that may be the page, when none can be told it: asked in turn after `page`. */
  also?: string[];
}

type Json = Record<string, unknown>;

const LINK_NAMES = [
  'next',
  'next_page',
  'next_url',
  'next_link',
  'next_page_url',
  'nextUrl',
  'nextLink',
  'next_href',
];
/** The last page's address (`last_page` is the page count's name: a number, never read as a link). */
const LAST_LINK_NAMES = ['last', 'last_page_url', 'last_url', 'lastUrl', 'last_link', 'lastLink'];
/** Cursor fields and the parameter each is sent back as. */
const CURSOR_NAMES: readonly [field: string, param: string][] = [
  ['next_cursor', 'cursor'],
  ['nextCursor', 'cursor'],
  ['cursor', 'cursor'],
  ['next_page_token', 'page_token'],
  ['nextPageToken', 'pageToken'],
  ['next', 'cursor'],
];
/**
 * Relay's page info (`pageInfo: {hasNextPage, endCursor}`): the cursor of this page's last row, asked
 * for the rows after it as `after`, Relay's own argument. Read only beside its flag saying a next page
 * exists: on the last page `endCursor` still names the last row.
 */
const RELAY_CURSORS: readonly [cursor: string, flag: string][] = [
  ['endCursor', 'hasNextPage'],
  ['end_cursor', 'has_next_page'],
];
/** The parameter Stripe's lists take the last row's id under, for the rows after it. */
const STRIPE_AFTER = 'starting_after';

const PAGE_NAMES = [
  'page',
  'current_page',
  'page_number',
  'currentPage',
  'pageNumber',
  'page_no',
  'pageNo',
  'pg',
];
/** Names a page number is echoed under that are not the parameter it is sent as (Laravel's `current_page`). */
const PAGE_ECHO_ONLY = new Set(['current_page', 'currentPage']);
/** Fields naming the parameter the page number goes under (`page_param: "pg"`). */
const PAGE_PARAM_NAMES = ['page_param', 'page_parameter', 'pageParam', 'pageParameter', 'page_query_param'];
/** The limit a request sent, echoed: no page's size or count of the list. */
const ASKED_LIMIT_NAMES = new Set(['limit', 'size', 'max', 'take']);
/**
 * Numbers of a paging object that are no page number, whatever they hold; nor is a plural, which counts
 * things (a ranking's `leagues: 1`).
 */
const NOT_A_PAGE = /(^|_)id$|[a-z]Id$|season|saison|year|version|week|count|total|limit|[a-z]s$/i;
/** Numbers of a paging object that count no rows, whatever they hold. */
const NOT_A_COUNT = /(^|_)id$|[a-z]Id$|season|saison|year|version|week/i;
/** The paging objects beside the list, where a field we do not know may still be the page's echo. */
const PAGING_PLACES = ['meta', 'pagination', 'paging', 'page_info', 'pageInfo'];
const TOTAL_PAGES_NAMES = ['total_pages', 'last_page', 'page_count', 'pages', 'totalPages', 'lastPage'];
const PER_PAGE_NAMES = ['per_page', 'page_size', 'perPage', 'pageSize'];
const TOTAL_NAMES = [
  'total',
  'total_count',
  'total_results',
  'totalCount',
  'totalResults',
  'total_items',
  // Spring Data's `page` object.
  'totalElements',
  'total_elements',
];
const HAS_MORE_NAMES = ['has_more', 'hasMore', 'has_next', 'has_next_page', 'hasNextPage', 'more'];
/** Not `start` or `from`: a year or a date filter echoed may hold a number there. */
const OFFSET_NAMES = ['offset', 'skip'];
const NEXT_PAGE_NAMES = ['next_page', 'nextPage', 'next_page_number'];
const NEXT_OFFSET_NAMES = ['next_offset', 'nextOffset', 'next_start', 'next_skip'];
/** `next`, or `next` and a word of paging (`nextPageKey`, `next_token_hint`, `next-marker`). */
const NEXT_OF_PAGING =
  /^next([_-]?(page|offset|cursor|token|link|url|href|key|start|skip|after|marker|batch|results?|items?|rows?|set)|$)/i;
const isSomething = (v: unknown) =>
  v !== null &&
  v !== undefined &&
  v !== false &&
  v !== '' &&
  !(isPlainObject(v) && Object.keys(v).length === 0);
const LIMIT_NAMES = ['limit', 'size', 'max', 'take', ...PER_PAGE_NAMES];
const COUNT_NAMES = ['count', 'total_hits', 'hits', 'num_results', 'numResults'];
/** Every name read as something else: never a page echoed under a name we do not know. */
const KNOWN_NAMES = new Set([
  ...LINK_NAMES,
  ...LAST_LINK_NAMES,
  ...CURSOR_NAMES.map(([field]) => field),
  ...RELAY_CURSORS.map(([field]) => field),
  ...TOTAL_PAGES_NAMES,
  ...PER_PAGE_NAMES,
  ...TOTAL_NAMES,
  ...HAS_MORE_NAMES,
  ...OFFSET_NAMES,
  ...NEXT_PAGE_NAMES,
  ...NEXT_OFFSET_NAMES,
  ...LIMIT_NAMES,
  ...COUNT_NAMES,
]);
/** Headers that state a total, pages, the page size or the next page, as deployments name them. */
const TOTAL_HEADERS = ['x-total-count', 'x-total', 'total-count', 'x-total-results', 'x-result-count'];
const TOTAL_PAGES_HEADERS = ['x-total-pages', 'x-page-count'];
const PAGE_HEADERS = ['x-page', 'x-current-page'];
const PER_PAGE_HEADERS = ['x-per-page', 'x-page-size'];

/** The objects pagination is found in: the answer itself, and the usual envelopes beside the list. */
function places(raw: Json): Json[] {
  const found: Json[] = [];
  const add = (v: unknown) => {
    if (isPlainObject(v)) found.push(v);
  };
  add(raw);
  // `page` as an object: Spring Data's `{size, totalElements, totalPages, number}` (a number there is this page's).
  for (const name of ['meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'cursor', 'page']) {
    add(raw[name]);
    if (isPlainObject(raw.meta)) add(raw.meta[name]);
    if (isPlainObject(raw.data)) add(raw.data[name]);
  }
  if (isPlainObject(raw.data)) add(raw.data);
  return found;
}

/**
 * An address under a name of the next page we do not list (`nextPageUrl`, `next_results_url`,
 * `@odata.nextLink`): a `next…` of paging, or a name ending in `nextLink`, holding a link. Only an
 * address counts: a number there is no page's address, nor a token (`next_token: "/w8Ab=="` starts as a
 * path does), so a path counts only under a name saying it is one (`…url`, `…link`, `…href`, `…uri`) or
 * as HAL's `{href}`; an absolute address under any of these names.
 */
function linkUnderAnyName(holders: readonly Json[]): string | undefined {
  for (const o of holders)
    for (const [name, value] of Object.entries(o)) {
      if (!NEXT_OF_PAGING.test(name) && !NEXT_LINK_SUFFIX.test(name)) continue;
      const href = link(value);
      if (href === undefined) continue;
      if (ADDRESS_NAME.test(name) || isPlainObject(value) || /^https?:\/\//i.test(href)) return href;
    }
  return undefined;
}

const ADDRESS_NAME = /link|url|uri|href/i;

/** OData's `@odata.nextLink` and the like: a prefixed name ending in the next link's. */
const NEXT_LINK_SUFFIX = /[.@_-]next[_-]?link$/i;

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

/**
 * The `rel="next"` target of an RFC 8288 Link header (`<…>; rel="next", <…>; rel="last"`), as written;
 * undefined without one. A rel may hold several relation types (`rel="next last"`).
 */
export function linkHeaderNext(value: HeaderBag[string]): string | undefined {
  return linkHeaderRel(value, 'next');
}

/** The target of the first link of relation type `type` in an RFC 8288 Link header, as written. */
export function linkHeaderRel(value: HeaderBag[string], type: string): string | undefined {
  const text = Array.isArray(value) ? value.join(', ') : value;
  if (typeof text !== 'string') return undefined;
  for (const match of text.matchAll(/<([^>]*)>((?:\s*;\s*(?:[^;,"]|"[^"]*")*)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const types = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (types.includes(type)) return match[1]?.trim();
  }
  return undefined;
}

function header(headers: HeaderBag | undefined, names: readonly string[]): string | undefined {
  if (!headers) return undefined;
  for (const name of names) {
    const value = headers[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    if (text) return text;
  }
  return undefined;
}

function resolved(href: string | undefined, url: string): string | undefined {
  if (href === undefined) return undefined;
  try {
    return new URL(href, url).href;
  } catch {
    return undefined;
  }
}

/**
 * The pagination an answer carries; undefined when it carries none. `url` is the request's address,
 * `headers` the answer's (lower-case names), `told` the parameter the request asked a page under where
 * only the page before told of it (see `CallOptions.pageParam`).
 */
export function pageSignals(
  raw: unknown,
  url: string,
  headers?: HeaderBag,
  body?: unknown,
  told?: string,
): PageSignals | undefined {
  const fromHeaders = headerSignals(headers, url);
  const fromBody = isPlainObject(raw)
    ? bodySignals(knownNamesFolded(raw), url, sentWith(url, body), told)
    : undefined;
  // The body's word first: a header is what a gateway in front may add.
  const signals = { ...fromHeaders, ...fromBody };
  // Stripe's way is a guess taken only where nothing says how the list goes on, the headers neither.
  if (
    signals.cursor?.name === STRIPE_AFTER &&
    (fromHeaders.next !== undefined || fromHeaders.page !== undefined)
  )
    delete signals.cursor;
  // Page facts are asked about only where no header says how the list goes on or that it ends there.
  const rows = isPlainObject(raw) && Array.isArray(raw.data) ? raw.data.length : 0;
  const way = signals.next !== undefined || signals.page !== undefined || signals.totalPages !== undefined;
  if (signals.facts && !told && (way || signals.hasMore === false || (signals.total ?? rows + 1) <= rows))
    delete signals.facts;
  return Object.keys(signals).length > 0 ? signals : undefined;
}

/** Every name the body's paging is read under, as it is read. */
const READ_SPELLINGS: ReadonlySet<string> = new Set([
  ...PAGING_PLACES,
  'links',
  '_links',
  'cursor',
  'cursors',
  'after',
  'page',
  'href',
  ...KNOWN_NAMES,
  ...PAGE_NAMES,
  ...PAGE_PARAM_NAMES,
  ...RELAY_CURSORS.flat(),
]);
/**
 * Each of them by its folded form (names.ts), the first listed of a fold: `META`, `Meta` and `meta` are
 * one envelope, `TOTAL_PAGES` and `TotalPages` one count, as the row reader folds a row's names.
 */
const READ_NAMES: ReadonlyMap<string, string> = new Map(
  [...READ_SPELLINGS].reverse().map((name) => [fieldName(name), name]),
);
const FOLD_DEPTH = 3;

/**
 * The answer with each name of its envelope that folds to a name paging reads spelt as that name (an
 * UPPER_SNAKE API's `META: {COUNT, RETURNED}` once read as page facts in unknown words, and asked a page
 * more for them). Its rows (`data`) are not looked into; names nothing reads keep the API's spelling (a
 * page asked under an unknown word goes back as sent), and a name is not folded onto one the object holds.
 */
function knownNamesFolded(value: Json, depth = 0): Json {
  let changed = false;
  const out: Json = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    // An own `__proto__` of the JSON: the object is read as it came.
    if (key === '__proto__') return value;
    const folded = READ_SPELLINGS.has(key) ? undefined : READ_NAMES.get(fieldName(key));
    const name =
      folded !== undefined && !Object.hasOwn(value, folded) && !Object.hasOwn(out, folded) ? folded : key;
    const inner =
      depth < FOLD_DEPTH && key !== 'data' && isPlainObject(v) ? knownNamesFolded(v, depth + 1) : v;
    if (name !== key || inner !== v) changed = true;
    out[name] = inner;
  }
  return changed ? out : value;
}

function headerSignals(headers: HeaderBag | undefined, url: string): PageSignals {
  if (!headers) return {};
  const signals: PageSignals = {};
  const next = resolved(linkHeaderNext(headers.link), url);
  if (next !== undefined) signals.next = next;
  const last = resolved(linkHeaderRel(headers.link, 'last'), url);
  if (last !== undefined) signals.last = last;
  const total = count(header(headers, TOTAL_HEADERS));
  const totalPages = count(header(headers, TOTAL_PAGES_HEADERS));
  const page = count(header(headers, PAGE_HEADERS));
  const perPage = count(header(headers, PER_PAGE_HEADERS));
  const nextPage = count(header(headers, ['x-next-page']));
  if (total !== undefined) signals.total = total;
  if (totalPages !== undefined) signals.totalPages = totalPages;
  if (perPage !== undefined) signals.perPage = perPage;
  if (page !== undefined) signals.page = page;
  else if (nextPage !== undefined && nextPage > 0) signals.page = nextPage - 1;
  if (nextPage !== undefined && nextPage > 0) signals.hasMore = true;
  return signals;
}

/** What the request sent, by name: its query, and a POST's body (a page number may go in either). */
function sentWith(url: string, body: unknown): Map<string, unknown> {
  const sent = new Map<string, unknown>();
  try {
    for (const [name, value] of new URL(url).searchParams) sent.set(name, value);
  } catch {
    // An address we cannot parse sent nothing we can tell.
  }
  if (isPlainObject(body)) for (const [name, value] of Object.entries(body)) sent.set(name, value);
  return sent;
}

function bodySignals(raw: Json, url: string, sent: Map<string, unknown>, told?: string): PageSignals {
  const objects = places(raw);
  // JSON:API's `links`, HAL's `_links` (`{next: {href}}`, no `next` on the last page), or either in `meta`.
  const meta = isPlainObject(raw.meta) ? raw.meta : {};
  const links = [raw.links, raw._links, meta.links, meta._links].filter(isPlainObject);
  const holders = [...links, ...objects];
  const next = resolved(first(holders, LINK_NAMES, link) ?? linkUnderAnyName(holders), url);
  let cursor: PageSignals['cursor'];
  for (const o of objects) {
    // `next` holding an address is the link above; holding anything else, a cursor.
    const hit = CURSOR_NAMES.find(([field]) => token(o[field]) !== undefined && link(o[field]) === undefined);
    if (hit) {
      cursor = { name: hit[1], value: token(o[hit[0]]) as string };
      break;
    }
  }
  if (!cursor) cursor = relayCursor(objects);
  // `after` alone may be anything (a date filter echoed): a cursor only inside `cursors` (`paging.cursors.after`).
  if (!cursor) {
    const holders = [raw, ...objects].map((o) => o.cursors).filter(isPlainObject);
    const after = holders.map((c) => token(c.after)).find((v) => v !== undefined);
    if (after !== undefined) cursor = { name: 'after', value: after };
  }
  const last = resolved(first([...links, ...objects], LAST_LINK_NAMES, link), url);
  const signals: PageSignals = {
    ...(next !== undefined ? { next } : {}),
    ...(last !== undefined ? { last } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const named = first(objects, PAGE_PARAM_NAMES, paramName);
  const echoed = named !== undefined ? echoOf(objects, named, sent) : undefined;
  // A later page asked under the parameter its first page told of, and echoed under it: that page.
  const toldValue = echoed === undefined && told !== undefined ? echoUnder(objects, told, sent) : undefined;
  const byTold =
    told !== undefined && toldValue !== undefined ? { value: toldValue, param: told } : undefined;
  const known = echoed === undefined && byTold === undefined ? knownPage(objects) : undefined;
  // Only where nothing else tells how to ask the next page: an offset echoed is no page number.
  const other = next !== undefined || cursor !== undefined || offsetOf(objects) !== undefined;
  const guessed =
    echoed === undefined && byTold === undefined && known === undefined && !other
      ? unknownEcho(raw, sent)
      : undefined;
  const unknown = guessed === 'untold' ? undefined : (guessed ?? byTold);
  const page = echoed ?? known?.value ?? unknown?.value;
  const pageParam = named ?? known?.param ?? unknown?.param;
  const totalPages = first(objects, TOTAL_PAGES_NAMES, count);
  const perPage = first(objects, PER_PAGE_NAMES, count);
  const total = first(objects, TOTAL_NAMES, count);
  const hasMore = first(objects, HAS_MORE_NAMES, flag);
  if (page !== undefined) signals.page = page;
  if (pageParam !== undefined && pageParam !== 'page') signals.pageParam = pageParam;
  if ((named !== undefined || unknown !== undefined) && totalPages === undefined) signals.pageTold = true;
  // A page under a usual name beside a count by a name we do not know, larger than the page, and nothing
  // else of the list's length: more rows exist, paged by that number to an empty or a short page.
  const lengthSaid = [totalPages, perPage, total, hasMore].some((v) => v !== undefined);
  if (known !== undefined && !lengthSaid && countBeyond(raw)) signals.pageTold = true;
  if (totalPages !== undefined) signals.totalPages = totalPages;
  if (perPage !== undefined) signals.perPage = perPage;
  if (total !== undefined) signals.total = total;
  // (A page echoed in words we do not know beside a larger number, `untold`, sets no flag: that number
  // may be the page's size as well as a count of the list, so it says only that more may exist.)
  if (hasMore !== undefined) signals.hasMore = hasMore;
  const nextPage = first(objects, NEXT_PAGE_NAMES, count);
  if (nextPage !== undefined && nextPage > 0) {
    signals.page ??= nextPage - 1;
    signals.hasMore ??= true;
  }
  const nextOffset = first(objects, NEXT_OFFSET_NAMES, count);
  const offset = offsetOf(objects);
  if (nextOffset !== undefined)
    signals.offset = {
      name: offset?.name ?? 'offset',
      value: nextOffset,
      ...(offset?.limit ? { limit: offset.limit } : {}),
      next: true,
    };
  else if (offset !== undefined) signals.offset = offset;
  // Any other `next…` of paging holding something is a sign of more, though not one we can follow: said.
  // (Not `next_update` or `next_season`: a date or a label of the data, not of the list.)
  if (
    signals.hasMore === undefined &&
    next === undefined &&
    !cursor &&
    nextPage === undefined &&
    nextOffset === undefined
  )
    if (objects.some((o) => Object.entries(o).some(([k, v]) => NEXT_OF_PAGING.test(k) && isSomething(v))))
      signals.hasMore = true;
  const counted = first(objects, COUNT_NAMES, count);
  if (counted !== undefined) signals.count = counted;
  // Page facts in words we do not know, only where nothing read says how the list goes on nor that it
  // ends (a total beyond the rows, a count or a page size may be read beside them); on a page asked under
  // a parameter they told of, whatever they hold.
  const rows = Array.isArray(raw.data) ? raw.data.length : 0;
  const untold =
    told !== undefined ||
    (next === undefined &&
      cursor === undefined &&
      signals.page === undefined &&
      signals.offset === undefined &&
      totalPages === undefined &&
      (total === undefined || total > rows) &&
      hasMore !== false);
  const facts = untold ? unknownFacts(raw, sent, told !== undefined) : undefined;
  if (facts !== undefined) signals.facts = facts;
  // More said and no way on given (Stripe's `has_more`): the rows after this page's last, asked by its id.
  if (
    hasMore === true &&
    !cursor &&
    next === undefined &&
    signals.page === undefined &&
    !signals.offset &&
    !facts
  ) {
    const after = lastRowId(raw);
    if (after !== undefined) signals.cursor = { name: STRIPE_AFTER, value: after };
  }
  return signals;
}

/** Ids a row of a list is known by, its own first: what a `starting_after` names. */
const ROW_IDS = ['id', 'player_id', 'team_id', 'coach_id', 'key'];

/** The id of the last row of a list's page, if it has one. */
function lastRowId(raw: Json): string | undefined {
  const rows = raw.data;
  const row = Array.isArray(rows) ? rows.at(-1) : undefined;
  if (!isPlainObject(row)) return undefined;
  for (const name of ROW_IDS) {
    const id = token(row[name]);
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * Relay's end cursor, where the object holding it says a next page exists (RELAY_CURSORS, in either
 * spelling: an envelope's names folded may meet one of each).
 */
function relayCursor(objects: readonly Json[]): PageSignals['cursor'] {
  const flags = RELAY_CURSORS.map(([, flagName]) => flagName);
  for (const o of objects)
    for (const [field] of RELAY_CURSORS) {
      const value = token(o[field]);
      if (value !== undefined && flags.some((flagName) => flag(o[flagName]) === true))
        return { name: 'after', value };
    }
  return undefined;
}

/** Names of numbers that are no page facts: every name read as something else, ids, seasons, years. */
const notAFact = (name: string) =>
  KNOWN_NAMES.has(name) ||
  PAGE_NAMES.includes(name) ||
  ASKED_LIMIT_NAMES.has(name) ||
  NOT_A_COUNT.test(name) ||
  paramName(name) === undefined;

/**
 * Page facts in words we do not know (`{pagina: 1, per_pagina: 100, totaal: 250}` beside `data`, or in
 * an object beside it whatever its name): in one place, the whole numbers under names nothing reads,
 * two of them in different roles: this page's place (1, the page asked when none was sent, or 0, an
 * offset, under a name not sent and no plural, id, year or count), its size (the rows on it) or a length beyond it (larger than
 * the rows; two holding the rows are its size and the list's length). One number alone is no sign of paging (a ranking's `eligible: 480` beside its `limit`).
 * `all`: every place's numbers, roles or not (a page asked under a parameter they told of).
 */
function unknownFacts(raw: Json, sent: Map<string, unknown>, all: boolean): PageFacts[] | undefined {
  const rows = Array.isArray(raw.data) ? raw.data.length : undefined;
  if (rows === undefined) return undefined;
  const found: PageFacts[] = [];
  const spots: [string, Json][] = [
    ['', raw],
    ...Object.entries(raw).filter((e): e is [string, Json] => e[0] !== 'data' && isPlainObject(e[1])),
  ];
  for (const [at, o] of spots) {
    const numbers: Record<string, number> = {};
    for (const [name, v] of Object.entries(o)) {
      const n = typeof v === 'number' ? count(v) : undefined;
      if (n !== undefined && !notAFact(name)) numbers[name] = n;
    }
    const entries = Object.entries(numbers);
    if (entries.length === 0) continue;
    if (all) {
      found.push({ at, numbers });
      continue;
    }
    if (rows === 0) continue;
    const onPage = entries.filter(([name, n]) => n === 1 && !NOT_A_PAGE.test(name) && !sent.has(name));
    // A 0 is a place too: an offset, or a page counted from 0.
    const atZero = entries.filter(([name, n]) => n === 0 && !NOT_A_PAGE.test(name) && !sent.has(name));
    const atStart = atZero.length > 0;
    // Two numbers holding the rows: the page's size and the list's length, both this page.
    const roles = (place: string | undefined) =>
      (place !== undefined || atStart ? 1 : 0) +
      Math.min(2, entries.filter(([name, n]) => name !== place && n === rows).length) +
      (entries.some(([name, n]) => name !== place && n > rows) ? 1 : 0);
    if (Math.max(roles(undefined), ...onPage.map(([name]) => roles(name))) < 2) continue;
    // One row: a 1 is as likely its count as its page; the usual parameter is asked then.
    const param = onPage.length === 1 && rows > 1 ? onPage[0]?.[0] : undefined;
    if (param !== undefined) return [{ at, numbers, param }];
    const zero = onPage.length === 0 && atZero.length === 1 ? atZero[0]?.[0] : undefined;
    const also = onPage.map(([name]) => name);
    return [
      {
        at,
        numbers,
        ...(zero !== undefined ? { param: zero, from: 0 as const } : {}),
        ...(also.length > 0 ? { also } : {}),
      },
    ];
  }
  return found.length > 0 ? found : undefined;
}

const paramName = (v: unknown): string | undefined =>
  typeof v === 'string' && /^[A-Za-z][\w.-]{0,39}$/.test(v) ? v : undefined;

/** The page number asked under `name`: the number sent, 1 when none was. */
function askedPage(sent: Map<string, unknown>, name: string): number | undefined {
  return sent.has(name) ? count(sent.get(name)) : 1;
}

/** The page a named parameter holds: echoed under its name, else under a usual page name. */
function echoOf(objects: readonly Json[], name: string, sent: Map<string, unknown>): number | undefined {
  return first(objects, [name], count) ?? first(objects, PAGE_NAMES, count) ?? askedPage(sent, name);
}

/** The number sent under `name`, when the answer echoes it under that name. */
function echoUnder(objects: readonly Json[], name: string, sent: Map<string, unknown>): number | undefined {
  const asked = count(sent.get(name));
  return asked !== undefined && first(objects, [name], count) === asked ? asked : undefined;
}

/** The page under a usual name, and the parameter it goes back under. */
function knownPage(objects: readonly Json[]): { value: number; param: string } | undefined {
  for (const o of objects)
    for (const name of PAGE_NAMES) {
      const value = count(o[name]);
      if (value !== undefined) return { value, param: PAGE_ECHO_ONLY.has(name) ? 'page' : name };
    }
  return undefined;
}

/**
 * A page echoed under a name we do not know (`{seite: 1, pro_seite: 10, gesamt: 40}`): in a paging
 * object beside the list, among numbers under names the reader does not know, the one holding the page
 * asked under its own name (1 when none was sent), beside one larger (a count by any name: a sign of
 * more) and the page's size: a number holding the rows of this page, or the limit sent when the page
 * came back that full (`{seite: 1, gesamt: 40}` to `?limit=10`, 10 rows). A limit echoed counts for
 * neither; an id, a year or a version (`{version: 1}`) is no page. A later page, asked under the
 * parameter, is told by its echo alone (a short last page has no size beside it). The page and a larger
 * number with no size known (`untold`): paged, but which page follows is not told, nor whether more exist.
 */
function unknownEcho(
  raw: Json,
  sent: Map<string, unknown>,
): { value: number; param: string } | 'untold' | undefined {
  const rows = Array.isArray(raw.data) ? raw.data.length : undefined;
  if (rows === undefined || rows === 0) return undefined;
  const limit = count(sent.get('limit'));
  for (const place of PAGING_PLACES) {
    const o = raw[place];
    if (!isPlainObject(o)) continue;
    const numbers = Object.entries(o).flatMap(([name, v]): [string, number][] => {
      const n = count(v);
      return n !== undefined && !ASKED_LIMIT_NAMES.has(name) ? [[name, n]] : [];
    });
    const echoes = numbers.filter(
      ([name, n]) =>
        !NOT_A_PAGE.test(name) && !KNOWN_NAMES.has(name) && paramName(name) && n === askedPage(sent, name),
    );
    // The page's size beside the page: under another name than the page's own.
    const sized = (page?: string) => numbers.some(([name, n]) => n === rows && name !== page);
    const larger = numbers.some(([, n]) => n > rows);
    if (!larger) continue;
    if (echoes.length === 1) {
      const [param, value] = echoes[0] as [string, number];
      if (sized(param) || rows === limit) return { value, param };
      // The page and a number beyond it, no size: paged, the page after it not told.
      if (value !== rows) return 'untold';
      continue;
    }
    if (!sized()) continue;
    // Several fields hold the page asked (`{seite: 1, pro_seite: 1, gesamt: 2}`): which one is the page
    // cannot be told.
    if (echoes.length > 1) return 'untold';
  }
  return undefined;
}

/** Whether a paging object beside the list holds a number, under a name we do not know, beyond its rows. */
function countBeyond(raw: Json): boolean {
  const rows = Array.isArray(raw.data) ? raw.data.length : undefined;
  if (rows === undefined || rows === 0) return false;
  return PAGING_PLACES.some((place) => {
    const o = raw[place];
    if (!isPlainObject(o)) return false;
    return Object.entries(o).some(([name, v]) => {
      const n = count(v);
      const other = KNOWN_NAMES.has(name) || PAGE_NAMES.includes(name) || ASKED_LIMIT_NAMES.has(name);
      return n !== undefined && n > rows && !other && !NOT_A_COUNT.test(name);
    });
  });
}

/** An offset echoed beside the list or in a wrapper, with the limit echoed beside it (same object). */
function offsetOf(objects: readonly Json[]): PageSignals['offset'] {
  for (const o of objects) {
    const name = OFFSET_NAMES.find((n) => count(o[n]) !== undefined);
    if (name === undefined) continue;
    const limit = first([o], LIMIT_NAMES, count);
    return { name, value: count(o[name]) as number, ...(limit !== undefined ? { limit } : {}) };
  }
  return undefined;
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
