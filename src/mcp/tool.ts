import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { changeCount } from '../api/change-count.js';
import { withMaxAge } from '../api/max-age.js';
import { type Quota, quotaAtAnswer } from '../api/quota.js';
import { collectReadNotes } from '../api/reader/notes-sink.js';
import { tallyRequests } from '../api/request-tally.js';
import { CHART_APP_URI } from '../charts/app.js';
import type { Chart } from '../charts/spec.js';
import { lazy } from '../lib/lazy.js';
import { answerKeys, type KeptAnswer, keepAnswer, keptAnswer, replayCheck } from './answer-memo.js';
import { sourceFromTally } from './answer-origin.js';
import { readArguments } from './arguments.js';
import { inCanonicalForms } from './canonical-facts.js';
import { withApiForms } from './canonical-forms.js';
import { attachChart } from './chart-content.js';
import { codeWordIn } from './code-words.js';
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
  // Read-only tools answering from the API keep their last answers for the same call (answer-memo.ts).
  const keeps = spec.cached !== false && spec.hints?.readOnlyHint !== false;
  const answerKey = answerKeys();
  const definition: ToolDefinition = {
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
    handle: (rawArgs, ctx) => answer(rawArgs, ctx, true),
  };

  return definition;

  /**
   * The answer to one call: kept, or made by a run. Under replayCheck (the tests), a kept answer is made
   * anew all the same and must be the same, and `checkAgain` makes an answer just kept again at once.
   */
  async function answer(rawArgs: unknown, ctx: ToolContext, checkAgain: boolean): Promise<CallToolResult> {
    // An answer told no spending of its key yet (untold-notes.ts) is made anew: its notes would be lost.
    const key = keeps && !ctx.untold?.pending() ? answerKey(rawArgs) : undefined;
    const kept = key ? keptAnswer(ctx.api, key) : undefined;
    if (kept && !replayCheck.on) return replay(kept, ctx);
    try {
      const { maxAgeMs, rest } = takeMaxCacheAge(spec.name, rawArgs);
      const args = readArguments(spec.name, input, inputJson(), rest);
      assertWellFormed(args);
      const madeAt = changeCount();
      // Each run counts its own upstream requests (request-tally.ts): a tool reads them while it runs,
      // and the answer's origin is judged by them. The caller's cache age limit holds for the whole run.
      const {
        value: { value: run, requests, freshUntil },
        notes: readNotes,
        reports,
      } = await collectReadNotes(() => withMaxAge(maxAgeMs, () => tallyRequests(() => spec.run(args, ctx))));
      let outcome = { ...run, source: sourceFromTally(run.source, requests) };
      const canonical = await tallyRequests(() => inCanonicalForms(outcome, ctx.api, reports, ctx.signal));
      outcome = canonical.value;
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
          ? answerSeason(
              (args as { season?: unknown }).season,
              outcome.seasons,
              outcome.data,
              unreadShown,
              outcome.seasonUnread,
            )
          : undefined;
        return drawn;
      }, reports);
      const { notes: unreadNotes, unread } = completeness(blank, reports, shown);
      if (unreadNotes.length > 0)
        outcome = { ...outcome, notes: [...(outcome.notes ?? []), ...unreadNotes], unread };
      if (said && said.notes.length > 0)
        outcome = { ...outcome, notes: [...said.notes, ...(outcome.notes ?? [])] };
      const { quota: runQuota, ...structured } = {
        ...outcome,
        data: tabulate(outcome.data, output),
        ...(outcome.extra ? { extra: tabulate(outcome.extra, extra) } : {}),
      };
      const made: KeptAnswer = {
        structured,
        text: said ? `${said.line}\n${text}` : text,
        season: said?.season,
        hits: requests.from_cache,
        ...(spec.chart ? { drawFrom: { outcome, args } } : {}),
      };
      // An answer printing what only a program prints: a failed call under the test runs' checks, else
      // a warning in the log (an API's shape met in the field that no test had), the answer given.
      const printed = codeWordIn(made.text);
      if (printed !== undefined) {
        const what = `${spec.name} printed "${printed}" in its text`;
        if (replayCheck.on) throw new Error(`${what}: ${made.text.slice(0, 2000)}`);
        ctx.logger.warn(`${what}; please report it with the tool's arguments`);
      }
      // Kept only when made from the cache alone: an answer that sent a request says so in its source.
      const keptNow =
        key !== undefined &&
        requests.sent === 0 &&
        spentBefore.length === 0 &&
        keepAnswer(ctx.api, key, made, madeAt, Math.min(freshUntil, canonical.freshUntil));
      const quota = quotaAtAnswer(runQuota, await ctx.api.quota.reported());
      const result = await withChart({ ...made, structured: { ...structured, quota } }, ctx);
      // Under the check, an answer made again for it alone is no call of the client's: no replay counted.
      if (kept) return await checkedReplay(kept, result, quota, ctx, checkAgain);
      if (!(keptNow && replayCheck.on && checkAgain)) return result;
      // Made again for the check only: its progress is not the client's to see twice.
      const again = await answer(rawArgs, { ...ctx, progress: () => {} }, false);
      return again.isError ? again : result;
    } catch (error) {
      return errorResult(error, ctx.logger, spec.notFound);
    }
  }

  /** The answer as `handle` returns it: the envelope and text, and the chart drawn for the client. */
  function withChart(
    answer: Omit<KeptAnswer, 'structured'> & { structured: Outcome<unknown, unknown> },
    ctx: ToolContext,
  ) {
    const result = successResult(answer.structured, answer.text, answer.season);
    const { chart } = spec;
    if (!chart || !answer.drawFrom) return result;
    const { outcome, args } = answer.drawFrom as {
      outcome: Parameters<typeof chart>[0];
      args: Parameters<typeof chart>[1];
    };
    return attachChart(result, () => chart(outcome, args), ctx);
  }

  /**
   * A kept answer given again, with the quota as it stands now (or `quota`). `counted`: a call of the
   * client's, told to the metrics (under the check, its run already counted its cache reads).
   */
  async function replay(
    kept: KeptAnswer,
    ctx: ToolContext,
    quota?: Quota,
    counted = true,
  ): Promise<CallToolResult> {
    try {
      if (counted) ctx.api.countReplayed(spec.name, replayCheck.on ? 0 : kept.hits);
      return await withChart(
        { ...kept, structured: { ...kept.structured, quota: quota ?? (await ctx.api.quota.reported()) } },
        ctx,
      );
    } catch (error) {
      return errorResult(error, ctx.logger, spec.notFound);
    }
  }

  /**
   * Under replayCheck: the answer a replay would give must be the one the run just made, but for the
   * quota, which a replay reads anew from the same tracker the run read (a test's tool may make one up).
   */
  async function checkedReplay(
    kept: KeptAnswer,
    made: CallToolResult,
    quota: Quota,
    ctx: ToolContext,
    counted: boolean,
  ): Promise<CallToolResult> {
    const replayed = await replay(kept, ctx, quota, counted);
    if (JSON.stringify(replayed) === JSON.stringify(made)) return made;
    return errorResult(
      new Error(
        `a kept answer of ${spec.name} differs from the answer made anew: ${JSON.stringify(replayed).slice(0, 2000)} against ${JSON.stringify(made).slice(0, 2000)}`,
      ),
      ctx.logger,
    );
  }
}
