// Whether a POST is served as a 2025-era request: our quick answer for plain requests
// (src/http/shared-servers.ts, isLegacyPost) against the SDK's own classification, on generated POSTs
// (seeded, printed; replay with FOOTBALL_TEST_SAMPLE_SEED): requests, notifications, responses and
// batches, with and without a _meta envelope claim (valid or not), under every protocol header the SDK
// knows, an unknown one or none, with or without method and name headers. They must always agree: a
// request the SDK would refuse or serve on the 2026-07-28 wire never takes the quick path.
import type { IncomingMessage } from 'node:http';
import {
  classifyInboundRequest,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODERN_REVISION } from '../../src/http/modern-shared.js';
import { isLegacyPost } from '../../src/http/shared-servers.js';
import { propertyRuns } from '../support/sample.js';

const absent = fc.constant(undefined);

const metaArb = fc.oneof(
  absent,
  fc.constant(null),
  fc.constant([]),
  fc.record({ progressToken: fc.constantFrom(1, 'p') }),
  fc.record({
    [PROTOCOL_VERSION_META_KEY]: fc.constantFrom(
      ...SUPPORTED_PROTOCOL_VERSIONS,
      MODERN_REVISION,
      '1999-01-01',
      7,
    ),
    'io.modelcontextprotocol/clientInfo': fc.option(
      fc.record({ name: fc.constant('c'), version: fc.constant('1') }),
    ),
  }),
);

const paramsArb = fc.oneof(
  absent,
  fc.constant('text'),
  fc.record(
    { name: fc.constantFrom('rank_players_by_role', 'list_roles'), _meta: metaArb },
    { requiredKeys: ['name'] },
  ),
  fc.record({ protocolVersion: fc.constantFrom(...SUPPORTED_PROTOCOL_VERSIONS), _meta: metaArb }),
);

/** Any message: each member drawn, present or not, of the right kind or not. */
const anyMessageArb = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.oneof(fc.integer(), fc.constantFrom('a', null)),
    method: fc.constantFrom('tools/call', 'tools/list', 'ping', 'initialize', 'notifications/initialized', 7),
    params: paramsArb,
    result: fc.constant({}),
    error: fc.constant({ code: -1, message: 'x' }),
  },
  { requiredKeys: ['jsonrpc'] },
);

/** A request as clients send them, with or without an envelope claim. */
const requestArb = fc.record(
  {
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), fc.constant('a')),
    method: fc.constantFrom('tools/call', 'tools/list', 'ping'),
    params: paramsArb,
  },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
);

const messageArb = fc.oneof({ weight: 3, arbitrary: requestArb }, { weight: 2, arbitrary: anyMessageArb });

const bodyArb = fc.oneof(
  { weight: 6, arbitrary: messageArb },
  fc.array(messageArb, { maxLength: 2 }),
  fc.constant('x'),
);

const headerArb = fc.record(
  {
    'mcp-protocol-version': fc.constantFrom(
      ...SUPPORTED_PROTOCOL_VERSIONS,
      MODERN_REVISION,
      ' 2025-06-18 ',
      '2099-01-01',
      '',
    ),
    'mcp-method': fc.constantFrom('tools/call', 'tools/list'),
    'mcp-name': fc.constantFrom('list_roles'),
  },
  { requiredKeys: [] },
);

describe('a POST served as a 2025-era request', () => {
  it('is one for the quick check exactly when it is one for the SDK', () => {
    fc.assert(
      fc.property(bodyArb, headerArb, (body, headers) => {
        const req = { method: 'POST', headers } as unknown as IncomingMessage;
        const sdk = classifyInboundRequest({
          httpMethod: 'POST',
          ...(headers['mcp-protocol-version'] !== undefined
            ? { protocolVersionHeader: headers['mcp-protocol-version'] }
            : {}),
          ...(headers['mcp-method'] !== undefined ? { mcpMethodHeader: headers['mcp-method'] } : {}),
          ...(headers['mcp-name'] !== undefined ? { mcpNameHeader: headers['mcp-name'] } : {}),
          body,
        });
        expect(isLegacyPost(req, body), JSON.stringify({ body, headers })).toBe(sdk.kind === 'legacy');
      }),
      propertyRuns('legacy posts', 400),
    );
  });
});
