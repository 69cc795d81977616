// A prompt as the registry (index.ts) sees it: what prompts/list shows, the tools its plan calls, and
// the message it writes. One file per prompt beside this one, as tools/ has one file per tool.
import type { GetPromptResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolDeps } from '../context.js';

export interface PromptContext {
  deps: ToolDeps;
  /** The names of the tools this server exposes (after --toolsets and --tools). */
  tools: readonly string[];
  signal: AbortSignal;
}

export interface PromptSpec<A extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  /** The tools its plan calls: the prompt is offered only when all of them are switched on. */
  tools: readonly string[];
  /** Its arguments; given the deps because their completers read the key's leagues, seasons and watchlists. */
  args(deps: ToolDeps): A;
  /**
   * The message telling the assistant which tools to call, in which order, with which arguments. A bad
   * argument throws: an `invalid_argument` ApiError (worded as a tool would word it) or a ProtocolError.
   */
  message(args: z.output<z.ZodObject<A>>, ctx: PromptContext): GetPromptResult | Promise<GetPromptResult>;
}

/** A prompt with its types erased, ready to register. */
export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  tools: readonly string[];
  argsSchema(deps: ToolDeps): z.ZodObject;
  message(args: unknown, ctx: PromptContext): Promise<GetPromptResult>;
}

export function definePrompt<A extends z.ZodRawShape>(spec: PromptSpec<A>): PromptDefinition {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    tools: spec.tools,
    argsSchema: (deps) => z.object(spec.args(deps)),
    // The SDK has parsed the arguments against argsSchema before the message is asked for.
    message: async (args, ctx) => spec.message(args as z.output<z.ZodObject<A>>, ctx),
  };
}
