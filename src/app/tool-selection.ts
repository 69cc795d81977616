// Which tools a server exposes: the toolsets setting picks groups, the tools setting names tools.
import { TOOLS } from '../../tools/index.js';
import { ConfigError } from '../config.js';
import { nearest } from '../domain/nearest.js';
import type { ToolDefinition } from '../mcp/tool.js';
import { TOOLSETS, type Toolset } from '../mcp/toolsets.js';

export interface ToolChoice {
  /** Groups to expose; empty = all. */
  toolsets: readonly string[];
  /** When not empty, exactly these tools. */
  tools: readonly string[];
}

/** The tools to register, or a ConfigError naming the valid choices (and the closest ones). */
export function selectTools(choice: ToolChoice, all: readonly ToolDefinition[] = TOOLS): ToolDefinition[] {
  const groups = Object.keys(TOOLSETS);
  const names = all.map((t) => t.name);
  check('toolsets', choice.toolsets, groups);
  check('tools', choice.tools, names);
  const inGroups = (t: ToolDefinition) =>
    choice.toolsets.length === 0 || choice.toolsets.includes(t.toolset satisfies Toolset);
  if (choice.tools.length === 0) return all.filter(inGroups);
  const outside = all.filter((t) => choice.tools.includes(t.name) && !inGroups(t));
  if (outside.length > 0) {
    const list = outside.map((t) => `${t.name} (toolset ${t.toolset})`).join(', ');
    throw new ConfigError(
      `--tools names ${list}, outside --toolsets ${choice.toolsets.join(',')}: add the toolset or drop the tool.`,
    );
  }
  return all.filter((t) => choice.tools.includes(t.name));
}

function check(setting: 'toolsets' | 'tools', given: readonly string[], valid: readonly string[]): void {
  const unknown = given.filter((name) => !valid.includes(name));
  if (unknown.length === 0) return;
  const hints = unknown.map((name) => `"${name}" (did you mean ${nearest(name, valid, 1).join('')}?)`);
  throw new ConfigError(`--${setting}: unknown ${hints.join(', ')}. Valid ${setting}: ${valid.join(', ')}.`);
}
