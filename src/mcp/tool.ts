import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withMaxAge } from '../api/max-age.js';
import { collectReadNotes } from '../api/reader/notes-sink.js';
import { tallyRequests } from '../api/request-tally.js';
import { CHART_APP_URI } from '../charts/app.js';
import type { Chart } from '../charts/spec.js';
import { lazy } from '../lib/lazy.js';
import { sourceFromTally } from './answer-origin.js';
import { readArguments } from './arguments.js';
import { inCanonicalForms } from './canonical-facts.js';
import { withApiForms } from './canonical-forms.js';
import { attachChart } from './chart-content.js';
import { fullInputSchema, withCompactInputSchema, withCompactOutputSchema } from './compact-schema.js';
import { collectBlankColumns, completeness, noteUnreadLeaves, unreadShown } from './completeness.js';
import type { ToolContext } from './context.js';
import { MAX_CACHE_AGE_ARGUMENT, MaxCacheAgeArg, takeMaxCacheAge } from './max-cache-age.js';
import { withCompiledCheck } from './output-check.js';
import { envelopeSchema, errorResult, type NotFoundHint, type Outcome, successResult } from './result.js';
import { answerSeason } from './season.js';
import { tabulate } from './tabular.js';
import type { Toolset } from './toolsets.js';
import { untoldNotes } from './untold-notes.js';
import { assertWellFormed } from './well-formed.js';

export interface ToolSpec<I extends z.ZodRawShape, D extends z.ZodType, X extends z.ZodRawShape> {
  name: string;
  title: string;
  /** The group a user can switch on or off with the toolsets setting. */
  toolset: Toolset;
  /** A guide for the model: when to use the tool, its limits, what to call first. */
  description: string;
  input: I;
  /** Schema of `data` in the envelope. */
  output: D;
  /** Tool-specific top-level fields beside data/quota/source. */
  extra?: X;
  /** What a 404 means for this tool and what to do about it. */
  notFound?: NotFoundHint;
  /**
   * Hints beyond the default read-only, open-world ones: a tool that writes our own store (never the
   * upstream) says `readOnlyHint: false` and whether calling it twice does more than once.
   */
  hints?: Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint'>;
  /**
   * false for a tool that reads no cached answer of the API: its schema does not list max_cache_age_s
   * (which it still takes, and ignores, as every tool does).
   */
  cached?: false;
  run(
    args: z.output<z.ZodObject<I>>,
    ctx: ToolContext,
  ): Promise<Outcome<z.output<D>, z.output<z.ZodObject<X>>>>;
  text(outcome: Outcome<z.output<D>, z.output<z.ZodObject<X>>>, args: z.output<z.ZodObject<I>>): string;
  /** A picture of the answer (PNG content and the chart app); undefined when there is nothing to draw. */
  chart?(
    outcome: Outcome<z.output<D>, z.output<z.ZodObject<X>>>,
    args: z.output<z.ZodObject<I>>,
  ): Chart | undefined;
}

/** A tool with its types erased, ready to register: what the registry and the meta-tests see. */
export interface ToolDefinition {
  name: string;
  title: string;
  toolset: Toolset;
  description: string;
  /** The arguments listed in tools/list: the tool's own, and max_cache_age_s on a tool that reads the API. */
  inputShape: z.ZodRawShape;
  /**
   * What the SDK checks before `handle`: any object (`handle` reads the arguments itself, so null means
   * absent and refusals are in plain words); listed in tools/list as `inputShape`, compact (see
   * compact-schema.ts).
   */
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  /** The `ui://` resource of the MCP App that draws this tool's chart, for tools that have one. */
  ui?: string;
  /** `args` as the client sent them: read against `inputShape` here, before anything runs. */
  handle(args: unknown, ctx: ToolContext): Promise<CallToolResult>;
}

export function defineTool<
  I extends z.ZodRawShape,
  D extends z.ZodType,
  X extends z.ZodRawShape = Record<never, never>,
>(spec: ToolSpec<I, D, X>): ToolDefinition {
  const input = z.object(spec.input);
  // JSON Schemas are made when first needed (tools/list, a call), not for every tool at start.
  const inputJson = lazy(() => fullInputSchema(input));
  // What tools/list shows: the tool's own arguments, and the cache's age limit when it reads the API.
  const listedShape: z.ZodRawShape =
    spec.cached === false
      ? spec.input
      : { ...spec.input, [MAX_CACHE_AGE_ARGUMENT]: MaxCacheAgeArg.optional() };
  const listed = z.object(listedShape);
  const listedJson = spec.cached === false ? inputJson : lazy(() => fullInputSchema(listed));
  // A tool that takes a season names it first in every answer and in its `season` field.
  const seasonal = 'season' in spec.input;
  // Each field of a kind with a canonical form gets a sibling for the API's own (canonical-forms.ts).
  const output = withApiForms(spec.output);
  const extra = withApiForms(z.object(spec.extra ?? {}));
  return {
    name: spec.name,
    title: spec.title,
    toolset: spec.toolset,
    description: spec.description,
    inputShape: listedShape,
    inputSchema: withCompactInputSchema(z.looseObject({}), listedJson),
    // Checked in full on every answer (by the SDK), through checks compiled once (output-check.ts).
    outputSchema: withCompactOutputSchema(withCompiledCheck(envelopeSchema(output, extra.shape))),
    // No idempotentHint on read-only tools: the spec gives it meaning only for tools that write.
    annotations: { readOnlyHint: true, ...spec.hints, openWorldHint: true },
    ...(spec.chart ? { ui: CHART_APP_URI } : {}),
    async handle(rawArgs, ctx) {
      try {
        const { maxAgeMs, rest } = takeMaxCacheAge(spec.name, rawArgs);
        const args = readArguments(spec.name, input, inputJson(), rest);
        assertWellFormed(args);
        // Each run counts its own upstream requests (request-tally.ts): a tool reads them while it runs,
        // and the answer's origin is judged by them. The caller's cache age limit holds for the whole run.
        const {
          value: { value: run, requests },
          notes: readNotes,
          reports,
        } = await collectReadNotes(() =>
          withMaxAge(maxAgeMs, () => tallyRequests(() => spec.run(args, ctx))),
        );
        let outcome = { ...run, source: sourceFromTally(run.source, requests) };
        outcome = await inCanonicalForms(outcome, ctx.api, reports, ctx.signal);
        const spentBefore = untoldNotes(ctx);
        if (readNotes.length > 0 || spentBefore.length > 0)
          outcome = { ...outcome, notes: [...(outcome.notes ?? []), ...readNotes, ...spentBefore] };
        let said: ReturnType<typeof answerSeason> | undefined;
        const {
          value: text,
          blank,
          unread: shown,
        } = collectBlankColumns(() => {
          const drawn = spec.text(outcome, args);
          // What the structured layer shows blank is named too, shown in the text or not.
          noteUnreadLeaves([outcome.data, outcome.extra]);
          // The answer's season too: drawn here, so a season its rows left unread is named in the note.
          said = seasonal
            ? answerSeason((args as { season?: unknown }).season, outcome.seasons, outcome.data, unreadShown)
            : undefined;
          return drawn;
        }, reports);
        const { notes: unreadNotes, unread } = completeness(blank, reports, shown);
        if (unreadNotes.length > 0)
          outcome = { ...outcome, notes: [...(outcome.notes ?? []), ...unreadNotes], unread };
        if (said && said.notes.length > 0)
          outcome = { ...outcome, notes: [...said.notes, ...(outcome.notes ?? [])] };
        const structured = {
          ...outcome,
          data: tabulate(outcome.data, output),
          ...(outcome.extra ? { extra: tabulate(outcome.extra, extra) } : {}),
        };
        const result = successResult(structured, said ? `${said.line}\n${text}` : text, said?.season);
        const { chart } = spec;
        return chart ? await attachChart(result, () => chart(outcome, args), ctx) : result;
      } catch (error) {
        return errorResult(error, ctx.logger, spec.notFound);
      }
    },
  };
}
