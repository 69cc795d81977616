// The three European cups the spec names. A player's cup row is a row of its own (its own player_id, its
// statistics apart from his league's), while our tools read a service_id as the person's league row: a
// linked cup row is reached by its player_id only.
import { fold } from '../lib/fold.js';

const CUPS = ['champions_league', 'europa_league', 'conference_league'];

function namesCup(text: string | null | undefined): boolean {
  if (!text) return false;
  const folded = fold(text);
  return CUPS.some((cup) => folded.includes(cup));
}

/** A row of a European cup: its competition says cup (or names one), or its league is one of the three. */
export function isCupRow(row: { league?: string | null; competition?: string | null }): boolean {
  const competition = row.competition ? fold(row.competition) : '';
  return (
    /(^|_)(cup|coupe|european_cup)($|_)/.test(competition) || namesCup(competition) || namesCup(row.league)
  );
}
