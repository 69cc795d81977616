// Test support: the generated-styles harness. For a style spec (src/sandbox/styles/), a sandbox in that
// style (same world, same week as the plain one), a client on it, every tool's typical call, and the
// findings of comparing each answer with the plain sandbox's (facts.ts).
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { styleOf } from '../../src/sandbox/styles/index.js';
import { breaches, compareFacts, type Finding, notesOf } from './facts.js';
import { call, closeSandboxSession, openSandboxSession, structured, textOf } from './mcp.js';
import { EVERY_TOOL, type Ids } from './tool-plans.js';

/**
 * The pieces the readers cannot read yet (each named in src/sandbox/styles/registry.ts): on a style with
 * one of them, a blank is allowed without a note naming it, and so is an error. Nothing else is: a
 * different fact, an extra row, a value shown unparsed break the property on every style. Empty this
 * list as the readers learn: each entry is a class of API the server cannot read today.
 */
export const KNOWN_UNREAD: readonly string[] = [];

export interface ToolOutcome {
  tool: string;
  /** The styled answer's error text, when it failed where the plain one answered. */
  error?: string;
  findings: Finding[];
  /** The findings that break the property on this style. */
  breaches: Finding[];
}

export interface StyleRun {
  spec: string;
  description: string;
  pieces: readonly string[];
  outcomes: ToolOutcome[];
}

/** A plain answer of each tool, by tool: what every styled run is compared with. */
export type PlainAnswers = ReadonlyMap<string, CallToolResult>;

/** Every tool's typical call on `client`, in order (the watchlist is made before it is reported on). */
export async function answersOf(client: Client, ids: Ids): Promise<Map<string, CallToolResult>> {
  const out = new Map<string, CallToolResult>();
  for (const [tool, args] of EVERY_TOOL) out.set(tool, await call(client, tool, args(ids)));
  return out;
}

/** Runs every tool on a sandbox in the style `spec` and compares each answer with the plain one. */
export async function runStyle(spec: string, plain: PlainAnswers, ids: Ids): Promise<StyleRun> {
  const style = styleOf(spec);
  const known = style.pieces.some((p) => KNOWN_UNREAD.includes(p));
  const session = await openSandboxSession({ style: spec });
  try {
    const answers = await answersOf(session.client, ids);
    const outcomes: ToolOutcome[] = [];
    for (const [tool] of EVERY_TOOL) {
      const want = plain.get(tool) as CallToolResult;
      const got = answers.get(tool) as CallToolResult;
      if (want.isError) throw new Error(`${tool} failed on the plain sandbox: ${textOf(want)}`);
      if (got.isError) {
        const error = textOf(got).slice(0, 300);
        const finding: Finding = { kind: 'error', path: tool, plain: 'an answer', styled: error };
        outcomes.push({ tool, error, findings: [finding], breaches: known ? [] : [finding] });
        continue;
      }
      const styled = structured(got);
      const findings = compareFacts(tool, structured(want), styled, notesOf(styled));
      outcomes.push({ tool, findings, breaches: breaches(findings, () => known) });
    }
    return { spec, description: style.description, pieces: style.pieces, outcomes };
  } finally {
    await closeSandboxSession(session);
  }
}
