// A list read (src/api/list-pages.ts) as the resources show it: never a cut list passed off as whole.
import type { ListRead } from '../../api/list-pages.js';

/** Why `list` is not the whole list, or undefined when it is. */
export function partOf(list: ListRead<{ data: unknown[] }>): string | undefined {
  if (list.more === 'no') return undefined;
  return list.shortfall.length > 0
    ? list.shortfall.join(' ')
    : `${list.data.data.length} rows read; more ${list.more === 'yes' ? 'exist' : 'may exist'}.`;
}

/** A resource's body for `list`: its rows, and when it was read only in part, `complete: false` and why. */
export function listBody<T>(list: ListRead<{ data: T[] }>): {
  data: T[];
  complete?: false;
  notes?: string[];
} {
  const part = partOf(list);
  return { data: list.data.data, ...(part !== undefined ? { complete: false as const, notes: [part] } : {}) };
}

/**
 * What a lookup in `list` that found nothing says first: `absent` when the list was read whole, else that
 * the thing was not among the rows read and may be among those not read, and why.
 */
export function notFound(list: ListRead<{ data: unknown[] }>, absent: string, what: string): string {
  const part = partOf(list);
  return part === undefined
    ? absent
    : `${what} is not among the ${list.data.data.length} rows read, but the list was read only in part, so it may be among those not read (${part.replace(/\.$/, '')}).`;
}
