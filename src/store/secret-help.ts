// What to do about a damaged store secret. The secret keys every watchlist owner (an HMAC of the API key
// under it, see ownerId): a new secret gives every key a new, empty owner, and the lists kept under the
// old one are no longer found. So the advice is never "remove it".

/** The start error for a secret file that does not hold a secret. */
export function damagedSecret(path: string): string {
  return (
    `${path} is damaged (not 64 hex characters). It keys every watchlist kept beside it: do not remove or replace it, or every list becomes unreachable. ` +
    'Restore it from a backup; without one, see "A damaged secret" in docs/store.md to move the lists to a new secret'
  );
}
