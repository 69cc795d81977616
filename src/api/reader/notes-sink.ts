// Read notes travel from every upstream call of a tool run to its result without each tool passing
// them on: the run is wrapped in `collectReadNotes`, and the client publishes into it.
import { AsyncLocalStorage } from 'node:async_hooks';

const sink = new AsyncLocalStorage<Set<string>>();

export async function collectReadNotes<T>(run: () => Promise<T>): Promise<{ value: T; notes: string[] }> {
  const notes = new Set<string>();
  const value = await sink.run(notes, run);
  return { value, notes: [...notes] };
}

export function publishReadNotes(notes: readonly string[]): void {
  const target = sink.getStore();
  if (target) for (const note of notes) target.add(note);
}
