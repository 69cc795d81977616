import { describe, expect, it } from 'vitest';
import { connectHelp, inspectorCommand } from '../../src/app/connect-help.js';

describe('the Inspector command npm start prints', () => {
  it('is the plain one where the current Inspector runs (Node >= 22.19)', () => {
    expect(inspectorCommand('22.19.0')).toBe('npx -y @modelcontextprotocol/inspector');
    expect(inspectorCommand('24.1.0')).toBe('npx -y @modelcontextprotocol/inspector');
  });

  it('brings a Node 22 along on older Nodes, where npm would pick 0.15.0 (no --header)', () => {
    for (const version of ['20.18.0', '20.20.2', '22.7.0', '22.18.1']) {
      expect(inspectorCommand(version)).toBe(
        'npx -y --loglevel=error -p node@22 -p @modelcontextprotocol/inspector@latest mcp-inspector',
      );
    }
  });

  it('is the one connectHelp prints, with the headers', () => {
    const text = connectHelp('http://127.0.0.1:3000/mcp', undefined, '/srv/index.js', {
      token: true,
      callerKey: false,
    });
    expect(text).toContain(
      `MCP Inspector:  ${inspectorCommand()} --cli http://127.0.0.1:3000/mcp --transport http --header "Authorization: Bearer <server token>" --method tools/list`,
    );
  });
});
