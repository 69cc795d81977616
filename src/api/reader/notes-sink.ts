// Read notes travel from every upstream call of a tool run to its result without each tool passing
// them on: the run is wrapped in `collectReadNotes`, and the client publishes into it, with the read
// report each note came from (the completeness guard, src/mcp/completeness.ts, looks at its coverage).
import { runSlot } from '../../lib/run-scope.js';
import type { ReadReport } from './report.js';

interface Collected {
  notes: Set<string>;
  reports: Set<ReadReport>;
}

const sink = runSlot<Collected>('readNotes');

export async function collectReadNotes<T>(
  run: () => Promise<T>,
): Promise<{ value: T; notes: string[]; reports: ReadReport[] }> {
  const collected: Collected = { notes: new Set(), reports: new Set() };
  const value = await sink.run(collected, run);
  return { value, notes: [...collected.notes], reports: [...collected.reports] };
}

export function publishReadNotes(notes: readonly string[], report?: ReadReport): void {
  const target = sink.get();
  if (!target) return;
  for (const note of notes) target.notes.add(note);
  if (report) target.reports.add(report);
}
