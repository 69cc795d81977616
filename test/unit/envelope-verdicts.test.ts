// The SDK's verdict on a 2026-07-28 request, remembered per envelope (src/http/envelope-verdicts.ts):
// on generated sequences of requests sharing a few envelopes (valid, of another revision, with bad
// capabilities, a progress token of the wrong type, ...) and differing in every other part the SDK
// reads (jsonrpc, id of any type, extra members, params, method, name and the headers), the answer
// with verdicts remembered from earlier requests is always the answer the SDK's classification gives
// that request alone. Seeded, printed; replay with FOOTBALL_TEST_SAMPLE_SEED.
import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnvelopeVerdicts } from '../../src/http/envelope-verdicts.js';
import { MODERN_REVISION, modernRequest } from '../../src/http/modern-shared.js';
import { propertyRuns } from '../support/sample.js';

const VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT = 'io.modelcontextprotocol/clientInfo';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';

const valid = { [VERSION]: MODERN_REVISION, [CLIENT]: { name: 'c', version: '1' }, [CAPS]: {} };

const ENVELOPES: readonly unknown[] = [
  valid,
  { ...valid, progressToken: 7 },
  { ...valid, progressToken: 1.5 },
  { ...valid, progressToken: 'p' },
  { ...valid, 'io.modelcontextprotocol/related-task': { taskId: 3 } },
  { ...valid, [VERSION]: '2025-06-18' },
  { ...valid, [VERSION]: '2099-01-01' },
  { ...valid, [CAPS]: 'all' },
  { ...valid, [CLIENT]: { name: 'c' } },
  { [VERSION]: MODERN_REVISION },
  { ...valid, 'io.modelcontextprotocol/logLevel': 'debug' },
  { ...valid, 'io.modelcontextprotocol/logLevel': 'loud' },
  null,
  [],
  'text',
];

const requestArb = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 8, arbitrary: fc.constant('2.0') }, fc.constantFrom('1.0', 2)),
    id: fc.oneof(
      { weight: 6, arbitrary: fc.integer() },
      fc.constantFrom('a', '', 1.5, -0, 2 ** 53, 2 ** 60, null, true, [1], { n: 1 }),
    ),
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant('tools/call') },
      fc.constantFrom('tools/list', 'prompts/get', 'initialize', 'ping'),
    ),
    name: fc.constantFrom('echo', 'list_roles'),
    envelope: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1, 3) }, fc.nat(ENVELOPES.length - 1)),
    params: fc.oneof(
      { weight: 8, arbitrary: fc.constant('object') },
      fc.constantFrom('absent', 'array', 'text', 'null'),
    ),
    extra: fc.oneof(
      { weight: 8, arbitrary: fc.constant('none') },
      fc.constantFrom('result', 'error', 'other', '__proto__'),
    ),
    nameHeader: fc.oneof({ weight: 6, arbitrary: fc.constant('match') }, fc.constantFrom('absent', 'other')),
  },
  { requiredKeys: ['jsonrpc', 'method', 'name', 'envelope', 'params', 'extra', 'nameHeader'] },
);

type Draw = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function composed(draw: Draw): { req: IncomingMessage; body: Record<string, unknown> } {
  const meta = ENVELOPES[draw.envelope];
  const named = draw.method === 'tools/call' || draw.method === 'prompts/get';
  const paramsObject = { ...(named ? { name: draw.name } : {}), _meta: meta };
  const params = {
    object: paramsObject,
    absent: undefined,
    array: [paramsObject],
    text: 'params',
    null: null,
  }[draw.params];
  const body: Record<string, unknown> = { jsonrpc: draw.jsonrpc, method: draw.method };
  if ('id' in draw) body.id = draw.id;
  if (params !== undefined) body.params = params;
  if (draw.extra === 'result') body.result = {};
  if (draw.extra === 'error') body.error = { code: -1, message: 'x' };
  if (draw.extra === 'other') body.other = 1;
  // As JSON.parse makes it: an own member named __proto__.
  if (draw.extra === '__proto__') Object.defineProperty(body, '__proto__', { value: 1, enumerable: true });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN_REVISION,
    'mcp-method': draw.method,
  };
  if (named && draw.nameHeader === 'match') headers['mcp-name'] = draw.name;
  if (draw.nameHeader === 'other') headers['mcp-name'] = 'other';
  return { req: { method: 'POST', headers } as unknown as IncomingMessage, body };
}

describe('the SDK verdicts remembered per envelope', () => {
  it('answer every request as the SDK classifies it alone', () => {
    let served = 0;
    let remembered = 0;
    fc.assert(
      fc.property(fc.array(requestArb, { minLength: 1, maxLength: 12 }), (draws) => {
        const warm = new EnvelopeVerdicts();
        for (const draw of draws) {
          const { req, body } = composed(draw);
          const alone = modernRequest(req, body, new EnvelopeVerdicts());
          const key = warm.keyOf(body, req.headers['mcp-name'] as string | undefined);
          const wasKnown = key !== undefined && warm.has(key);
          const got = modernRequest(req, body, warm);
          expect(got, JSON.stringify({ draw, body })).toBe(alone);
          if (got) served += 1;
          if (got && wasKnown) remembered += 1;
        }
      }),
      propertyRuns('envelope verdicts', 300),
    );
    // Not vacuous: requests were served, and some by a verdict remembered.
    expect(served).toBeGreaterThan(20);
    expect(remembered).toBeGreaterThan(5);
  });
});

describe('what the verdicts keep', () => {
  it('keeps no envelope longer than a client sends: memory stays bounded whatever requests come', () => {
    const verdicts = new EnvelopeVerdicts();
    const body = (meta: unknown) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: meta },
    });
    expect(verdicts.keyOf(body(valid), undefined)).toBeDefined();
    expect(verdicts.keyOf(body({ ...valid, padding: 'x'.repeat(10_000) }), undefined)).toBeUndefined();
  });
});
