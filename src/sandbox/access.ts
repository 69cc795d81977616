// What a key may see: its leagues, plus the European cups when one of its leagues feeds them (a cup
// row is visible when the player's domestic league is).

import { fold } from '../lib/fold.js';
import type { Team } from './data/clubs.js';
import type { PlayerRow } from './data/generate.js';
import { COMPS, type Comp, CUP_FEEDERS, LEAGUES } from './data/leagues.js';
import { forbidden } from './http/errors.js';
import type { SandboxKey } from './keys.js';

export class Access {
  private readonly all: boolean;
  private readonly names: ReadonlySet<string>;
  private readonly cups: boolean;

  constructor(key: SandboxKey) {
    this.all = key.leagues === 'all';
    this.names = new Set(key.leagues === 'all' ? [] : key.leagues.map(fold));
    this.cups = this.all || CUP_FEEDERS.some((c) => this.names.has(c.folded));
  }

  comp(comp: Comp): boolean {
    if (this.all) return true;
    return comp.type === 'cup' ? this.cups : this.names.has(comp.folded);
  }

  team(team: Team): boolean {
    return this.comp(team.comp);
  }

  row(row: PlayerRow): boolean {
    return this.comp(row.comp.type === 'cup' ? row.team.comp : row.comp);
  }

  /** Leagues (type league) the key can read, in catalog order. */
  leagues(): Comp[] {
    return LEAGUES.filter((c) => this.comp(c));
  }

  /** Everything GET /v1/leagues lists for this key. */
  listed(): Comp[] {
    return COMPS.filter((c) => this.comp(c));
  }

  assertComp(comp: Comp): void {
    if (!this.comp(comp))
      throw forbidden(
        `the API key has no access to the league "${comp.name}"; GET /v1/leagues lists the accessible ones`,
      );
  }

  assertTeam(team: Team): void {
    if (!this.team(team))
      throw forbidden(`the API key has no access to the league "${team.comp.name}" of ${team.name}`);
  }

  assertRow(row: PlayerRow): void {
    if (!this.row(row)) {
      const league = row.comp.type === 'cup' ? row.team.comp : row.comp;
      throw forbidden(`the API key has no access to the league "${league.name}" of player ${row.id}`);
    }
  }
}
