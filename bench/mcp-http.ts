// A raw Streamable HTTP MCP client (JSON-RPC over an undici Pool): light enough to drive 50 sessions
// from one process, so the load test measures the server rather than the client. It speaks either
// protocol wire: 2025 (initialize, then the session id if the server gives one) or 2026-07-28 (no
// initialize; every request carries the _meta envelope and the standard headers).
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
import type { Pool } from 'undici';

export type Wire = '2025' | '2026-07-28';

const CLIENT_INFO = { name: 'bench-load', version: '1.0.0' };

export class RawMcpSession {
  private sessionId: string | undefined;
  private nextId = 1;

  constructor(
    private readonly pool: Pool,
    private readonly path: string,
    private readonly wire: Wire = '2025',
  ) {}

  /** 2025: initialize + notifications/initialized, keeping the session id if the server gives one. */
  async open(): Promise<void> {
    if (this.wire === '2026-07-28') return;
    const { headers, text } = await this.post({
      jsonrpc: '2.0',
      id: this.nextId++,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
    });
    if (!text.includes('"result"')) throw new Error(`initialize failed: ${text.slice(0, 200)}`);
    const id = headers['mcp-session-id'];
    this.sessionId = Array.isArray(id) ? id[0] : id;
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** One tools/call; true when the server answered a result that is not a tool error. */
  async callTool(name: string, args: Record<string, unknown>): Promise<boolean> {
    const { status, text } = await this.sendCall(name, args);
    return status === 200 && text.includes('"result"') && !text.includes('"isError":true');
  }

  /** One tools/call's result, as the server sent it (JSON, or the one SSE event carrying it). */
  async toolResult(name: string, args: Record<string, unknown>): Promise<unknown> {
    const { text } = await this.sendCall(name, args);
    const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '');
    const message = JSON.parse(json) as { result?: unknown };
    if (!message.result) throw new Error(`${name}: no result in ${text.slice(0, 200)}`);
    return message.result;
  }

  private async sendCall(name: string, args: Record<string, unknown>) {
    const params: Record<string, unknown> = { name, arguments: args };
    if (this.wire === '2026-07-28') {
      params._meta = {
        'io.modelcontextprotocol/protocolVersion': this.wire,
        'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
        'io.modelcontextprotocol/clientCapabilities': {},
      };
    }
    return this.post(
      { jsonrpc: '2.0', id: this.nextId++, method: 'tools/call', params },
      { 'mcp-method': 'tools/call', 'mcp-name': name },
    );
  }

  private async post(message: unknown, modernHeaders: Record<string, string> = {}) {
    const modern = this.wire === '2026-07-28';
    const response = await this.pool.request({
      path: this.path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': modern ? this.wire : LATEST_PROTOCOL_VERSION,
        ...(modern ? modernHeaders : {}),
        ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}),
      },
      body: JSON.stringify(message),
    });
    // The body is read whole: a JSON answer or one SSE event carrying it.
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }
}
