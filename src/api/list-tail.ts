// A list read from its end, for a list whose wanted rows come last (a ranking listed worst first): the
// pages are asked from the last one back, when the first page says where the last one is: page numbers
// with the count of pages (or a total and the page size), an offset with a total, a next link whose
// page number or offset can be set, with a total, or a next link beside a last one. A cursor gives no way to jump: no addressing, and the
// list is read from its start as usual (list-pages.ts).
import type { z } from 'zod';
import type { ApiClient, ApiResult, CallOptions } from './client.js';
import { laterPageFailure } from './page-failure.js';
import type { PageSignals } from './pagination.js';
import type { RouteName } from './routes.js';

export interface PageAddressing<N extends RouteName> {
  /** Pages in the whole list. */
  pages: number;
  /** The request for the page `n` places after the first (0: the first page). */
  at(n: number): CallOptions<N>;
}

/** `options` with `name` set to `value`: in the link when the page is asked by link, else the query or body. */
function withParam<N extends RouteName>(
  options: CallOptions<N>,
  name: string,
  value: number,
  link?: string,
): CallOptions<N> {
  if (link !== undefined) {
    const url = new URL(link);
    url.searchParams.set(name, String(value));
    return { ...options, link: url.href };
  }
  const body = options.body as Record<string, unknown> | undefined;
  return body !== undefined
    ? { ...options, body: { ...body, [name]: value } }
    : { ...options, query: { ...options.query, [name]: value } };
}

/**
 * The query parameter of `link` holding `value` (a page number or an offset), when exactly one does
 * that the page before did not send with the same value (`limit=100&offset=100` after `limit=100`).
 */
function paramHolding(
  link: string | undefined,
  value: number,
  asked: CallOptions<RouteName>,
): string | undefined {
  if (link === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const before = asked.query ?? {};
  const names = [...url.searchParams]
    .filter(([name, v]) => v === String(value) && String(before[name]) !== v)
    .map(([name]) => name);
  return names.length === 1 ? names[0] : undefined;
}

/**
 * How to ask any page of the list whose first page said `signals` (asked with `asked`, `rows` rows);
 * undefined when the first page does not say how many pages there are or how to ask one.
 */
export function pageAddressing<N extends RouteName>(
  signals: PageSignals | undefined,
  asked: CallOptions<N>,
  rows: number,
): PageAddressing<N> | undefined {
  if (!signals || rows === 0 || signals.cursor !== undefined) return undefined;
  const size = signals.perPage ?? signals.offset?.limit ?? rows;
  const counted = (total: number | undefined) =>
    total !== undefined && size > 0 ? Math.max(1, Math.ceil(total / size)) : undefined;
  const { page, next, offset } = signals;
  const byLast = lastAddressing(signals, asked, rows);
  if (byLast !== undefined) return byLast;
  if (page === 0 || page === 1) {
    const pages = signals.totalPages ?? counted(signals.total);
    if (pages === undefined) return undefined;
    // The page's parameter: the one the next link sets to the next page, else the one the answer named, else `page`.
    const name = next !== undefined ? paramHolding(next, page + 1, asked) : (signals.pageParam ?? 'page');
    if (name === undefined) return undefined;
    return { pages, at: (n) => withParam(asked, name, page + n, next) };
  }
  if (page !== undefined) return undefined;
  const pages = counted(signals.total);
  if (pages === undefined) return undefined;
  if (offset !== undefined && !offset.next && offset.value === 0)
    return { pages, at: (n) => withParam(asked, offset.name, n * size) };
  // A next link with a total: the parameter it sets to the second page or to the next offset. After a
  // first page of 2 rows, a 2 is both: which one the API reads cannot be told, so no page is jumped to.
  const byPage = rows === 2 ? undefined : paramHolding(next, 2, asked);
  if (byPage !== undefined) return { pages, at: (n) => withParam(asked, byPage, n + 1, next) };
  if (rows === 2) return undefined;
  const byOffset = paramHolding(next, rows, asked);
  if (byOffset !== undefined) return { pages, at: (n) => withParam(asked, byOffset, n * size, next) };
  return undefined;
}

/**
 * Addressing from the last page's link: the parameter it sets that the next link sets to the second
 * page (page numbers: the last link holds the page count) or to the rows of the first (an offset: it
 * holds the last page's offset). Undefined without both links or when they do not agree so.
 */
function lastAddressing<N extends RouteName>(
  signals: PageSignals,
  asked: CallOptions<N>,
  rows: number,
): PageAddressing<N> | undefined {
  const { last, next } = signals;
  if (last === undefined || next === undefined) return undefined;
  let lastUrl: URL;
  let nextUrl: URL;
  try {
    lastUrl = new URL(last);
    nextUrl = new URL(next);
  } catch {
    return undefined;
  }
  const base = signals.page === 0 ? 0 : 1;
  for (const [name, value] of lastUrl.searchParams) {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || String(asked.query?.[name]) === value) continue;
    const inNext = nextUrl.searchParams.get(name);
    // The second page's number and the first page's rows alike (2): a page or an offset, not told apart.
    if (inNext === String(base + 1) && inNext === String(rows)) return undefined;
    if (inNext === String(base + 1) && n >= base + 1)
      return { pages: n - base + 1, at: (k) => withParam(asked, name, base + k, last) };
    if (inNext === String(rows) && n % rows === 0)
      return { pages: n / rows + 1, at: (k) => withParam(asked, name, k * rows, last) };
  }
  return undefined;
}

export interface TailRead<T> {
  /** The pages read after the first, in the list's order. */
  pages: ApiResult<T>[];
  /** Every page of the list was read. */
  whole: boolean;
  /** Why the read stopped before the list's start, when it stopped early for a reason to say. */
  stop?: string;
}

/**
 * The pages of a list from its last back towards the first, until `want` rows from the end, `until`
 * says the rows read are enough, or `budget` pages in all (the first page counted); undefined when the API answers the page asked with the first
 * page's rows (it does not take the parameter: no jump possible).
 */
export async function readTail<N extends RouteName, S extends z.ZodType<{ data: unknown[] }>>(
  api: ApiClient,
  route: N,
  schema: S,
  first: ApiResult<z.infer<S>>,
  addressing: PageAddressing<N>,
  want: number,
  budget: number,
  signal: AbortSignal | undefined,
  until?: (rows: readonly unknown[]) => boolean,
): Promise<TailRead<z.infer<S>> | undefined> {
  const pages: ApiResult<z.infer<S>>[] = [];
  let rows = 0;
  const head = JSON.stringify(first.data.data[0]);
  const enough = () =>
    rows >= want || until?.([...first.data.data, ...pages.flatMap((p) => p.data.data)]) === true;
  for (let n = addressing.pages - 1; n >= 1; n--) {
    if (enough()) return { pages, whole: false };
    if (pages.length + 1 >= budget)
      return {
        pages,
        whole: false,
        stop: `${pages.length + 1} pages read, the most one list read follows (the max-pages setting)`,
      };
    let page: ApiResult<z.infer<S>>;
    try {
      page = await api.call(route, schema, addressing.at(n));
    } catch (error) {
      const failed = laterPageFailure(error, signal);
      if (failed === undefined) throw error;
      return { pages, whole: false, stop: `page ${n + 1} could not be read: ${failed}` };
    }
    if (page.data.data.length > 0 && JSON.stringify(page.data.data[0]) === head) return undefined;
    pages.unshift(page);
    rows += page.data.data.length;
  }
  return { pages, whole: true };
}
