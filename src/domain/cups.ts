// The three European cups the spec names. A player's cup row is a row of its own (its own player_id, its
// statistics apart from his league's), while our tools read a service_id as the person's league row: a
// linked cup row is reached by its player_id only.
import { LRUCache } from 'lru-cache';
import { fold } from '../lib/fold.js';

const CUPS = ['champions_league', 'europa_league', 'conference_league'];

/** What each league or competition name said, as lists repeat a few names row after row. */
const named = new LRUCache<string, boolean>({ max: 512 });

function namesCup(text: string | null | undefined): boolean {
  if (!text) return false;
  let cup = named.get(text);
  if (cup === undefined) {
    const folded = fold(text);
    cup = CUPS.some((name) => folded.includes(name));
    named.set(text, cup);
  }
  return cup;
}

/** A row of a European cup: its competition says cup (or names one), or its league is one of the three. */
export function isCupRow(row: { league?: string | null; competition?: string | null }): boolean {
  const competition = row.competition ? fold(row.competition) : '';
  return (
    /(^|_)(cup|coupe|european_cup)($|_)/.test(competition) || namesCup(competition) || namesCup(row.league)
  );
}
