// The tolerant reader: between the raw JSON of an answer and the rows the tools use.
import type { z } from 'zod';
import { BadResponseError } from '../errors.js';
import type { Aliases } from './aliases.js';
import type { FieldJudge } from './plausible.js';
import { type ReadReport, reading } from './report.js';

export type { ReadReport } from './report.js';
export { readNotes } from './report.js';

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
  const { value: parsed, report } = reading(() => schema.safeParse(raw), aliases, judge);
  if (parsed.success) return { value: parsed.data, report };
  const issue = parsed.error.issues[0];
  const path = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
  throw new BadResponseError(`${issue?.message ?? 'unexpected shape'}${path}`, route);
}
