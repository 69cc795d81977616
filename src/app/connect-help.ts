import type { Upstream } from './deps.js';

/** Which credentials every caller must send (the values themselves are never printed). */
export interface CallerAccess {
  token: boolean;
  callerKey: boolean;
}

/**
 * How to run the MCP Inspector on this Node: the current Inspector needs Node >= 22.19, and on an older
 * Node npm resolves an unpinned one to 0.15.0, which has no --header; so there, the current Inspector on a
 * Node 22 fetched from npm (see docs/inspector.md).
 */
export function inspectorCommand(nodeVersion: string = process.versions.node): string {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 19)
    ? 'npx -y @modelcontextprotocol/inspector'
    : 'npx -y --loglevel=error -p node@22 -p @modelcontextprotocol/inspector@latest mcp-inspector';
}

/** What `npm start` prints: where the server is and how to plug an assistant into it (`entry`: this script). */
export function connectHelp(
  mcpUrl: string,
  sandbox: Upstream | undefined,
  entry: string,
  access: CallerAccess = { token: false, callerKey: false },
): string {
  const headers: Record<string, string> = {
    ...(access.token ? { Authorization: 'Bearer <server token>' } : {}),
    ...(access.callerKey ? { 'X-API-Key': '<your Football API key>' } : {}),
  };
  const named = Object.entries(headers);
  const headerFlags = named.map(([name, value]) => ` --header "${name}: ${value}"`).join('');
  const vscodeHeaders = named.length > 0 ? `, "headers": ${JSON.stringify(headers)}` : '';
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
    ...(named.length > 0
      ? [`Every caller must send: ${named.map(([name, value]) => `${name}: ${value}`).join(', ')}`]
      : []),
    'Connect:',
    `  MCP Inspector:  ${inspectorCommand()} --cli ${mcpUrl} --transport http${headerFlags} --method tools/list`,
    `  Claude Code:    claude mcp add --transport http football-scout ${mcpUrl}${headerFlags}`,
    `  VS Code:        add to .vscode/mcp.json: {"servers": {"football-scout": {"type": "http", "url": "${mcpUrl}"${vscodeHeaders}}}}`,
    '  Claude Desktop (stdio; it starts its own server with its own sandbox), in claude_desktop_config.json:',
    ...desktop.split('\n').map((line) => `    ${line}`),
    '',
    'Stop with Ctrl+C.',
  ].join('\n');
}
