// A batch route (compare, fit-score) fails whole when one of its ids has no row: a player without a
// row this season, an old player_id, a league the key does not cover. The batch is then split in
// halves until each failing id stands alone, so the call answers every other player and names each
// id it could not, with the reason. Only failures about an id split; a spent quota or an outage does not.
import { z } from 'zod';
import type { ApiResult } from '../../src/api/client.js';
import { type ApiError, BadRequestError, ForbiddenError, NotFoundError } from '../../src/api/errors.js';

export interface Unanswered {
  id: string;
  reason: string;
}

interface Identified {
  player_id?: string | null;
  service_id?: string | null;
}

/**
 * Ids asked and answered with no row that carries them, beside rows that carry no id asked (`strays`: an
 * old player_id answered under the current one). Each id of `ids` is missing when there are no strays;
 * with strays, at least `ids.length - strays` of them are.
 */
export interface Missing {
  ids: string[];
  strays: number;
}

export type SplitResult<Row> = ApiResult<Row[]> & {
  unanswered: Unanswered[];
  requests: number;
  /** Set when the API answered fewer players than asked, without refusing any: who is not shown. */
  missing?: Missing;
};

function aboutAnId(error: unknown): error is ApiError {
  return (
    error instanceof NotFoundError ||
    error instanceof ForbiddenError ||
    (error instanceof BadRequestError && error.parameter === 'player_ids')
  );
}

function reasonOf(error: ApiError): string {
  if (error instanceof NotFoundError)
    return 'no row: unknown id, an old player_id, or no row in the season asked (resolve_players gives current ids)';
  if (error instanceof ForbiddenError) return "the key's plan does not cover this player's league";
  return 'refused by the API as an id';
}

/**
 * `call` on all `ids`; when it fails because of an id, the halves are asked again (each at least `min`
 * ids, topped up with an id that answered, whose row is then left out) until every failing id is
 * named. Throws the first failure when no id answers.
 */
export async function answerWhatYouCan<Row extends Identified>(
  ids: readonly string[],
  call: (ids: readonly string[]) => Promise<ApiResult<Row[]>>,
  min: number,
): Promise<SplitResult<Row>> {
  const rows: Row[] = [];
  const unanswered: Unanswered[] = [];
  /** Ids that answered, with their row when it carries the id (only those can top up a request). */
  const answered = new Map<string, Row | undefined>();
  /** Ids refused in a batch and too few to be asked alone, until an answered id can top them up. */
  const waiting = new Set<string>();
  let last: ApiResult<Row[]> | undefined;
  let firstError: ApiError | undefined;
  let requests = 0;
  /** The groups refused for an id: each holds at least one bad id. */
  const refused: string[][] = [];
  let cached = true;
  let oldest: string | undefined;

  const send = async (list: readonly string[]) => {
    requests++;
    tried.add(groupKey(list));
    const result = await call(list);
    last = result;
    cached &&= result.source.cached;
    if (oldest === undefined || result.source.fetched_at < oldest) oldest = result.source.fetched_at;
    return result.data;
  };

  const solve = async (list: readonly string[]): Promise<void> => {
    const padding = [...answered]
      .filter(([id, row]) => row !== undefined && !list.includes(id))
      .map(([id]) => id)
      .slice(0, Math.max(0, min - list.length));
    if (list.length + padding.length < min) {
      for (const id of list) waiting.add(id);
      return;
    }
    try {
      const data = await send([...list, ...padding]);
      const padRows = padding.map((id) => answered.get(id));
      const own = data.filter((row) => !padRows.some((pad) => pad && sameRow(pad, row)));
      rows.push(...own);
      for (const id of list)
        answered.set(
          id,
          own.find((row) => row.player_id === id || row.service_id === id),
        );
    } catch (error) {
      if (!aboutAnId(error)) throw error;
      firstError ??= error;
      refused.push([...list]);
      if (list.length === 1) {
        unanswered.push({ id: list[0] as string, reason: reasonOf(error) });
        return;
      }
      const half = Math.ceil(list.length / 2);
      await solve(list.slice(0, half));
      await solve(list.slice(half));
    }
  };

  const tried = new Set<string>();
  await solve(ids);
  // Waiting ids are asked with an answered id; while none has answered, as untried groups of their own,
  // chosen among the ids the fewest bad ids would leave good (at most one attempt per id asked, so a batch
  // of bad ids costs little).
  while (waiting.size > 0 && requests + waiting.size < SEARCH_BUDGET_PER_ID * ids.length) {
    const known = [...answered.values()].some((row) => row !== undefined);
    const pending = [...waiting];
    if (known) {
      waiting.clear();
      for (const id of pending) await solve([id]);
      continue;
    }
    const group = likelyGoodGroup(pending, min, tried, refused);
    if (!group) break;
    for (const id of group) waiting.delete(id);
    await solve(group);
  }
  for (const id of waiting)
    unanswered.push({
      id,
      reason: `refused in a batch with other ids, and the API takes at least ${min} ids per request, so it could not be asked alone`,
    });
  if (rows.length === 0 && firstError) throw firstError;
  if (!last) throw firstError ?? new Error('no request was sent');
  // Rows in the order their ids were asked; a row that carries none of them keeps its place after.
  const place = (row: Row) => {
    const at = ids.findIndex((id) => row.player_id === id || row.service_id === id);
    return at < 0 ? ids.length : at;
  };
  const missing = missingOf(ids, rows, unanswered);
  return {
    ...last,
    ...(missing ? { missing } : {}),
    data: [...rows].sort((a, b) => place(a) - place(b)),
    source: { ...last.source, cached, fetched_at: oldest ?? last.source.fetched_at },
    unanswered: unanswered.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
    requests,
  };
}

/**
 * The ids answered (not refused) that no row carries, when they outnumber the rows that carry no id
 * asked: the API left players out of its answer without a word. Undefined when every id has a row or
 * may be one of the strays.
 */
function missingOf<Row extends Identified>(
  ids: readonly string[],
  rows: readonly Row[],
  unanswered: readonly Unanswered[],
): Missing | undefined {
  const carries = (row: Row, id: string) => row.player_id === id || row.service_id === id;
  const refused = new Set(unanswered.map((u) => u.id));
  const without = ids.filter((id) => !refused.has(id) && !rows.some((row) => carries(row, id)));
  const strays = rows.filter((row) => !ids.some((id) => carries(row, id))).length;
  return without.length > strays ? { ids: without, strays } : undefined;
}

/** Requests a split may spend per id asked, finding the bad ids and a group to ask the others with. */
const SEARCH_BUDGET_PER_ID = 3;

/**
 * The most calls `answerWhatYouCan` makes for `ids`: halving alone asks at most every node of a binary
 * tree over them (2n - 1); with a floor of ids per request, the search for a group to ask the refused
 * ids with stops at its budget.
 */
export function mostSplitCalls(ids: number, min: number): number {
  return min > 1 ? Math.max(1, SEARCH_BUDGET_PER_ID * ids - 1) : 2 * ids - 1;
}

const groupKey = (ids: readonly string[]) => [...ids].sort().join('\u0000');

/** Above this many pending ids, the search takes them in the order asked instead of weighing every guess. */
const MAX_WEIGHED_IDS = 12;

/**
 * An untried group of `size` ids that may all be good: the simplest explanation of the refusals so far is
 * the smallest set of ids that meets every refused group, so the group is taken outside such a set when one
 * leaves enough ids (smallest sets first), else in the order asked.
 */
function likelyGoodGroup(
  pending: readonly string[],
  size: number,
  tried: Set<string>,
  refused: readonly (readonly string[])[],
): string[] | undefined {
  if (pending.length <= MAX_WEIGHED_IDS) {
    const sets = Array.from({ length: 2 ** pending.length }, (_, mask) =>
      pending.filter((_, i) => mask & (2 ** i)),
    ).sort((a, b) => a.length - b.length);
    for (const bad of sets) {
      const meetsEvery = refused.every((group) =>
        group.some((id) => bad.includes(id) || !pending.includes(id)),
      );
      if (!meetsEvery) continue;
      const group = untriedGroup(
        pending.filter((id) => !bad.includes(id)),
        size,
        tried,
      );
      if (group) return group;
    }
  }
  return untriedGroup(pending, size, tried);
}

/** The first `size` ids of `pending` not asked together before. */
function untriedGroup(pending: readonly string[], size: number, tried: Set<string>): string[] | undefined {
  if (pending.length < size) return undefined;
  const pick = (start: number, chosen: string[]): string[] | undefined => {
    if (chosen.length === size) {
      return tried.has(groupKey(chosen)) ? undefined : chosen;
    }
    for (let i = start; i < pending.length; i++) {
      const found = pick(i + 1, [...chosen, pending[i] as string]);
      if (found) return found;
    }
    return undefined;
  };
  return pick(0, []);
}

function sameRow(a: Identified, b: Identified): boolean {
  return (
    (a.player_id != null && a.player_id === b.player_id) ||
    (a.service_id != null && a.service_id === b.service_id)
  );
}

/**
 * Who a batch answer does not show, in its structure: an agent that reads the structure (and not the
 * notes) must not take the rows shown for every player asked.
 */
export const UnansweredOut = {
  unanswered: z
    .array(z.object({ id: z.string(), reason: z.string() }))
    .optional()
    .describe('Ids asked that the answer does not show (or may not: the reason says), each with the reason.'),
};

const NOT_IN_ANSWER = "not in the API's answer, though it refused none (resolve_players gives current ids)";

/**
 * The structured form of a split batch's notes: every id refused or that no row carries. Beside rows
 * under ids not asked (an old player_id answered under the current one), which of those ids are missing
 * cannot be told: each is named with how many at least are.
 */
export function unansweredFields(split: {
  unanswered: readonly Unanswered[];
  missing?: Missing | undefined;
}): {
  unanswered?: Unanswered[];
} {
  const { missing } = split;
  const maybe = (ids: readonly string[], strays: number) =>
    `not shown, or shown under an id not asked: at least ${ids.length - strays} of ${ids.join(', ')} are not in the API's answer, which cannot be told`;
  const left = missing
    ? missing.ids.map((id) => ({
        id,
        reason: missing.strays === 0 ? NOT_IN_ANSWER : maybe(missing.ids, missing.strays),
      }))
    : [];
  const unanswered = [...split.unanswered, ...left];
  return unanswered.length > 0 ? { unanswered } : {};
}

/** The notes of a split batch: each id left out and why, and what finding them cost. */
export function unansweredNotes(split: {
  unanswered: readonly Unanswered[];
  requests: number;
  missing?: Missing | undefined;
}): string[] {
  const missing = split.missing ? [missingNote(split.missing)] : [];
  if (split.unanswered.length === 0) return missing;
  return [
    ...missing,
    ...split.unanswered.map((u) => `${u.id} not answered: ${u.reason}.`),
    `The API refused the whole batch for ${split.unanswered.length === 1 ? 'this id' : 'these ids'}; ${split.requests} requests found ${split.unanswered.length === 1 ? 'it' : 'them'} and answered the rest.`,
  ];
}

/** Who the answer does not show though the API refused nothing. */
function missingNote({ ids, strays }: Missing): string {
  const list = ids.join(', ');
  if (strays === 0)
    return `Not in the API's answer, though it refused none: ${list} (no row carries ${ids.length === 1 ? 'this id' : 'these ids'}; resolve_players gives current ids).`;
  const at = ids.length - strays;
  return `At least ${at} of ${list} ${at === 1 ? 'is' : 'are'} not in the API's answer, though it refused none: ${strays} row${strays === 1 ? '' : 's'} shown carr${strays === 1 ? 'ies' : 'y'} no id asked (an old player_id answered under the current one), so which cannot be told.`;
}
