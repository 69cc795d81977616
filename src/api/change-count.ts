// A count of the events after which an answer given before may no longer be the answer: an upstream
// request sent or answered, a cache entry written or adopted from a shared store, a name or fact the
// names learner learns or takes. Not a run's start: a run that changes nothing moves no other client's
// answers. An answer kept for replay (src/mcp/answer-memo.ts) holds while it stands.
let count = 0;

export function noteChange(): void {
  count += 1;
}

export function changeCount(): number {
  return count;
}
