// Every list read goes through `readPages` (tools, resources, completions, hints): it asks the route's largest page, follows the API's
// own pagination (a next link in the body or a Link header, a next cursor, page numbers, an offset,
// has_more: see pagination.ts) for
// the rows the call needs, within the client's page budget, and says what it could not read. Each page
// is one `api.call`: cached on its own and counted in the quota like any request.
// A page after the first that cannot be read ends the read with the rows read (page-failure.ts).
//
// Every request costs one quota unit whatever its size, so pages are asked at the route's largest
// size, and the same question with another limit is answered from the cache. The spec shows no upper
// bound on `limit`: when the API refuses our page size (a 400 to a request whose only difference from
// the caller's is the larger limit), the page is asked again at the bound the error names or at the
// caller's own limit, and the client keeps that cap (ApiClient.pageCaps).
import type { z } from 'zod';
import type { ApiClient, ApiResult, CallOptions, Source } from './client.js';
import { ApiError } from './errors.js';
import { pageAddressing, readTail } from './list-tail.js';
import { laterPageFailure, pageFailedNote } from './page-failure.js';
import {
  advanced,
  guessedNote,
  guessedSignals,
  guessOf,
  learnt,
  nextGuess,
  notAPage,
  type PageGuess,
  unaskedNote,
  unpagedNote,
} from './page-probe.js';
import type { PageSignals } from './pagination.js';
import { publishReadNotes } from './reader/notes-sink.js';
import { RepeatedRows } from './repeated-rows.js';
import { type Requests, tallyRequests } from './request-tally.js';
import type { RouteName } from './routes.js';

/** Rows asked of each list route that takes a `limit`. The spec shows no upper bound: these are the largest the tools offer. */
export const PAGE_SIZE = {
  rankings: 100,
  scouting: 100,
  statisticRankings: 100,
  comparisonGroup: 200,
  playerSearch: 50,
  playerSimilar: 50,
  teams: 100,
  teamSimilar: 50,
  coaches: 100,
} as const satisfies Partial<Record<RouteName, number>>;

/** List routes: those above, and those asked without a limit. */
export type ListRoute =
  | keyof typeof PAGE_SIZE
  | 'leagues'
  | 'glossary'
  | 'teamSquad'
  | 'playerHistory'
  | 'coachCareer'
  | 'savedIndices'
  | 'savedPresets';

type ListSchema = z.ZodType<{ data: unknown[] }>;

/**
 * Every row of a list not cut to a caller's limit (a history, a career, saved items): `readPages` to
 * its end, with what it could not read and what it spent published as notes of the answer.
 */
export async function readAll<N extends ListRoute, S extends ListSchema>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
): Promise<ListRead<z.infer<S>>> {
  const list = await readPages(api, route, schema, options);
  publishReadNotes(list.notes);
  return list;
}

/** How a list is read, beside the rows wanted. */
export interface PageReading {
  /**
   * The `limit` sent with each page, instead of the route's largest: an API whose `limit` bounds the
   * whole list (a ranking's best N) then answers a list no longer than that.
   */
  pageSize?: number | undefined;
  /**
   * Read from the last page back (the wanted rows come last: a ranking listed worst first), when the
   * first page says where the last one is (list-tail.ts); from the start otherwise.
   */
  fromEnd?: boolean | undefined;
  /** Stop as soon as the rows read are enough for the caller (a ranking's best ranks all read). */
  until?: ((rows: readonly unknown[]) => boolean) | undefined;
}

/** Whether rows beyond those read exist: `no` (the list is whole), `yes` (the API says so), `may`. */
export type More = 'no' | 'yes' | 'may';

export interface ListRead<A> extends ApiResult<A> {
  /** The `limit` sent with each page; undefined on routes asked without one. */
  pageSize: number | undefined;
  /** Rows in the whole list when known: the API's total, or every page read. */
  total: number | undefined;
  more: More;
  /** Why the read stopped short of the whole list (empty when it did not), for the answer's notes. */
  shortfall: string[];
  /** Rows of the pages read left out because their identity or a required field could not be read. */
  leftOut: number;
  /** The shortfall, and what the read spent when it read more than one page. */
  notes: string[];
}

/** Common page caps: a page this size, shorter than asked, may be the API's cap rather than the end. */
const ROUND_CAPS = new Set([20, 25, 50, 100, 200, 250, 500, 1000]);

/**
 * Reads the list of `route` until `want` rows (or all of them: `'all'`, for tools that filter locally)
 * within the client's page budget. `data.data` holds every row read, the other fields of the answer
 * are the first page's. `want` is also the caller's limit for the page-size fallback.
 */
export async function readPages<N extends ListRoute, S extends ListSchema>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
  want: number | 'all' = 'all',
  reading: PageReading = {},
): Promise<ListRead<z.infer<S>>> {
  // Its own tally: the note on what the pages cost counts every request they sent (retries and a
  // failed page included), not those of parts of the same run asking beside it.
  const { value, requests } = await tallyRequests(() =>
    readPagesOf(api, route, schema, options, want, reading),
  );
  const { pagesRead, pagesAsked, unpaged, ...read } = value;
  // A list that could not be paged names the one page it asked in its own note.
  const spent = pagesAsked > 1 && !unpaged ? [spentNote(pagesRead, requests)] : [];
  return { ...read, notes: [...read.notes, ...spent] };
}

async function readPagesOf<N extends ListRoute, S extends ListSchema>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
  want: number | 'all',
  reading: PageReading,
): Promise<ListRead<z.infer<S>> & { pagesRead: number; pagesAsked: number; unpaged?: true }> {
  const wanted = want === 'all' ? Number.POSITIVE_INFINITY : want;
  const first = await firstPage(api, route, schema, options, wanted, reading.pageSize);
  const pageSize = first.pageSize;
  if (reading.fromEnd) {
    const fromEnd = await tailOf(api, route, schema, first, wanted, options.signal, reading.until);
    if (fromEnd !== undefined) return fromEnd;
  }
  const results: ApiResult<z.infer<S>>[] = [first];
  const rows: unknown[] = [...first.data.data];
  const followed = new Set<string>();
  /** The cursor or page number the last page was asked with: a cursor equal to it is an echo, not the next. */
  let asked: Record<string, string | number> | undefined;
  let last: ApiResult<z.infer<S>> = first;
  let stop: string | undefined;
  /** Why the page after those read could not be read, when it could not. */
  let failed: string | undefined;
  /** The paging guessed from page facts in words we do not know, once the next page was asked by it. */
  let guess: PageGuess | undefined;
  /** Why the page asked by the guess is none of this list, when it is not. */
  let unpaged: string | undefined;
  /** The request the first page asked under the guess is (the second, or later once a name was refused). */
  let probeAt = 2;
  /** The guess no page was asked by: the budget held the first page only. */
  let unasked: PageGuess | undefined;
  const repeats = new RepeatedRows();
  let more: More;
  for (;;) {
    const own = withoutEcho(last.paging, asked);
    const firstRows = first.data.data.length;
    const signals = guess ? guessedSignals(own, guess, firstRows) : own;
    more = moreAfter(signals, last.data.data.length, pageSize, rows.length, first.data.data.length);
    // A first page whose page facts we cannot read is never called the whole list unasked, even when its
    // rows are enough for the caller: the next page is asked to settle it.
    const unsettled =
      guess === undefined && last === first && first.paging?.facts !== undefined && more === 'no';
    if (!unsettled && (rows.length >= wanted || reading.until?.(rows))) break;
    let next = more === 'no' ? undefined : nextPage(signals, first.asked, route, last.data.data.length);
    // Page facts in words we do not know, and no other way on: the next page asked once to learn them.
    if (next === undefined && guess === undefined && last === first && first.paging?.facts !== undefined) {
      if (more === 'no') more = 'may';
      if (results.length >= api.maxPages) {
        unasked = guessOf(first.paging);
        break;
      }
      guess = guessOf(first.paging);
      if (guess !== undefined)
        next = nextPage(guessedSignals(own, guess, firstRows), first.asked, route, firstRows);
    }
    if (more === 'no') break;
    if (next === undefined)
      stop =
        more === 'yes'
          ? 'the API says more rows exist but gives no next link, cursor or page number'
          : undefined;
    else if (followed.has(next.key)) stop = 'the API gave the same next page twice';
    else if (next.options.link !== undefined && !api.ownsLink(next.options.link))
      stop = `the API's next-page link leads off ${api.upstream} and was not followed`;
    else if (results.length >= api.maxPages)
      stop = `${results.length} pages read, the most one list read follows (the max-pages setting)`;
    if (stop !== undefined || next === undefined) break;
    const previous = last.data.data;
    if (guess) {
      guess = advanced(guess, previous.length);
      // Every page asked by the guess is read for its facts (pagination.ts), echoed or not.
      next = { ...next, options: { ...next.options, pageParam: guess.param } };
    }
    let page: ApiResult<z.infer<S>>;
    try {
      page = await api.call(route, schema, next.options);
    } catch (error) {
      failed = laterPageFailure(error, options.signal);
      if (failed === undefined) throw error;
      break;
    }
    // The first page asked under the guess is none of this list: asked again under the next name that
    // may hold the page, when one is left and the budget allows; else the list could not be paged.
    const probed = guess !== undefined && results.length + 1 === probeAt;
    const retried = () => {
      const other = guess !== undefined && results.length < api.maxPages ? nextGuess(guess) : undefined;
      if (other === undefined) return false;
      guess = other;
      probeAt = results.length + 1;
      return true;
    };
    // An API that ignores the way we asked for the next page answers the same rows again: not added twice.
    if (page.data.data.length > 0 && sameRow(page.data.data[0], previous[0])) {
      results.push(page);
      if (probed && retried()) continue;
      if (probed)
        unpaged = `the API answered the same ${previous.length === 1 ? 'row' : `${previous.length} rows`} again: it does not take that parameter`;
      else stop = 'the API answered the same rows for the next page';
      break;
    }
    const refused = guess !== undefined ? notAPage(page, guess) : undefined;
    if (guess !== undefined && refused !== undefined) {
      results.push(page);
      if (probed && retried()) continue;
      if (probed) unpaged = `${refused}, so it is no page of this list`;
      else stop = `${refused}, asked under "${guess.param}"`;
      break;
    }
    // A 0 asked as 1: an offset when its rows came one on (those rows not kept: the next is asked after
    // the first page's), else a page counted from 0.
    if (guess?.counts === 'zero') {
      guess = learnt(guess, first.data.data, page.data.data);
      if (guess.counts === 'offset') {
        results.push(page);
        followed.add(next.key);
        continue;
      }
    }
    // Rows of the page before again, further on (the parameter read as an offset): no next page.
    if (guess !== undefined && overlaps(page.data.data, previous)) {
      results.push(page);
      if (probed && retried()) continue;
      const again = 'its rows repeat rows of the page before (the parameter may not count pages)';
      if (probed) unpaged = `${again}, so it is no page of this list`;
      else stop = `${again}, asked under "${guess.param}"`;
      break;
    }
    // A page asked under a parameter only the answer told of is that page only when it echoes its number:
    // else the parameter was something else (a filter), and its rows are no page of this list.
    if (
      guess === undefined &&
      next.told !== undefined &&
      page.data.data.length > 0 &&
      page.paging?.page !== next.told.page
    ) {
      results.push(page);
      stop = `the API did not echo page ${next.told.page} under "${next.told.param}", the parameter its first page seemed to page by`;
      break;
    }
    followed.add(next.key);
    asked = next.extra;
    last = page;
    results.push(last);
    rows.push(...repeats.newOf(rows, last.data.data));
  }
  if (unpaged !== undefined && more === 'no') more = 'may';
  // Rows repeated across pages: the rows they displaced may be on no page read.
  const overlapped = repeats.note();
  if (overlapped !== undefined && more === 'no') more = 'may';
  let apiTotal = results.map((r) => r.paging?.total).find((t) => t !== undefined);
  // The limit sent caps the answer ("maximum number of entries returned"): an API that pages that answer
  // says "no more" (the last page, the total) of the rows asked for, not of the list. A read of exactly
  // the limit it asked cannot tell a list that long from one cut there: more may exist.
  const cutAtLimit = more === 'no' && pageSize !== undefined && rows.length === pageSize && rows.length > 0;
  if (cutAtLimit) {
    more = 'may';
    if (apiTotal === rows.length) apiTotal = undefined;
  }
  const total = more === 'no' ? (apiTotal ?? rows.length) : apiTotal;
  const shortfall = [
    ...(overlapped !== undefined ? [overlapped] : []),
    ...(guess !== undefined && unpaged !== undefined && more !== 'no'
      ? [unpagedNote(guess, unpaged, rows.length, more)]
      : []),
    ...(unasked !== undefined && more !== 'no' ? [unaskedNote(unasked, rows.length, more)] : []),
    ...(stop !== undefined ? [stopNote(rows.length, total, stop, more)] : []),
    ...(failed !== undefined && more !== 'no'
      ? [pageFailedNote(results.length + 1, failed, rows.length, total, more)]
      : []),
    ...(stop === undefined &&
    failed === undefined &&
    unpaged === undefined &&
    unasked === undefined &&
    more === 'may' &&
    rows.length < wanted
      ? cutAtLimit
        ? [
            `The API said no rows follow the ${rows.length} asked for (the limit sent): the list may go on past them.`,
          ]
        : mayNotes(last, pageSize, rows.length)
      : []),
  ];
  const notes = [
    ...shortfall,
    ...(guess !== undefined && unpaged === undefined && results.length > 1 ? [guessedNote(guess)] : []),
  ];
  if (
    pageSize !== undefined &&
    wanted > pageSize &&
    rows.length < wanted &&
    more !== 'no' &&
    results.length === 1 &&
    failed === undefined
  )
    publishReadNotes([`The API gives at most ${pageSize} rows per request on this route.`]);
  return {
    // A failed page's answer may have told of the quota (a 429 of the spent day): the tracker's newest.
    quota: failed !== undefined ? await api.quota.reported() : (results.at(-1) ?? last).quota,
    data: { ...first.data, data: rows },
    source: mergedSource(results.map((r) => r.source)),
    ...(first.read ? { read: first.read } : {}),
    pageSize,
    total,
    more,
    shortfall,
    leftOut: results.reduce((n, r) => n + (r.read?.dropped.reduce((m, d) => m + d.count, 0) ?? 0), 0),
    notes,
    pagesRead: results.length,
    pagesAsked: results.length + (failed !== undefined ? 1 : 0),
    ...(unpaged !== undefined ? { unpaged: true as const } : {}),
  };
}

/**
 * The list read from its last page back (list-tail.ts): the first page's rows, then the last pages in
 * order; undefined when the first page does not say where the last one is, or the API does not take
 * the page asked (read from the start instead).
 */
async function tailOf<N extends ListRoute, S extends ListSchema>(
  api: ApiClient,
  route: N,
  schema: S,
  first: ApiResult<z.infer<S>> & { pageSize: number | undefined; asked: CallOptions<N> },
  wanted: number,
  signal: AbortSignal | undefined,
  until: PageReading['until'],
): Promise<(ListRead<z.infer<S>> & { pagesRead: number; pagesAsked: number }) | undefined> {
  const addressing = pageAddressing(first.paging, first.asked, first.data.data.length);
  if (addressing === undefined || addressing.pages < 2) return undefined;
  const tail = await readTail(api, route, schema, first, addressing, wanted, api.maxPages, signal, until);
  if (tail === undefined) return undefined;
  const results = [first, ...tail.pages];
  const rows = [...first.data.data];
  const repeats = new RepeatedRows();
  for (const page of tail.pages) rows.push(...repeats.newOf(rows, page.data.data));
  // Rows repeated across pages: the rows they displaced may be on no page read.
  const overlapped = repeats.note();
  const more: More = !tail.whole ? 'yes' : overlapped !== undefined ? 'may' : 'no';
  const total = first.paging?.total ?? (more === 'no' ? rows.length : undefined);
  const skipped = addressing.pages - results.length;
  const shortfall = [
    ...(overlapped !== undefined ? [overlapped] : []),
    ...(tail.whole
      ? []
      : [
          `Read from its end: the first page and the last ${tail.pages.length} of ${addressing.pages} pages (${total !== undefined ? `${rows.length} of ${total} rows read` : `${rows.length} rows read; more exist`}), ${skipped} page${skipped === 1 ? '' : 's'} between them not read${tail.stop !== undefined ? `: ${tail.stop}` : ''}.`,
        ]),
  ];
  return {
    quota: (results.at(-1) ?? first).quota,
    data: { ...first.data, data: rows },
    source: mergedSource(results.map((r) => r.source)),
    ...(first.read ? { read: first.read } : {}),
    pageSize: first.pageSize,
    total,
    more,
    shortfall,
    leftOut: results.reduce((n, r) => n + (r.read?.dropped.reduce((m, d) => m + d.count, 0) ?? 0), 0),
    notes: [...shortfall],
    pagesRead: results.length,
    pagesAsked: results.length,
  };
}

/**
 * Whether rows follow a page of `count` rows (`asked` asked), `read` rows read so far, `firstRows` on the
 * first page.
 */
function moreAfter(
  signals: PageSignals | undefined,
  count: number,
  asked: number | undefined,
  read: number,
  firstRows: number,
): More {
  const s = signals ?? {};
  if (s.hasMore === false) return 'no';
  if (s.total !== undefined && read >= s.total) return 'no';
  if (s.page !== undefined && s.totalPages !== undefined) return s.page < s.totalPages ? 'yes' : 'no';
  // Pages only the answer told of, with no count of them: the list ends at an empty page or one shorter
  // than a page (its size, else the first page's rows: the first page was told full). A full page may
  // be its last: only the page after it says. (A number beside it under a name we do not know, larger
  // than the page, is no count of the list: it may be the page's size.)
  if (s.pageTold && s.page !== undefined)
    return count === 0 || count < (s.perPage ?? firstRows) ? 'no' : 'may';
  if (s.next !== undefined || s.cursor !== undefined || s.hasMore === true) return count === 0 ? 'no' : 'yes';
  if (s.total !== undefined) return 'yes';
  // A count beside the list beyond the rows read is a total by another name: more exist. Unless it is
  // the limit sent: it may echo the limit (the list whole) or count the list (more exist).
  if (s.count !== undefined && s.count > read) return count === 0 || s.count === asked ? 'may' : 'yes';
  // A page number echoed with its size and no count of pages: a full page may have more after it.
  if (s.page !== undefined && s.perPage !== undefined && count > 0 && count >= s.perPage) return 'may';
  // Offset paging without a total: a page as long as the limit echoed may have more after it.
  if (s.offset?.next && count > 0) return 'yes';
  if (s.offset !== undefined && count > 0)
    return s.offset.limit !== undefined && count < s.offset.limit ? 'no' : 'may';
  if (asked === undefined || count === 0) return 'no';
  if (count >= asked) return 'may';
  return clamped(count, asked) ? 'may' : 'no';
}

/** A page shorter than asked at a round number: the API may have cut our limit to its own cap. */
function clamped(count: number, asked: number): boolean {
  return count >= 20 && (ROUND_CAPS.has(count) || (count % 5 === 0 && asked % count === 0));
}

/** The request for the page after `signals`, and a key naming it (a page asked twice is a loop). */
function nextPage<N extends RouteName>(
  signals: PageSignals | undefined,
  options: CallOptions<N>,
  route: N,
  pageRows: number,
):
  | {
      options: CallOptions<N>;
      key: string;
      extra?: Record<string, string | number>;
      /** The page asked under a parameter only the answer told of. */
      told?: { param: string; page: number };
    }
  | undefined {
  if (!signals) return undefined;
  if (signals.next !== undefined) return { options: { ...options, link: signals.next }, key: signals.next };
  const { cursor, offset } = signals;
  const param = signals.pageParam ?? 'page';
  const told =
    !cursor && signals.pageTold && signals.page !== undefined ? { param, page: signals.page + 1 } : undefined;
  const extra: Record<string, string | number> | undefined = cursor
    ? { [cursor.name]: cursor.value }
    : signals.page !== undefined
      ? { [param]: signals.page + 1 }
      : offset !== undefined && pageRows > 0
        ? { [offset.name]: offset.next ? offset.value : offset.value + pageRows }
        : undefined;
  if (!extra) return undefined;
  const body = options.body as Record<string, unknown> | undefined;
  const asked: CallOptions<N> = { ...options, ...(told ? { pageParam: told.param } : {}) };
  const next: CallOptions<N> =
    body !== undefined
      ? { ...asked, body: { ...body, ...extra } }
      : { ...asked, query: { ...options.query, ...extra } };
  return { options: next, key: `${route} ${JSON.stringify(extra)}`, extra, ...(told ? { told } : {}) };
}

/** `signals` without a cursor equal to the one the page was asked with: an echo, not the next page. */
function withoutEcho(
  signals: PageSignals | undefined,
  asked: Record<string, string | number> | undefined,
): PageSignals | undefined {
  if (!signals?.cursor || asked?.[signals.cursor.name] !== signals.cursor.value) return signals;
  const { cursor: _echo, ...rest } = signals;
  return rest;
}

/** Whether any row of `rows` is one of `before`. */
function overlaps(rows: readonly unknown[], before: readonly unknown[]): boolean {
  const seen = new Set(before.map((row) => JSON.stringify(row)));
  return rows.some((row) => seen.has(JSON.stringify(row)));
}

function sameRow(a: unknown, b: unknown): boolean {
  return b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

function stopNote(read: number, total: number | undefined, why: string, more: More): string {
  const exist = more === 'yes' ? 'more exist' : 'more may exist';
  const shown = total !== undefined ? `${read} of ${total} rows read` : `${read} rows read; ${exist}`;
  return `Not every page was read: ${why} (${shown}).`;
}

function mayNotes(last: ApiResult<unknown>, asked: number | undefined, read: number): string[] {
  const count = (last.data as { data: unknown[] }).data.length;
  if (asked === undefined || count >= asked) return [];
  return [
    `The API answered ${count} rows where ${asked} were asked, with no sign of more: it may cap its pages, so more may exist (${read} rows read).`,
  ];
}

function spentNote(pages: number, { sent, from_cache }: Requests): string {
  const from = from_cache > 0 ? `, ${from_cache} ${from_cache === 1 ? 'page' : 'pages'} from the cache` : '';
  return `The API pages this list: ${pages} page${pages === 1 ? '' : 's'} read, ${sent} request${sent === 1 ? '' : 's'} sent${from}.`;
}

/** Cached only when every page was; dated by the oldest; stale when any page was. */
function mergedSource(sources: readonly Source[]): Source {
  const oldest = sources.map((s) => s.fetched_at).sort()[0] as string;
  const stale = sources.filter((s) => s.stale);
  return {
    cached: sources.every((s) => s.cached),
    fetched_at: oldest,
    ...(stale.length > 0 ? { stale: true, age_s: Math.max(...stale.map((s) => s.age_s ?? 0)) } : {}),
  };
}

function sizeOf(route: ListRoute): number | undefined {
  return (PAGE_SIZE as Partial<Record<ListRoute, number>>)[route];
}

/** The first page at the route's page size (or its learned cap), asked again smaller once if refused. */
async function firstPage<N extends ListRoute, S extends ListSchema>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
  wanted: number,
  size?: number,
): Promise<ApiResult<z.infer<S>> & { pageSize: number | undefined; asked: CallOptions<N> }> {
  const full = size ?? sizeOf(route);
  if (full === undefined)
    return { ...(await api.call(route, schema, options)), pageSize: undefined, asked: options };
  const cap = api.pageCaps.get(route);
  const caller = Math.min(wanted, full);
  const first = cap === undefined ? full : Math.min(full, Math.max(cap, caller));
  try {
    const asked = withLimit(options, first);
    return { ...(await api.call(route, schema, asked)), pageSize: first, asked };
  } catch (error) {
    // A 400 that names another parameter is about the caller's arguments, not our page size.
    const refused =
      error instanceof ApiError &&
      error.kind === 'bad_request' &&
      (error.parameter === undefined || /limit/i.test(error.parameter));
    const fallback = refused ? smallerPage(error, first, caller, cap) : undefined;
    if (fallback === undefined) throw error;
    const asked = withLimit(options, fallback);
    const result = await api.call(route, schema, asked);
    api.pageCaps.set(route, Math.max(fallback, cap ?? 0));
    return { ...result, pageSize: fallback, asked };
  }
}

function withLimit<N extends RouteName>(options: CallOptions<N>, limit: number): CallOptions<N> {
  const body = options.body as Record<string, unknown> | undefined;
  return body !== undefined
    ? { ...options, body: { ...body, limit } }
    : { ...options, query: { ...options.query, limit } };
}

/** The page to ask after `asked` was refused: the bound the API named, else the caller's limit. */
function smallerPage(
  error: ApiError,
  asked: number,
  wanted: number,
  cap: number | undefined,
): number | undefined {
  const named = error.limitHint;
  if (named !== undefined && named > 0 && named < asked) return named;
  const known = cap !== undefined && cap < asked ? cap : undefined;
  const next = known ?? wanted;
  return next < asked ? next : undefined;
}
