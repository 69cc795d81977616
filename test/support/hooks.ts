// Test support: a part a file or describe block shares, opened before its tests and closed after them.
import { afterAll, beforeAll } from 'vitest';

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
