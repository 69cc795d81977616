/**
 * A change or report the watchlists refuse before or instead of changing anything: its message is
 * written here (it may name lists, ids and names the user gave, never a key) and is shown as it is.
 */
export class WatchlistRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WatchlistRefusal';
  }
}
