// A count of the events after which an answer given before may no longer be the answer: an upstream
// request sent or answered, a cache entry written, a tool run begun (whatever a run reads or learns may
// change what others answer). An answer kept for replay (src/mcp/answer-memo.ts) holds while it stands.
let count = 0;

export function noteChange(): void {
  count += 1;
}

export function changeCount(): number {
  return count;
}
