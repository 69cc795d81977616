// Which tools a server exposes: --toolsets / FOOTBALL_MCP_TOOLSETS and --tools / FOOTBALL_MCP_TOOLS.
import { describe, expect, it } from 'vitest';
import { selectTools } from '../../src/app/tool-selection.js';
import { type Config, ConfigError, loadConfig } from '../../src/config.js';
import { TOOLSETS } from '../../src/mcp/toolsets.js';
import { TOOLS } from '../../tools/index.js';

function load(argv: string[], env: NodeJS.ProcessEnv = {}): Config {
  const config = loadConfig(argv, env);
  if (typeof config === 'string') throw new Error('unexpected');
  return config;
}

function refusal(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    selectTools(load(argv, env));
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const names = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  selectTools(load(argv, env)).map((t) => t.name);

describe('tool selection', () => {
  it('exposes every tool by default', () => {
    expect(names([])).toEqual(TOOLS.map((t) => t.name));
  });

  it('--toolsets keeps the tools of the named groups, in registry order', () => {
    const chosen = names(['--toolsets', 'account,reference']);
    expect(chosen).toEqual(
      TOOLS.filter((t) => t.toolset === 'account' || t.toolset === 'reference').map((t) => t.name),
    );
    expect(chosen).toContain('quota_status');
    expect(chosen).not.toContain('get_player');
  });

  it('FOOTBALL_MCP_TOOLS keeps exactly the named tools', () => {
    expect(names([], { FOOTBALL_MCP_TOOLS: 'scouting_report, get_player' })).toEqual([
      'get_player',
      'scouting_report',
    ]);
  });

  it('a flag wins over its variable', () => {
    expect(names(['--tools', 'quota_status'], { FOOTBALL_MCP_TOOLS: 'get_player' })).toEqual([
      'quota_status',
    ]);
  });

  it('an unknown toolset is refused with the closest one and every valid one', () => {
    const message = refusal(['--toolsets', 'playres']);
    expect(message).toContain('"playres" (did you mean players?)');
    for (const group of Object.keys(TOOLSETS)) expect(message).toContain(group);
  });

  it('an unknown tool is refused with the closest name', () => {
    const message = refusal([], { FOOTBALL_MCP_TOOLS: 'get_player,scoutng_report' });
    expect(message).toMatch(/^--tools: unknown "scoutng_report" \(did you mean scouting_report\?\)/);
    expect(message).toContain('Valid tools: search_players,');
  });

  it('a tool outside the chosen toolsets is refused rather than silently dropped', () => {
    expect(refusal(['--toolsets', 'account', '--tools', 'quota_status,get_player'])).toContain(
      'get_player (toolset players)',
    );
  });
});
