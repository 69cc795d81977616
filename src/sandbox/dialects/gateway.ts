// A flaky gateway in front of the API: the first try of every 4th request (by arrival) is answered 502
// with the gateway's HTML page and no rate-limit headers (the API never saw it, the quota does not
// count it); the same request sent again goes through. What the API answers comes back as the gateway
// passes it on: JSON labelled `text/plain` with a UTF-8 byte-order mark first, and X-RateLimit-Reset in
// the basic ISO 8601 form (`20261126T000000Z`). Everything else is standard.
import { LRUCache } from 'lru-cache';
import { type Dialect, fingerprint, GATE_MEMORY, type WireAnswer } from './dialect.js';

export const GATEWAY_FAILS_EVERY = 4;

const PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** 2026-11-26T00:00:00.000Z → 20261126T000000Z. */
export function basicIso(extended: string): string {
  return extended.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

export const gateway: Dialect = {
  name: 'gateway',
  summary: `a flaky gateway: the first try of every ${GATEWAY_FAILS_EVERY}th request answers 502 with an HTML page; answers pass as text/plain with a BOM, the reset in basic ISO 8601`,
  gate() {
    const failed = new LRUCache<string, true>({ max: GATE_MEMORY });
    return {
      admit(req) {
        const key = fingerprint(req);
        if (req.index % GATEWAY_FAILS_EVERY !== 1 || failed.has(key)) return undefined;
        failed.set(key, true);
        return {
          status: 502,
          headers: { 'Content-Type': 'text/html', Server: 'nginx' },
          body: Buffer.from(PAGE),
        };
      },
    };
  },
  wire(answer: WireAnswer) {
    const reset = answer.headers['X-RateLimit-Reset'];
    const headers = { ...answer.headers, ...(reset ? { 'X-RateLimit-Reset': basicIso(reset) } : {}) };
    if (!answer.headers['Content-Type']?.startsWith('application/json')) return { ...answer, headers };
    return {
      ...answer,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
      body: Buffer.concat([BOM, answer.body]),
    };
  },
};
