// Plain requests of the 2026-07-28 wire served by long-lived servers, as the 2025 wire's are
// (shared-servers.ts). The SDK's createMcpHandler serves each one by building a web Request from the
// Node request, leasing a server, connecting it to a per-request transport, answering through a web
// Response converted back to Node, and closing the server: about a third more CPU per cached call
// than the 2025 wire's shared servers. The revision is stateless by design: what a request needs of
// its client (revision, capabilities, identity, log level) rides in its own `_meta` envelope, which
// the SDK's protocol layer lifts, checks and hands to the handler per request (ctx.mcpReq.envelope),
// on any server bound to the revision. So one server per caller, bound once, can answer them all.
//
// Only a request the SDK's HTTP entry would hand to its server as is comes here; anything it would
// refuse or treat specially goes to the SDK, which answers it as before (modernRequest below).
import type { IncomingMessage } from 'node:http';
import {
  classifyInboundRequest,
  isJsonContentType,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageClassification,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { headerValue } from './auth.js';
import { EnvelopeVerdicts } from './envelope-verdicts.js';

/** The revision served here (the SDK's one modern revision, which this code was checked against). */
export const MODERN_REVISION = '2026-07-28';
export const MODERN: MessageClassification = { era: 'modern', revision: MODERN_REVISION };

/** The SDK's verdicts on the envelopes of requests served here, for every caller (they are the client's). */
const verdicts = new EnvelopeVerdicts();

/**
 * The methods served here, with the param the Mcp-Name header must repeat (the SDK's
 * MCP_NAME_HEADER_SOURCE). Methods that leave nothing on a server (server-pool.ts), without
 * server/discover (installed by the SDK's entry only) and ping (not of the 2026-07-28 wire). None
 * requires a client capability before dispatch in the SDK (its REQUIRED_CLIENT_CAPABILITIES_BY_METHOD
 * is empty) and no tool of ours declares Mcp-Param headers or scopes, the entry's other gates.
 */
const METHODS = new Map<string, string | undefined>([
  ['tools/call', 'name'],
  ['prompts/get', 'name'],
  ['resources/read', 'uri'],
  ['tools/list', undefined],
  ['prompts/list', undefined],
  ['resources/list', undefined],
  ['resources/templates/list', undefined],
  ['completion/complete', undefined],
]);

/**
 * The request a shared 2026-07-28 server may answer, or undefined when the SDK must: a POST with the
 * media types the SDK's transports require, one request of a method above that the SDK classifies
 * into the revision above (which also checks the `_meta` envelope and that the protocol-version and
 * Mcp-Method headers agree with the body), and the standard headers present and plainly equal to
 * what the body names, so the SDK's header checks (stripped of whitespace, Base64-decoded) could not
 * refuse them. The SDK's verdict on a request's envelope is remembered (envelope-verdicts.ts).
 */
export function modernRequest(
  req: IncomingMessage,
  body: unknown,
  remembered: EnvelopeVerdicts = verdicts,
): JSONRPCRequest | undefined {
  if (req.method !== 'POST' || !isJsonContentType(req.headers['content-type'])) return;
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const method = (body as { method?: unknown }).method;
  if (typeof method !== 'string' || !METHODS.has(method)) return;
  const version = headerValue(req, 'mcp-protocol-version');
  const methodHeader = headerValue(req, 'mcp-method');
  const nameHeader = headerValue(req, 'mcp-name');
  if (version !== MODERN.revision || methodHeader !== method) return;
  const nameField = METHODS.get(method);
  if (nameField !== undefined) {
    const params = (body as { params?: Record<string, unknown> }).params;
    const named = params?.[nameField];
    if (typeof named !== 'string' || nameHeader !== named || !plainHeaderValue(named)) return;
  } else if (nameHeader !== undefined) return;
  const key = remembered.keyOf(body as Record<string, unknown>, nameHeader);
  if (key !== undefined && remembered.has(key)) return body as JSONRPCRequest;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: version,
    mcpMethodHeader: methodHeader,
    ...(nameHeader === undefined ? {} : { mcpNameHeader: nameHeader }),
    body,
  });
  if (route.kind !== 'modern' || route.messageKind !== 'request') return;
  if (route.classification.era !== MODERN.era || route.classification.revision !== MODERN.revision) return;
  if (key !== undefined) remembered.add(key);
  return route.message;
}

/** A value a header carries as is: no surrounding whitespace, not shaped as the Base64 sentinel. */
function plainHeaderValue(value: string): boolean {
  return value.trim() === value && !(value.startsWith('=?base64?') && value.endsWith('?='));
}

/**
 * The HTTP status the SDK's per-request transport answers a JSON-RPC message with (its
 * LADDER_ERROR_HTTP_STATUS): an error refused before any handler ran says so in the status; one a
 * handler produced is 200, except a missing client capability, 400 wherever it comes from.
 */
export function modernAnswerStatus(answer: JSONRPCMessage, dispatching: boolean): number {
  if (!('error' in answer)) return 200;
  const code = answer.error.code;
  if (code === ProtocolErrorCode.MissingRequiredClientCapability) return 400;
  if (!dispatching) return 200;
  return LADDER_STATUS.get(code) ?? 200;
}

const LADDER_STATUS = new Map<number, number>([
  [ProtocolErrorCode.ParseError, 400],
  [ProtocolErrorCode.InvalidRequest, 400],
  [ProtocolErrorCode.MethodNotFound, 404],
  [ProtocolErrorCode.UnsupportedProtocolVersion, 400],
  // The header mismatch code (the SDK's HEADER_MISMATCH_ERROR_CODE).
  [-32020, 400],
]);
