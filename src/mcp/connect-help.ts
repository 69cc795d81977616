import type { Upstream } from './deps.js';

/** What `npm start` prints: where the server is and how to plug an assistant into it (`entry`: this script). */
export function connectHelp(mcpUrl: string, sandbox: Upstream | undefined, entry: string): string {
  const desktop = JSON.stringify(
    { mcpServers: { 'football-scout': { command: 'node', args: [entry] } } },
    null,
    2,
  );
  return [
    '',
    `football-scout-mcp is serving MCP (Streamable HTTP) at ${mcpUrl}`,
    ...(sandbox
      ? [
          `Upstream: the embedded sandbox API at ${sandbox.baseUrl} (synthetic data), key ${sandbox.apiKey}`,
          `  try it: curl -H 'X-API-Key: ${sandbox.apiKey}' '${sandbox.baseUrl}/v1/rankings?role=renard_des_surfaces&league=Ligue%201&limit=5'`,
        ]
      : []),
    '',
    'Connect:',
    `  MCP Inspector:  npx @modelcontextprotocol/inspector --cli ${mcpUrl} --transport http --method tools/list`,
    `  Claude Code:    claude mcp add --transport http football-scout ${mcpUrl}`,
    `  VS Code:        add to .vscode/mcp.json: {"servers": {"football-scout": {"type": "http", "url": "${mcpUrl}"}}}`,
    '  Claude Desktop (stdio; it starts its own server with its own sandbox), in claude_desktop_config.json:',
    ...desktop.split('\n').map((line) => `    ${line}`),
    '',
    'Stop with Ctrl+C.',
  ].join('\n');
}
