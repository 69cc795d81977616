// The league catalog: real competition names, fictional content. `strength` (0..1) drives the
// level of the players, their market value, projections, transfers and European qualification.

import { fold } from '../../lib/fold.js';
import { country, type Region } from './countries.js';

export type Gender = 'men' | 'women';
export type Level = 'top' | 'second' | 'third' | 'fourth' | 'youth' | 'cup';
export type CompType = 'league' | 'cup';

export interface Comp {
  readonly index: number;
  readonly name: string;
  readonly folded: string;
  readonly country: string;
  readonly region: Region;
  readonly gender: Gender;
  readonly level: Level;
  readonly type: CompType;
  /** Number of clubs (for a cup: clubs qualified each season). */
  readonly teams: number;
  readonly strength: number;
  /** Club name suffix of youth sides. */
  readonly youthSuffix?: string;
  /** Youth leagues: oldest age allowed. */
  readonly maxAge?: number;
}

type Row = [
  name: string,
  country: string,
  gender: Gender,
  level: Level,
  teams: number,
  strength: number,
  youth?: [suffix: string, maxAge: number],
];

const M = 'men';
const W = 'women';

// Ordered by country, then gender, then level: the order is part of the ids, never reorder.
const ROWS: readonly Row[] = [
  ['Premier League', 'England', M, 'top', 20, 1.0],
  ['Championship', 'England', M, 'second', 24, 0.72],
  ['League One', 'England', M, 'third', 24, 0.55],
  ['League Two', 'England', M, 'fourth', 24, 0.46],
  ['Premier League 2', 'England', M, 'youth', 20, 0.4, [' U21', 21]],
  ['U18 Premier League', 'England', M, 'youth', 16, 0.3, [' U18', 18]],
  ["Women's Super League", 'England', W, 'top', 12, 0.66],
  ["Women's Championship", 'England', W, 'second', 12, 0.44],
  ['LaLiga', 'Spain', M, 'top', 20, 0.96],
  ['LaLiga Hypermotion', 'Spain', M, 'second', 22, 0.68],
  ['Primera Federación', 'Spain', M, 'third', 20, 0.5],
  ['División de Honor Juvenil', 'Spain', M, 'youth', 16, 0.33, [' Juvenil A', 19]],
  ['Liga F', 'Spain', W, 'top', 16, 0.64],
  ['Primera Federación Femenina', 'Spain', W, 'second', 14, 0.42],
  ['Bundesliga', 'Germany', M, 'top', 18, 0.93],
  ['2. Bundesliga', 'Germany', M, 'second', 18, 0.68],
  ['3. Liga', 'Germany', M, 'third', 20, 0.52],
  ['DFB-Nachwuchsliga U19', 'Germany', M, 'youth', 16, 0.33, [' U19', 19]],
  ['Frauen-Bundesliga', 'Germany', W, 'top', 12, 0.64],
  ['2. Frauen-Bundesliga', 'Germany', W, 'second', 14, 0.42],
  ['Serie A', 'Italy', M, 'top', 20, 0.92],
  ['Serie B', 'Italy', M, 'second', 20, 0.65],
  ['Serie C', 'Italy', M, 'third', 20, 0.48],
  ['Campionato Primavera 1', 'Italy', M, 'youth', 20, 0.34, [' Primavera', 20]],
  ['Serie A Femminile', 'Italy', W, 'top', 12, 0.52],
  ['Serie B Femminile', 'Italy', W, 'second', 14, 0.36],
  ['Ligue 1', 'France', M, 'top', 18, 0.88],
  ['Ligue 2', 'France', M, 'second', 18, 0.64],
  ['National', 'France', M, 'third', 18, 0.5],
  ['Championnat National U19', 'France', M, 'youth', 16, 0.32, [' U19', 19]],
  ['Première Ligue', 'France', W, 'top', 12, 0.6],
  ['Seconde Ligue', 'France', W, 'second', 12, 0.4],
  ['Championnat National Féminin U19', 'France', W, 'youth', 12, 0.26, [' U19', 19]],
  ['Primeira Liga', 'Portugal', M, 'top', 18, 0.78],
  ['Liga Portugal 2', 'Portugal', M, 'second', 18, 0.55],
  ['Liga 3', 'Portugal', M, 'third', 20, 0.42],
  ['Liga Revelação U23', 'Portugal', M, 'youth', 16, 0.34, [' Sub-23', 23]],
  ['Campeonato Nacional Feminino', 'Portugal', W, 'top', 12, 0.44],
  ['Eredivisie', 'Netherlands', M, 'top', 18, 0.78],
  ['Eerste Divisie', 'Netherlands', M, 'second', 20, 0.55],
  ['Vrouwen Eredivisie', 'Netherlands', W, 'top', 12, 0.46],
  ['Belgian Pro League', 'Belgium', M, 'top', 16, 0.74],
  ['Challenger Pro League', 'Belgium', M, 'second', 16, 0.5],
  ["Belgian Women's Super League", 'Belgium', W, 'top', 10, 0.38],
  ['Scottish Premiership', 'Scotland', M, 'top', 12, 0.64],
  ['Scottish Championship', 'Scotland', M, 'second', 10, 0.45],
  ["Scottish Women's Premier League", 'Scotland', W, 'top', 12, 0.36],
  ['Süper Lig', 'Turkey', M, 'top', 18, 0.72],
  ['TFF 1. Lig', 'Turkey', M, 'second', 20, 0.5],
  ["Turkish Women's Super League", 'Turkey', W, 'top', 16, 0.3],
  ['Austrian Bundesliga', 'Austria', M, 'top', 12, 0.66],
  ['Austrian 2. Liga', 'Austria', M, 'second', 16, 0.45],
  ['ÖFB Frauen-Bundesliga', 'Austria', W, 'top', 10, 0.36],
  ['Swiss Super League', 'Switzerland', M, 'top', 12, 0.66],
  ['Challenge League', 'Switzerland', M, 'second', 10, 0.45],
  ["Swiss Women's Super League", 'Switzerland', W, 'top', 10, 0.36],
  ['Super League Greece', 'Greece', M, 'top', 14, 0.62],
  ['Super League Greece 2', 'Greece', M, 'second', 16, 0.4],
  ['Danish Superliga', 'Denmark', M, 'top', 12, 0.63],
  ['Danish 1st Division', 'Denmark', M, 'second', 12, 0.45],
  ['Kvindeligaen', 'Denmark', W, 'top', 8, 0.38],
  ['Allsvenskan', 'Sweden', M, 'top', 16, 0.58],
  ['Superettan', 'Sweden', M, 'second', 16, 0.42],
  ['Damallsvenskan', 'Sweden', W, 'top', 14, 0.52],
  ['Eliteserien', 'Norway', M, 'top', 16, 0.58],
  ['OBOS-ligaen', 'Norway', M, 'second', 16, 0.42],
  ['Toppserien', 'Norway', W, 'top', 10, 0.44],
  ['Ekstraklasa', 'Poland', M, 'top', 18, 0.6],
  ['I liga', 'Poland', M, 'second', 18, 0.42],
  ['Ekstraliga Kobiet', 'Poland', W, 'top', 12, 0.32],
  ['Czech First League', 'Czech Republic', M, 'top', 16, 0.62],
  ['Czech National Football League', 'Czech Republic', M, 'second', 16, 0.42],
  ['Croatian Football League', 'Croatia', M, 'top', 10, 0.58],
  ['Serbian SuperLiga', 'Serbia', M, 'top', 16, 0.56],
  ['Ukrainian Premier League', 'Ukraine', M, 'top', 16, 0.6],
  ['Liga I', 'Romania', M, 'top', 16, 0.52],
  ['Nemzeti Bajnokság I', 'Hungary', M, 'top', 12, 0.5],
  ['Israeli Premier League', 'Israel', M, 'top', 14, 0.52],
  ['Cypriot First Division', 'Cyprus', M, 'top', 14, 0.5],
  ['Bulgarian First League', 'Bulgaria', M, 'top', 16, 0.45],
  ['Slovak First League', 'Slovakia', M, 'top', 12, 0.48],
  ['Slovenian PrvaLiga', 'Slovenia', M, 'top', 10, 0.45],
  ['League of Ireland Premier Division', 'Ireland', M, 'top', 10, 0.42],
  ['Veikkausliiga', 'Finland', M, 'top', 12, 0.42],
  ['Besta deild karla', 'Iceland', M, 'top', 12, 0.38],
  ['MLS', 'USA', M, 'top', 30, 0.66],
  ['USL Championship', 'USA', M, 'second', 24, 0.45],
  ['MLS Next Pro', 'USA', M, 'third', 24, 0.38],
  ['MLS NEXT U19', 'USA', M, 'youth', 16, 0.28, [' U19', 19]],
  ['NWSL', 'USA', W, 'top', 14, 0.68],
  ['USL Super League', 'USA', W, 'second', 9, 0.42],
  ['Canadian Premier League', 'Canada', M, 'top', 8, 0.38],
  ['Northern Super League', 'Canada', W, 'top', 6, 0.38],
  ['Liga MX', 'Mexico', M, 'top', 18, 0.66],
  ['Liga de Expansión MX', 'Mexico', M, 'second', 16, 0.45],
  ['Liga MX Sub-23', 'Mexico', M, 'youth', 18, 0.3, [' Sub-23', 23]],
  ['Liga MX Femenil', 'Mexico', W, 'top', 18, 0.52],
  ['Liga FPD', 'Costa Rica', M, 'top', 12, 0.4],
  ['Brasileirão Série A', 'Brazil', M, 'top', 20, 0.74],
  ['Brasileirão Série B', 'Brazil', M, 'second', 20, 0.52],
  ['Brasileirão Série C', 'Brazil', M, 'third', 20, 0.4],
  ['Brasileirão Sub-20', 'Brazil', M, 'youth', 20, 0.32, [' Sub-20', 20]],
  ['Brasileirão Feminino', 'Brazil', W, 'top', 16, 0.54],
  ['Liga Profesional Argentina', 'Argentina', M, 'top', 28, 0.68],
  ['Primera Nacional', 'Argentina', M, 'second', 20, 0.45],
  ['Torneo de Reserva', 'Argentina', M, 'youth', 20, 0.32, [' Reserva', 21]],
  ['Primera División A Femenina', 'Argentina', W, 'top', 16, 0.38],
  ['Categoría Primera A', 'Colombia', M, 'top', 20, 0.55],
  ['Categoría Primera B', 'Colombia', M, 'second', 16, 0.38],
  ['Liga Femenina BetPlay', 'Colombia', W, 'top', 16, 0.4],
  ['Liga de Primera', 'Chile', M, 'top', 16, 0.5],
  ['Uruguayan Primera División', 'Uruguay', M, 'top', 16, 0.5],
  ['Liga 1', 'Peru', M, 'top', 18, 0.45],
  ['LigaPro Serie A', 'Ecuador', M, 'top', 16, 0.5],
  ['Paraguayan Primera División', 'Paraguay', M, 'top', 12, 0.45],
  ['J1 League', 'Japan', M, 'top', 20, 0.64],
  ['J2 League', 'Japan', M, 'second', 20, 0.48],
  ['J3 League', 'Japan', M, 'third', 20, 0.38],
  ['Prince Takamado U-18 Premier League', 'Japan', M, 'youth', 12, 0.28, [' U-18', 18]],
  ['WE League', 'Japan', W, 'top', 12, 0.52],
  ['Nadeshiko League', 'Japan', W, 'second', 12, 0.36],
  ['K League 1', 'South Korea', M, 'top', 12, 0.6],
  ['K League 2', 'South Korea', M, 'second', 14, 0.44],
  ['K League Junior', 'South Korea', M, 'youth', 12, 0.26, [' U18', 18]],
  ['WK League', 'South Korea', W, 'top', 8, 0.42],
  ['Chinese Super League', 'China', M, 'top', 16, 0.52],
  ['China League One', 'China', M, 'second', 16, 0.38],
  ["Chinese Women's Super League", 'China', W, 'top', 12, 0.46],
  ['Saudi Pro League', 'Saudi Arabia', M, 'top', 18, 0.66],
  ['Saudi First Division League', 'Saudi Arabia', M, 'second', 18, 0.4],
  ["Saudi Women's Premier League", 'Saudi Arabia', W, 'top', 8, 0.26],
  ['Qatar Stars League', 'Qatar', M, 'top', 12, 0.5],
  ['UAE Pro League', 'UAE', M, 'top', 14, 0.5],
  ['Persian Gulf Pro League', 'Iran', M, 'top', 16, 0.46],
  ['Uzbekistan Super League', 'Uzbekistan', M, 'top', 14, 0.4],
  ['A-League Men', 'Australia', M, 'top', 12, 0.5],
  ['A-League Women', 'Australia', W, 'top', 12, 0.46],
  ['Indian Super League', 'India', M, 'top', 13, 0.36],
  ['Thai League 1', 'Thailand', M, 'top', 16, 0.42],
  ['Botola Pro', 'Morocco', M, 'top', 16, 0.52],
  ['Botola 2', 'Morocco', M, 'second', 16, 0.38],
  ["Moroccan Women's Championship", 'Morocco', W, 'top', 12, 0.3],
  ['Algerian Ligue Professionnelle 1', 'Algeria', M, 'top', 16, 0.45],
  ['Tunisian Ligue Professionnelle 1', 'Tunisia', M, 'top', 16, 0.46],
  ['Egyptian Premier League', 'Egypt', M, 'top', 18, 0.52],
  ['Egyptian Second Division A', 'Egypt', M, 'second', 16, 0.36],
  ['Nigeria Premier Football League', 'Nigeria', M, 'top', 20, 0.38],
  ['Nigeria Women Football League', 'Nigeria', W, 'top', 12, 0.3],
  ['Ghana Premier League', 'Ghana', M, 'top', 18, 0.38],
  ['Senegal Ligue 1', 'Senegal', M, 'top', 14, 0.36],
  ["Ligue 1 Côte d'Ivoire", "Côte d'Ivoire", M, 'top', 14, 0.36],
  ['Elite One', 'Cameroon', M, 'top', 18, 0.34],
  ['Linafoot', 'DR Congo', M, 'top', 16, 0.36],
  ['Tanzanian Premier League', 'Tanzania', M, 'top', 16, 0.36],
  ['South African Premiership', 'South Africa', M, 'top', 16, 0.5],
  ['Motsepe Foundation Championship', 'South Africa', M, 'second', 16, 0.36],
  ['DStv Diski Challenge', 'South Africa', M, 'youth', 16, 0.26, [' Reserves', 23]],
  ["SAFA Women's League", 'South Africa', W, 'top', 16, 0.3],
];

// European places per domestic top league, by league strength: [Champions, Europa, Conference].
export function europeanPlaces(comp: Comp): readonly [number, number, number] {
  if (comp.region !== 'Europe' || comp.gender !== 'men' || comp.level !== 'top' || comp.type !== 'league')
    return [0, 0, 0];
  if (comp.strength >= 0.85) return [4, 2, 1];
  if (comp.strength >= 0.7) return [2, 2, 1];
  if (comp.strength >= 0.6) return [1, 1, 2];
  return [0, 1, 1];
}

export const CUP_NAMES = ['UEFA Champions League', 'UEFA Europa League', 'UEFA Conference League'] as const;
const CUP_STRENGTH = [1.0, 0.84, 0.7];

function build(): Comp[] {
  const comps: Comp[] = ROWS.map(([name, countryName, gender, level, teams, strength, youth], index) => ({
    index,
    name,
    folded: fold(name),
    country: countryName,
    region: country(countryName).region,
    gender,
    level,
    type: 'league',
    teams,
    strength,
    ...(youth ? { youthSuffix: youth[0], maxAge: youth[1] } : {}),
  }));
  const totals = [0, 0, 0];
  for (const c of comps) {
    const places = europeanPlaces(c);
    for (let i = 0; i < 3; i++) totals[i] = (totals[i] ?? 0) + (places[i] ?? 0);
  }
  CUP_NAMES.forEach((name, i) => {
    comps.push({
      index: comps.length,
      name,
      folded: fold(name),
      country: 'Europe',
      region: 'Europe',
      gender: 'men',
      level: 'cup',
      type: 'cup',
      teams: totals[i] ?? 0,
      strength: CUP_STRENGTH[i] ?? 0.7,
    });
  });
  return comps;
}

export const COMPS: readonly Comp[] = build();
export const LEAGUES: readonly Comp[] = COMPS.filter((c) => c.type === 'league');
export const CUPS: readonly Comp[] = COMPS.filter((c) => c.type === 'cup');

const BY_FOLDED = new Map(COMPS.map((c) => [c.folded, c]));

export function compByName(name: string): Comp | undefined {
  return BY_FOLDED.get(fold(name));
}

export function comp(index: number): Comp | undefined {
  return COMPS[index];
}

/** The leagues whose top clubs play the European cups. */
export const CUP_FEEDERS: readonly Comp[] = LEAGUES.filter((c) => europeanPlaces(c).some((n) => n > 0));
