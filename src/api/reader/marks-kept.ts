// A read answer's unread marks (unread.ts) live under a symbol, which JSON drops: an answer kept in a
// store that serializes (the memory store's UTF-8, a file, Redis) came back with every unread field
// looking absent. Its marks are kept beside it as paths, and put back on the answer read from the store.
import { markUnread, type UnreadMarks, unreadMarks } from './unread.js';

/** Where in an answer a marked object is (keys and indices from the root), and its marks. */
export type KeptMarks = [path: (string | number)[], marks: UnreadMarks][];

/** Every marked object of `value`, by path (plain data: it survives JSON). */
export function marksWithin(value: unknown): KeptMarks {
  const out: KeptMarks = [];
  // One path, grown and shrunk as the walk goes (a page holds thousands of objects; few are marked).
  const path: (string | number)[] = [];
  // Only objects are visited: a page's values are mostly texts and numbers.
  const visit = (node: object) => {
    const marks = unreadMarks(node);
    if (marks) out.push([[...path], { ...marks }]);
    if (Array.isArray(node))
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item !== 'object' || item === null) continue;
        path.push(i);
        visit(item);
        path.pop();
      }
    else
      for (const key in node) {
        const item: unknown = (node as Record<string, unknown>)[key];
        if (typeof item !== 'object' || item === null || !Object.hasOwn(node, key)) continue;
        path.push(key);
        visit(item);
        path.pop();
      }
  };
  if (typeof value === 'object' && value !== null) visit(value);
  return out;
}

/** Puts `kept` back on `value` (read from a store): each object at its path lacking its marks gets them. */
export function restoreMarks(value: unknown, kept: KeptMarks): void {
  for (const [path, marks] of kept) {
    let node: unknown = value;
    for (const step of path)
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string | number, unknown>)[step]
          : undefined;
    if (typeof node === 'object' && node !== null && !unreadMarks(node) && !Object.isFrozen(node))
      markUnread(node, marks);
  }
}
