import { createHmac, hash, randomBytes } from 'node:crypto';

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

/**
 * One-shot: every cache lookup hashes its key (and the file store the key again for the path), and a
 * Hash object made and dropped each time cost 3-4x as much (1.5-3.7 us against 0.5-0.8).
 */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/**
 * A short tag of an API key: partitions caches and quota states without storing the key. Those live in
 * Redis shared by every replica, so with `secret` (the deployment's FOOTBALL_MCP_KEY_LABEL_SECRET, the same
 * on every replica) it is an HMAC: without the secret, a list of candidate keys cannot be checked against
 * what Redis holds. Without it, the unsalted hash of before, so replicas (and entries already stored) agree
 * with no setting; setting the secret later starts new partitions once (one cold cache, quota relearned).
 */
export function keyTag(apiKey: string, secret?: string): string {
  if (secret) return hmac(secret, `tag\n${apiKey}`);
  return sha256(`football-scout-mcp:${apiKey}`).slice(0, 16);
}

let processSecret: Buffer | undefined;

/**
 * The label of an API key in /metrics and logs: an HMAC-SHA256 under the deployment's secret, so a short
 * list of candidate keys does not find it (an unsalted hash of a prefixed key does). Without a secret, one
 * drawn at random per process: labels are then stable within a process but differ between replicas and
 * across restarts; set FOOTBALL_MCP_KEY_LABEL_SECRET for labels every replica agrees on.
 */
export function keyLabel(apiKey: string, secret: string | undefined): string {
  processSecret ??= randomBytes(32);
  return hmac(secret || processSecret, `label\n${apiKey}`);
}

function hmac(secret: string | Buffer, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex').slice(0, 16);
}
