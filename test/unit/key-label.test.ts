// Key labels and tags: a hash of an API key shown on /metrics or stored in a shared Redis must not be
// found from a short list of candidate keys, so both are keyed with a per-deployment secret (HMAC).
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { keyLabel, keyTag } from '../../src/lib/canonical.js';

const KEY = 'fd_live_4f9c2b7e1a0d8c3b';
const SECRET = 'a-deployment-secret-of-32-chars!';
const CANDIDATES = ['fd_live_0000000000000000', KEY, 'sbx_demo_0000000000000000'];

/** What someone holding a label and a list of candidate keys tries: the unsalted scheme. */
function unsalted(candidate: string): string {
  return createHash('sha256').update(`football-scout-mcp:${candidate}`).digest('hex').slice(0, 16);
}

describe('keyLabel', () => {
  it('is an HMAC-SHA256 of the key under the secret: 16 hex characters, stable for one secret', () => {
    const label = keyLabel(KEY, SECRET);
    expect(label).toMatch(/^[0-9a-f]{16}$/);
    expect(keyLabel(KEY, SECRET)).toBe(label);
    expect(label).toBe(createHmac('sha256', SECRET).update(`label\n${KEY}`).digest('hex').slice(0, 16));
  });

  it('is not found from a list of candidate keys without the secret', () => {
    const label = keyLabel(KEY, SECRET);
    expect(CANDIDATES.map(unsalted)).not.toContain(label);
    expect(CANDIDATES.map((c) => keyTag(c))).not.toContain(label);
  });

  it('differs between secrets (replicas agree only when they share one)', () => {
    expect(keyLabel(KEY, SECRET)).not.toBe(keyLabel(KEY, `${SECRET}-other`));
  });

  it('without a secret uses one random per process: stable here, unknown elsewhere', () => {
    expect(keyLabel(KEY, undefined)).toBe(keyLabel(KEY, undefined));
    expect(keyLabel(KEY, undefined)).not.toBe(unsalted(KEY));
    expect(keyLabel(KEY, undefined)).not.toBe(keyLabel(KEY, SECRET));
    expect(keyLabel(KEY, undefined)).not.toBe(keyLabel('another_key_000000000000', undefined));
  });
});

describe('keyTag (cache and quota partitions)', () => {
  it('without a secret stays the unsalted tag, so replicas and stored entries keep agreeing', () => {
    expect(keyTag(KEY)).toBe(unsalted(KEY));
  });

  it('with the secret is keyed too, and is not the label', () => {
    const tag = keyTag(KEY, SECRET);
    expect(tag).toMatch(/^[0-9a-f]{16}$/);
    expect(CANDIDATES.map(unsalted)).not.toContain(tag);
    expect(tag).not.toBe(keyLabel(KEY, SECRET));
    expect(keyTag(KEY, SECRET)).toBe(tag);
  });

  it('the client partitions its cache with the keyed tag when given the secret', () => {
    const tagOf = (client: ApiClient) => (client as unknown as { tag: string }).tag;
    const options = { baseUrl: 'https://api.test', apiKey: KEY };
    expect(tagOf(new ApiClient(options))).toBe(keyTag(KEY));
    expect(tagOf(new ApiClient({ ...options, keySecret: SECRET }))).toBe(keyTag(KEY, SECRET));
  });
});
