// A list whose first page carries page facts in words we do not know (`{pagina: 1, per_pagina: 100,
// totaal: 250}`: pagination.ts, PageFacts) and nothing else that says how it goes on: the list read
// (list-pages.ts) asks the next page once, under the parameter the facts name (the one holding the page,
// 1, asked as 2; else the one holding 0, asked as 1: a page counted from 0, or an offset when the rows
// come back one on) or else the usual `page` (and, that page refused, each name holding 1 in turn, its
// number echoed), and reads what comes back. Rows of their own, with the
// facts as the first page gave them (the page echoed under its name when it was), are the next page: the
// list is read on so to an empty or a short page. The first page's rows again: the API does not take
// that parameter, and the list could not be paged. An empty page: no rows follow the first page.
// Anything else (the page not echoed, the numbers beside the rows changed: a filter, not a page; rows of
// the page before further on) is no page of this list.
// No number of the facts is read as a total: one larger than the rows may count anything (the pages, the
// players a ranking weighed before its limit), so the count is the rows read when the list ends.
import type { ApiResult } from './client.js';
import type { PageFacts, PageSignals } from './pagination.js';

export interface PageGuess {
  /** The facts as the first page gave them. */
  facts: PageFacts;
  /** The parameter pages are asked under. */
  param: string;
  /**
   * How the parameter counts: pages from 1 or from 0, an offset, or (a 0 on the first page) a page from 0
   * or an offset, told apart by the page it asks.
   */
  counts: 'pages' | 'offset' | 'zero';
  /** The number asked last under it (the first page's: 1, or 0). */
  asked: number;
  /** The parameters asked before it, in turn, whose page was none of this list. */
  refused?: string[];
}

/** The guess a first page's facts make, when it carries some. */
export function guessOf(signals: PageSignals | undefined): PageGuess | undefined {
  const facts = signals?.facts?.[0];
  if (!facts) return undefined;
  const param = facts.param ?? 'page';
  return facts.from === 0
    ? { facts, param, counts: 'zero', asked: 0 }
    : { facts, param, counts: 'pages', asked: 1 };
}

/**
 * The guess under the next name of the facts that may hold the page (`also`), once the page asked under
 * `guess.param` was none of this list; undefined when none is left. That page must echo its number.
 */
export function nextGuess(guess: PageGuess): PageGuess | undefined {
  const refused = [...(guess.refused ?? []), guess.param];
  const param = guess.facts.also?.find((name) => !refused.includes(name));
  if (param === undefined) return undefined;
  return { facts: { ...guess.facts, param }, param, counts: 'pages', asked: 1, refused };
}

/** A page's signals read under the guess: its place, the list ending at an empty or a short page. */
export function guessedSignals(
  signals: PageSignals | undefined,
  guess: PageGuess,
  firstRows: number,
): PageSignals {
  const {
    facts: _f,
    page: _p,
    pageParam: _n,
    pageTold: _t,
    totalPages: _c,
    offset: _o,
    ...rest
  } = signals ?? {};
  if (guess.counts === 'offset')
    return { ...rest, offset: { name: guess.param, value: guess.asked, limit: firstRows } };
  return { ...rest, page: guess.asked, pageParam: guess.param, pageTold: true };
}

/** The guess once the page after the last one asked (of `rows` rows) is asked. */
export function advanced(guess: PageGuess, rows: number): PageGuess {
  return { ...guess, asked: guess.asked + (guess.counts === 'offset' ? rows : 1) };
}

/**
 * The guess once the first page asked by it (`probe`, after `first`) is read: a 0 asked as 1 that came
 * back one row on (the first page's second row first) is an offset, else a page counted from 0.
 */
export function learnt(guess: PageGuess, first: readonly unknown[], probe: readonly unknown[]): PageGuess {
  if (guess.counts !== 'zero') return guess;
  const shifted =
    first.length > 1 && probe.length > 0 && JSON.stringify(probe[0]) === JSON.stringify(first[1]);
  return shifted ? { ...guess, counts: 'offset', asked: 0 } : { ...guess, counts: 'pages' };
}

/**
 * Why `page`, asked as `guess.asked` under the guess, is no page of this list (the first page's rows
 * again is said apart); undefined when it is.
 */
export function notAPage(page: ApiResult<{ data: unknown[] }>, guess: PageGuess): string | undefined {
  const rows = page.data.data.length;
  const facts = page.paging?.facts?.find((f) => f.at === guess.facts.at);
  const { param, asked } = guess;
  if (guess.facts.param !== undefined) {
    const echo = facts?.numbers[param] ?? page.paging?.page;
    if (echo !== asked) return `the API did not echo ${asked} under "${param}"`;
  }
  // A count of the page's own rows may follow them; any other number stays what the first page said.
  const changed = Object.entries(guess.facts.numbers)
    .filter(([name, v]) => name !== param && facts?.numbers[name] !== v && facts?.numbers[name] !== rows)
    .map(([name]) => name);
  if (changed.length === 0) return undefined;
  return `the numbers beside its rows (${changed.map((name) => `"${name}"`).join(', ')}) are not the first page's`;
}

/** Where the facts were, in words: "beside the list", "in "paginering"". */
function placeOf(facts: PageFacts): string {
  return facts.at === '' ? 'beside the list' : `in "${facts.at}"`;
}

/** The facts, named: `"pagina", "per_pagina", "totaal" beside the list`. */
export function factsNamed(facts: PageFacts): string {
  return `${Object.keys(facts.numbers)
    .map((name) => `"${name}"`)
    .join(', ')} ${placeOf(facts)}`;
}

/** The note of a list the probe could not page: `why` the page asked is none of it, `read` rows read. */
export function unpagedNote(guess: PageGuess, why: string, read: number, more: 'yes' | 'may'): string {
  const under = [...(guess.refused ?? []), guess.param];
  const asked =
    under.length === 1
      ? `1 request more asked for ${guess.asked} under "${guess.param}": ${why}`
      : `${under.length} requests more asked for ${guess.asked} under ${quotedList(under)} in turn, none a page of this list; under "${guess.param}", ${why}`;
  return `The list could not be paged: its first page tells of paging in words we do not know (${factsNamed(guess.facts)}), and ${asked}. ${read} row${read === 1 ? '' : 's'} read; more ${more === 'yes' ? 'exist' : 'may exist'}.`;
}

const quotedList = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** The note of a list read under the guess: how its pages were asked. */
export function guessedNote(guess: PageGuess): string {
  const counted = guess.counts === 'offset' ? 'as an offset' : 'by page number';
  const refused =
    guess.refused !== undefined ? ` (the API took no page under ${quotedList(guess.refused)})` : '';
  return `The list's paging was read from words we do not know (${factsNamed(guess.facts)}): its pages were asked under "${guess.param}"${refused}, ${counted}, to an empty or a short page.`;
}

/** The note of a list whose budget held its first page only: the facts not asked about. */
export function unaskedNote(guess: PageGuess, read: number, more: 'yes' | 'may'): string {
  return `The list was not paged: its first page tells of paging in words we do not know (${factsNamed(guess.facts)}), and the most pages one list read follows (the max-pages setting) is 1. ${read} row${read === 1 ? '' : 's'} read; more ${more === 'yes' ? 'exist' : 'may exist'}.`;
}
