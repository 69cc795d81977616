// What is derived from a list kept in the cache, made once per list rather than once per answer: a
// list read again from the cache is a new array holding the same frozen rows (the kept-parsed answers
// are frozen, deeply), so a map built from it (names folded, other forms) stays true while its rows
// are those same objects.

/**
 * `make` of a list, made again only when the list's rows are not the objects it was last made of, or
 * when any of them could have changed since (a row that is not frozen is never taken as the same).
 */
export function onSameRows<T, R>(make: (rows: readonly T[]) => R): (rows: readonly T[]) => R {
  let last: { rows: readonly T[]; value: R } | undefined;
  return (rows) => {
    if (last !== undefined && sameFrozen(last.rows, rows)) return last.value;
    const value = make(rows);
    last = rows.every(isFrozenObject) ? { rows: [...rows], value } : undefined;
    return value;
  };
}

function sameFrozen<T>(kept: readonly T[], rows: readonly T[]): boolean {
  if (kept.length !== rows.length) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== rows[i]) return false;
  return true;
}

function isFrozenObject(row: unknown): boolean {
  return typeof row === 'object' && row !== null && Object.isFrozen(row);
}
