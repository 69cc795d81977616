// Rows a later page repeats. An API whose order is not stable between requests (a ranking sorted by a
// score with ties, and no tiebreak; a list that moved while it was read) serves a row again at the top
// of the next page, and the row the shift pushed past the boundary is on neither page. The repeat is
// left out, never shown twice, and counted, so the read says the list may lack rows. A row is the same
// row whatever rank it is given again: an API numbering rows by place renumbers the repeat (rank 20 on
// one page, 21 on the next), and no two rows of one list differ in their rank alone.

/** A row's JSON without its place in the list (`rank`, as read): what tells one row from another. */
const identityOf = (row: unknown) =>
  JSON.stringify(row, (key, value) => (key === 'rank' ? undefined : value));

export class RepeatedRows {
  /** The JSON of every row kept so far; made at the first later page (a one-page read never pays it). */
  private seen: Set<string> | undefined;
  /** Rows of later pages left out as repeats. */
  count = 0;

  /** The rows of `page` not among `kept` (the rows read before it), in order; the others counted. */
  newOf(kept: readonly unknown[], page: readonly unknown[]): unknown[] {
    if (!this.seen) this.seen = new Set(kept.map(identityOf));
    const fresh: unknown[] = [];
    for (const row of page) {
      const key = identityOf(row);
      if (this.seen.has(key)) this.count++;
      else {
        this.seen.add(key);
        fresh.push(row);
      }
    }
    return fresh;
  }

  /** The note of a read that left repeats out; undefined when none was. */
  note(): string | undefined {
    if (this.count === 0) return undefined;
    const rows = this.count === 1 ? '1 row' : `${this.count} rows`;
    return `The API's pages overlapped: ${rows} of a later page repeated rows of the pages before (its order changed between requests, as an order with ties may), and ${this.count === 1 ? 'was' : 'were'} shown once. Rows the shift pushed past a page were not read: the list may not be whole.`;
  }
}
