// The SDK's classification of a 2026-07-28 request, remembered per envelope. A client sends the same
// `_meta` envelope (revision, client info, capabilities) with every request, and the SDK checks it on
// each, after schema parses that fail on every request (as a result, as an error). What its verdict
// rests on beyond the envelope is the method, the Mcp-Name header and the body being one JSON-RPC
// request, which the SDK's own isJSONRPCRequest checks here on every request. So a verdict the SDK gave
// once to a request holds for every later request of the same envelope, method and name; only that
// verdict, a request it would serve, is remembered. test/unit/envelope-verdicts.test.ts holds the two
// to the same answer on generated requests.
import { isJSONRPCRequest } from '@modelcontextprotocol/server';
import { isPlainObject } from '../lib/plain-object.js';

/** Distinct envelopes remembered: a client has one; more than this many is forgotten wholesale. */
const MAX_VERDICTS = 256;
/** A key longer than this (a client's envelope is ~200 characters) is classified every time, not kept. */
const MAX_KEY_CHARS = 4096;

export class EnvelopeVerdicts {
  private readonly served = new Set<string>();

  /** The key of `body`'s verdict; undefined when it is no JSON-RPC request with an envelope. */
  keyOf(body: Record<string, unknown>, nameHeader: string | undefined): string | undefined {
    if (!isJSONRPCRequest(body)) return undefined;
    const meta = (body.params as Record<string, unknown> | undefined)?._meta;
    if (!isPlainObject(meta)) return undefined;
    const key = `${body.method as string}\n${nameHeader ?? ''}\n${JSON.stringify(meta)}`;
    return key.length > MAX_KEY_CHARS ? undefined : key;
  }

  /** Whether the SDK served a request of this key before. */
  has(key: string): boolean {
    return this.served.has(key);
  }

  /** The SDK serves requests of this key. */
  add(key: string): void {
    if (this.served.size >= MAX_VERDICTS) this.served.clear();
    this.served.add(key);
  }
}
