import { createHash } from 'node:crypto';

/** JSON with object keys sorted and undefined dropped, so equal requests give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A short, non-reversible tag of an API key: partitions caches and quotas without storing the key. */
export function keyTag(apiKey: string): string {
  return sha256(`football-scout-mcp:${apiKey}`).slice(0, 16);
}
