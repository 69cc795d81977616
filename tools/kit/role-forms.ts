// Role keys in their canonical form. An answer may give a role by the key the API renamed (the spec:
// six keys renamed, the former ones still accepted); the enums answer read says which (no request of
// its own: src/facts/names-learned.ts). Such a key is shown as its current key, and the answer says
// once which form the API sent.
import type { ApiClient } from '../../src/api/client.js';

/** `rows` with each former role key in `field` put as its current key, and the note that says so. */
export function currentRoleKeys<T extends Record<string, unknown>>(
  rows: readonly T[],
  field: keyof T & string,
  api: Pick<ApiClient, 'currentRole'>,
): { rows: T[]; notes: string[] } {
  const renamed = new Map<string, string>();
  const out = rows.map((row) => {
    const key = row[field];
    const current = typeof key === 'string' ? api.currentRole(key) : undefined;
    if (current === undefined || typeof key !== 'string') return row;
    renamed.set(key, current);
    return { ...row, [field]: current };
  });
  const notes =
    renamed.size === 0
      ? []
      : [
          `Role keys the API sent in their former form are shown by their current key: ${[...renamed]
            .map(([old, key]) => `${old} → ${key}`)
            .join(', ')}.`,
        ];
  return { rows: out, notes };
}
