// Test support: a part a file or describe block shares, opened before its tests and closed after them; parts
// a test opens itself, closed after it.
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * What `open` gives, for the enclosing file or describe block: opened before its tests, closed with `close`
 * after them (not when it never opened). The object returned is filled in once it has opened: read its
 * fields inside tests and hooks, not when the file is collected.
 */
export function useOpened<T extends object>(open: () => Promise<T>, close: (opened: T) => Promise<void>): T {
  const holder = {} as T;
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
    Object.assign(holder, opened);
  });
  afterAll(async () => {
    if (opened) await close(opened);
  });
  return holder;
}

/**
 * Parts a test opens itself, each closed after that test, in the order opened: `const opened =
 * closedAfterEach()` in the file, then `opened(await open…())` in a test gives the part back.
 */
export function closedAfterEach(): <T extends { close(): Promise<void> }>(part: T) => T {
  const parts: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const part of parts.splice(0)) await part.close();
  });
  return (part) => {
    parts.push(part);
    return part;
  };
}
