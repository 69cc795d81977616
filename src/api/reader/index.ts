// The tolerant reader: between the raw JSON of an answer and the rows the tools use.
import type { z } from 'zod';
import { BadResponseError, FailedAnswerError, type RowsLacking } from '../errors.js';
import type { Aliases } from './aliases.js';
import type { FieldJudge } from './plausible.js';
import { type ReadReport, reading } from './report.js';

export type { ReadReport } from './report.js';
export { readNotes } from './report.js';

/** A reading that failed: the error to throw, and what the reading saw before it failed (its coverage). */
export type FailedReading = { error: BadResponseError; report: ReadReport };

/**
 * Reads `raw` with `schema` (names under `aliases`, unread names' values weighed by `judge`); an answer
 * with nothing readable is a failure naming `route` and the field, kept with the reading's report: the
 * names learner may still find the field the reading lacked among the names nothing read.
 */
export function tryReadAnswer<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  route: string,
  aliases?: Aliases,
  judge?: FieldJudge,
): { value: z.output<S>; report: ReadReport; failed?: undefined } | { failed: FailedReading } {
  const { value: parsed, report } = reading(() => schema.safeParse(raw), aliases, judge);
  if (parsed.success) return { value: parsed.data, report };
  const issue = parsed.error.issues[0];
  const path = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
  const failed = issue?.code === 'custom' ? failedOf(issue.params) : undefined;
  if (failed) return { failed: { error: new FailedAnswerError(failed.marker, failed.said, route), report } };
  const error = new BadResponseError(`${issue?.message ?? 'unexpected shape'}${path}`, route);
  const lacking = issue?.code === 'custom' ? lackingOf(issue.params, report) : undefined;
  if (lacking) error.lacking = lacking;
  return { failed: { error, report } };
}

/** A list every row of which is an error the API sent in its place, from its issue's params (row.ts). */
function failedOf(params: unknown): { marker: string; said: string[] } | undefined {
  const { failed, said } = (params ?? {}) as { failed?: unknown; said?: unknown };
  return typeof failed === 'string' && Array.isArray(said) ? { marker: failed, said } : undefined;
}

/** What a list none of whose rows could be read lacked, from its issue's params (row.ts, rowsOf). */
function lackingOf(params: unknown, report: ReadReport): RowsLacking | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const { lacking, rows } = params as { lacking?: unknown; rows?: unknown };
  if (typeof lacking !== 'string' || typeof rows !== 'number') return undefined;
  const kind = lacking.split('.')[0] ?? '';
  return { field: lacking, rows, seen: report.coverage?.[kind]?.unread ?? [] };
}

/**
 * Reads `raw` with `schema` (names under `aliases`, unread names' values weighed by `judge`); an answer
 * with nothing readable is a BadResponseError naming `route` and the field.
 */
export function readAnswer<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  route: string,
  aliases?: Aliases,
  judge?: FieldJudge,
): { value: z.output<S>; report: ReadReport } {
  const read = tryReadAnswer(schema, raw, route, aliases, judge);
  if (read.failed) throw read.failed.error;
  return read;
}
