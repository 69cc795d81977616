// The floors of the HTTP throughput benchmark: servers answering our own cached answer (read from the
// file FLOOR_ANSWER) to every tools/call, so the load measures what carrying that answer over HTTP costs
// on this machine with nothing read, looked up or checked.
// - `--mode sdk`: the SDK's own stateless serving (createMcpHandler on node:http, a fresh McpServer a
//   request, as its documentation builds one), both protocol wires;
// - `--mode session`: the SDK's session serving (its Streamable HTTP transport for Node, one long-lived
//   McpServer a session), the 2025 wire;
// - `--mode raw`: node:http alone, the JSON-RPC answer written by hand: no SDK at all, the machine's floor.
// It prints the line the bench waits for, as the built server does: `serving MCP (Streamable HTTP) at <url>`.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { type CallToolResult, createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const answer = JSON.parse(readFileSync(process.env.FLOOR_ANSWER ?? '', 'utf8')) as CallToolResult;
const mode = process.argv[process.argv.indexOf('--mode') + 1];

function sdkServer(): McpServer {
  const server = new McpServer({ name: 'http-floor', version: '0.0.0' });
  server.registerTool('rank_players_by_role', { inputSchema: z.looseObject({}) }, async () => answer);
  return server;
}

const answerJson = JSON.stringify(answer);

/** One JSON-RPC message in, its answer out: initialize, notifications, and tools/call with the answer. */
async function rawServe(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: number; method: string };
  if (message.id === undefined) {
    res.writeHead(202).end();
    return;
  }
  const result =
    message.method === 'initialize'
      ? JSON.stringify({
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'raw-floor', version: '0.0.0' },
        })
      : answerJson;
  const body = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${result}}`;
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

const sessions = new Map<string, NodeStreamableHTTPServerTransport>();

async function sessionServe(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const id = req.headers['mcp-session-id'];
  const open = typeof id === 'string' ? sessions.get(id) : undefined;
  if (open) return open.handleRequest(req, res);
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sessionId) => {
      sessions.set(sessionId, transport);
    },
  });
  await sdkServer().connect(transport);
  await transport.handleRequest(req, res);
}

const sdk = toNodeHandler(createMcpHandler(sdkServer, { legacy: 'stateless' }));
const SERVE = { raw: rawServe, session: sessionServe, sdk } as const;
const serve = SERVE[mode as keyof typeof SERVE] ?? sdk;
const http = createServer((req, res) => {
  const served = serve(req, res);
  served.catch((error: unknown) => {
    process.stderr.write(`floor: ${String(error)}\n`);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
http.keepAliveTimeout = 30_000;
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stderr.write(`serving MCP (Streamable HTTP) at http://127.0.0.1:${port}/mcp\n`);
});
