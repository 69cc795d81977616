import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { isNotification, isRequest, isResponse } from '../../src/mcp/message-kind.js';

// Every kind of message a transport carries: the cheap checks agree with the SDK's zod guards.
const MESSAGES: Array<[string, JSONRPCMessage]> = [
  ['request', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }],
  ['request with a string id', { jsonrpc: '2.0', id: 'a', method: 'ping' }],
  [
    'notification',
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
  ],
  ['result', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ok' }] } }],
  ['empty result', { jsonrpc: '2.0', id: 2, result: {} }],
  ['error', { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'Server shutting down' } }],
];

describe('message kinds read from keys', () => {
  it.each(MESSAGES)('%s: as the SDK guards say', (_, message) => {
    expect(isResponse(message)).toBe(isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message));
    expect(isRequest(message)).toBe(isJSONRPCRequest(message));
    expect(isNotification(message)).toBe(isJSONRPCNotification(message));
  });
});
