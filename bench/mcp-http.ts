// A raw Streamable HTTP MCP client (JSON-RPC over an undici Pool): light enough to drive 50 sessions
// from one process, so the load test measures the server rather than the client.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import type { Pool } from 'undici';

export class RawMcpSession {
  private sessionId: string | undefined;
  private nextId = 1;

  constructor(
    private readonly pool: Pool,
    private readonly path: string,
  ) {}

  /** initialize + notifications/initialized; keeps the session id if the server gives one. */
  async open(): Promise<void> {
    const { headers, text } = await this.post({
      jsonrpc: '2.0',
      id: this.nextId++,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'bench-load', version: '1.0.0' },
      },
    });
    if (!text.includes('"result"')) throw new Error(`initialize failed: ${text.slice(0, 200)}`);
    const id = headers['mcp-session-id'];
    this.sessionId = Array.isArray(id) ? id[0] : id;
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** One tools/call; true when the server answered a result that is not a tool error. */
  async callTool(name: string, args: Record<string, unknown>): Promise<boolean> {
    const { status, text } = await this.post({
      jsonrpc: '2.0',
      id: this.nextId++,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    return status === 200 && text.includes('"result"') && !text.includes('"isError":true');
  }

  private async post(message: unknown) {
    const response = await this.pool.request({
      path: this.path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
        ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}),
      },
      body: JSON.stringify(message),
    });
    // The body is read whole: a JSON answer or one SSE event carrying it.
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }
}
