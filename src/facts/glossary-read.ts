// The glossary as the statistic-key check and the naming of statistics read it (GET /v1/glossary, cached a
// day, every page). One rule for every way it can fail: an answer never fails for want of the glossary.
// Whatever the cause (status, timeout, network, an unreadable answer, the key refused, the quota spent),
// the reading says why in our words, and the callers send keys as given and name statistics from their
// keys: the request that follows gets the API's own answer (a cached answer, or the same key or quota
// error, said as such). Only a cancellation ends the call. A glossary read only in part says that too.
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { ListRead } from '../api/list-pages.js';
import type { GlossaryEntry } from '../api/schemas.js';

/** An entry whose key was read: the only kind that may name or check a statistic. */
export type KeyedEntry = GlossaryEntry & { key: string };

export type GlossaryRead =
  | {
      list: ListRead<{ data: GlossaryEntry[] }>;
      /** The entries with a key: one without (absent or unread) is shown, never used to name or check. */
      keyed: KeyedEntry[];
      /** Why entries may be missing (pages not read, entries unreadable); undefined when read whole. */
      gap: string | undefined;
    }
  | { list: undefined; error: ApiError; why: string };

export async function readGlossaryList(api: ApiClient, signal: AbortSignal): Promise<GlossaryRead> {
  try {
    const list = await api.glossary({ signal });
    const keyed = list.data.data.filter((e): e is KeyedEntry => typeof e.key === 'string');
    return { list, keyed, gap: gapOf(list, list.data.data.length - keyed.length) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind === 'aborted' || signal.aborted) throw error;
    return { list: undefined, error, why: unreadWhy(error) };
  }
}

/** Why the glossary could not be read, in our words (never upstream text). */
export function unreadWhy(error: ApiError): string {
  switch (error.kind) {
    case 'unauthorized':
      return error.status === undefined ? 'no API key is configured' : 'the API refused the key (401)';
    case 'quota_exhausted':
      return "the key's daily quota is spent: it was not asked";
    case 'network':
      return 'the API could not be reached';
    case 'timeout':
      return 'the glossary did not answer in time';
    case 'bad_response':
      return "the glossary's answer could not be read";
    case 'too_large':
      return "the glossary's answer was larger than the cap on upstream bodies";
    case 'busy':
      return 'too many requests of this key were already waiting';
    default:
      return error.status !== undefined
        ? `the glossary answered ${error.status}`
        : `the glossary failed (${error.kind.replaceAll('_', ' ')})`;
  }
}

/** Why the glossary may lack an entry for a key: pages not read, entries left out, entries with no key. */
function gapOf(list: ListRead<{ data: unknown[] }>, keyless: number): string | undefined {
  if (list.data.data.length === 0 && list.leftOut === 0 && list.more === 'no')
    return 'the glossary lists nothing';
  const reasons = [
    ...(list.more !== 'no'
      ? [
          list.shortfall.length > 0
            ? `the glossary was read only in part: ${list.shortfall.map((s) => s.replace(/\.$/, '')).join('; ')}`
            : 'the glossary was read only in part',
        ]
      : []),
    ...(list.leftOut > 0 ? [`${list.leftOut} of its entries could not be read and were left out`] : []),
    ...(keyless > 0
      ? [`${list.data.data.length} entries read, ${keyless} without a key the server could read`]
      : []),
  ];
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}

/** What an answer says when the glossary cannot be read: its statistics are named from their keys. */
export function glossaryUnreadNote(why: string): string {
  return `The glossary could not be read (${why}): statistics are named from their keys, without the glossary's names and units.`;
}

/** What an answer says of a statistic key the glossary could not confirm: sent as given, named from its key. */
export function keyUncheckedNote(input: string, why: string): string {
  return `The statistic "${input}" could not be checked against the glossary (${why}): it was sent as given (the API refuses a key it does not know) and is named from its key.`;
}

/**
 * The notes naming the statistics among `keys` shown by their keys because the glossary did not give
 * their name: its entry has none, or (when it was read only in part: `gap`) it has no entry read for them.
 */
export function namedByKeyNotes(
  keys: Iterable<string>,
  names: ReadonlyMap<string, { name: string | null }>,
  gap: string | undefined,
): string[] {
  const unnamed: string[] = [];
  const unread: string[] = [];
  for (const key of new Set(keys)) {
    const entry = names.get(key);
    if (entry && !entry.name?.trim()) unnamed.push(key);
    else if (!entry && gap !== undefined) unread.push(key);
  }
  const say = (which: string[], why: string) =>
    `Named from their keys, without the glossary's name and unit: ${which.join(', ')} (${why}).`;
  return [
    ...(unnamed.length > 0 ? [say(unnamed, "the glossary's entries for them give no name")] : []),
    ...(unread.length > 0 ? [say(unread, gap as string)] : []),
  ];
}
