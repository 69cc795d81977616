// Test support: read a prompt's message and the tool calls it plans, and fill in its placeholders.
import type { GetPromptResult } from '@modelcontextprotocol/server';
import { expect } from 'vitest';

export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
}

export function promptText(result: GetPromptResult): string {
  expect(result.messages).toHaveLength(1);
  const [first] = result.messages;
  expect(first?.role).toBe('user');
  return first?.content.type === 'text' ? first.content.text : '';
}

/** The tool calls a prompt plans, in order: `tool with {json}`; placeholders stay as strings. */
export function plannedCalls(text: string): PlannedCall[] {
  const calls = [];
  for (const match of text.matchAll(/\b([a-z]+(?:_[a-z]+)+) with \{/g)) {
    const start = (match.index ?? 0) + match[0].length - 1;
    let depth = 0;
    let end = start;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      if (text[end] === '}' && --depth === 0) break;
    }
    calls.push({ tool: match[1] ?? '', args: JSON.parse(text.slice(start, end + 1)) });
  }
  return calls;
}

/**
 * The arguments with every `<…>` placeholder replaced by its value, as the assistant would; an array
 * value put in an array is spread. A placeholder without a value fails the test.
 */
export function fill(
  args: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const one = (value: unknown): unknown => {
    if (typeof value === 'string' && /^<.+>$/.test(value)) {
      if (!(value in values)) throw new Error(`no value for the placeholder ${value}`);
      return values[value];
    }
    if (Array.isArray(value)) return value.flatMap((v) => [one(v)].flat());
    return value;
  };
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, one(v)]));
}
