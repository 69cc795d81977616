import type { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionTransport } from '../../src/http/session-transport.js';
import { SessionStore } from '../../src/http/sessions.js';

let store: SessionStore | undefined;
afterEach(async () => {
  await store?.closeAll();
});

function fakeSession(closed: string[], id: string) {
  // Only close() is used by the store; the real transport is exercised in test/hosted.
  const closer = { close: async () => void closed.push(id) };
  return {
    transport: closer as unknown as SessionTransport,
    server: { close: async () => undefined } as unknown as McpServer,
    fingerprint: 'f',
  };
}

describe('SessionStore', () => {
  it('evicts sessions idle past the limit, never one with a call in progress', async () => {
    let now = 0;
    const closed: string[] = [];
    store = new SessionStore({ max: 10, idleMs: 1000, now: () => now });
    store.add('idle', fakeSession(closed, 'idle'));
    store.add('busy', fakeSession(closed, 'busy'));
    const done = store.begin(store.get('busy') as NonNullable<ReturnType<SessionStore['get']>>);
    now = 5000;
    await store.evictIdle();
    expect(closed).toEqual(['idle']);
    expect(store.get('busy')).toBeDefined();
    done();
    now = 5500;
    await store.evictIdle();
    expect(store.get('busy')).toBeDefined();
    now = 7000;
    await store.evictIdle();
    expect(closed).toEqual(['idle', 'busy']);
  });

  it('has room up to the cap, making room by evicting idle sessions first', async () => {
    let now = 0;
    store = new SessionStore({ max: 2, idleMs: 1000, now: () => now });
    store.add('a', fakeSession([], 'a'));
    store.add('b', fakeSession([], 'b'));
    expect(await store.hasRoom()).toBe(false);
    now = 2000;
    expect(await store.hasRoom()).toBe(true);
    expect(store.size).toBe(0);
  });
});
