// A scout's words for a league read against the key's own league list: names, the short forms derived
// from them ("WSL", "PL2", "UCL"), a name's core words ("Champions League"), and the facts each row
// gives (country, gender, level): "French women's league", "English U21", "youth leagues".
// Nothing here names a league: every form is derived from the rows, so a league nobody listed works too.
import { fold } from '../lib/fold.js';
import { countryWords as countryFormsOf, countryIn, type LeagueFacts, levelNumber } from './league-words.js';

export type Gender = 'men' | 'women';

/** Words (folded) that say women's football, in the languages league names are written in. */
const WOMEN = new Set(
  'women womens woman womans ladies lady female females feminine feminin feminine feminino femenino femenina femenil feminile femminile frauen damen dames vrouwen kvinner kvinde kvinder kobiet zeny girls girl wfc'.split(
    ' ',
  ),
);
const MEN = new Set(['men', 'mens', 'male', 'males', 'masculine', 'masculino', 'herren']);
/** Words that say youth or reserve football, and the age a word such as "U21" or "Sub-23" gives. */
const YOUTH = new Set(
  'youth academy junior juniors juvenil juvenile primavera nachwuchs nachwuchsliga jugend jeunes espoirs reserve reserves reserva reservas'.split(
    ' ',
  ),
);
const RESERVE = new Set(['reserve', 'reserves', 'reserva', 'reservas']);
const AGE = /^(?:u|sub|under|o)?(\d{2})$/;
/** Words that name no league on their own: dropped from the words read as a name. */
const CORE_FILLER = new Set('the of and league leagues football soccer competition any all'.split(' '));
const TIER_WORDS: readonly [RegExp, number][] = [
  [/\b(top|first|1st|highest)( flight| tier| division| level)?\b|\btop flight\b/, 1],
  [/\b(second|2nd)( tier| division| flight| level)\b|\bsecond tier\b/, 2],
  [/\b(third|3rd)( tier| division| level)\b/, 3],
  [/\b(fourth|4th)( tier| division| level)\b/, 4],
];
const TIER_TOKENS = new Set(
  'top flight first 1st highest second 2nd third 3rd fourth 4th tier division level'.split(' '),
);

function words(text: string): string[] {
  return fold(text).split('_').filter(Boolean);
}

/** A league row's gender from its own field, whatever the spelling ("women", "F", "féminin"); unknown otherwise. */
export function genderOf(league: Pick<LeagueFacts, 'gender'>): Gender | undefined {
  const g = fold(league.gender ?? '');
  if (!g) return undefined;
  if (/^(w|f|women|woman|female|fem|ladies|girls)/.test(g)) return 'women';
  if (/^(m|men|man|male|masc|boys|h)/.test(g)) return 'men';
  return undefined;
}

/** The oldest age a league's name gives ("U19", "Sub-23", "U-18"), if any. */
export function ageOf(league: { name: string }): number | undefined {
  const tokens = words(league.name);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const glued = /^(?:u|sub)(\d{2})$/.exec(token);
    if (glued) return Number(glued[1]);
    const next = tokens[i + 1];
    if ((token === 'u' || token === 'sub' || token === 'under') && next && /^\d{2}$/.test(next))
      return Number(next);
  }
  return undefined;
}

/** Whether a league is youth or reserve football: its level says so, or its name does (an age, "Reserva"). */
export function isYouth(league: LeagueFacts): boolean {
  const level = fold(String(league.level ?? ''));
  if (/youth|junior|reserve|u\d\d|academy/.test(level)) return true;
  return ageOf(league) !== undefined || words(league.name).some((w) => YOUTH.has(w));
}

export function isCup(league: LeagueFacts & { type?: string | null | undefined }): boolean {
  return fold(league.type ?? '') === 'cup' || fold(String(league.level ?? '')) === 'cup';
}

/** "England, women, tier 1": what the row says of itself, and "gender not given" when it does not. */
export function describeLeague(league: LeagueFacts & { type?: string | null | undefined }): string {
  const tier = levelNumber(league.level);
  const level = isCup(league)
    ? 'cup'
    : isYouth(league)
      ? `youth${ageOf(league) ? ` U${ageOf(league)}` : ''}`
      : tier !== undefined
        ? `tier ${tier}`
        : league.level
          ? String(league.level)
          : 'level not given';
  return [league.country ?? 'country not given', genderOf(league) ?? 'gender not given', level].join(', ');
}

/** `Women's Super League (England, women, tier 1)`. */
export function leagueWithFacts(league: LeagueFacts & { type?: string | null | undefined }): string {
  return `${league.name} (${describeLeague(league)})`;
}

/** A word that is an organisation's acronym ahead of a name ("UEFA", "DFB", "SAFA"): all capitals, 3-5 letters. */
function isOrganisation(word: string): boolean {
  return /^[A-ZÖÄÜ]{3,5}$/.test(word);
}

function initials(tokens: readonly string[]): string {
  return tokens.map((t) => (/\d/.test(t) ? t : t[0])).join('');
}

/**
 * The short forms of a league's name, in two ranks: its own initials and its whole name run together
 * ("wsl", "pl2", "ucl", "nwsl") first; then forms that drop a leading country word or organisation
 * acronym ("Scottish Women's Premier League" also "wpl", "UEFA Champions League" also "cl").
 */
export function shortForms(league: LeagueFacts): { own: string[]; derived: string[] } {
  const raw = league.name.split(/[\s\-–/]+/).filter(Boolean);
  const tokens = words(league.name).filter(
    (t) => !['the', 'of', 'de', 'del', 'di', 'da', 'des', 'du', 'la', 'le'].includes(t),
  );
  const own = new Set<string>();
  if (tokens.length > 1) own.add(initials(tokens));
  own.add(tokens.join(''));
  const derived = new Set<string>();
  const first = tokens[0];
  const country = countryIn(league.name, league.country ? [league.country] : []);
  if (first && tokens.length > 2 && (country !== undefined || isOrganisation(raw[0] ?? ''))) {
    const rest = tokens.slice(1);
    derived.add(initials(rest));
  }
  const noGender = tokens.filter((t) => !WOMEN.has(t) && !MEN.has(t));
  if (noGender.length > 1 && noGender.length < tokens.length) derived.add(initials(noGender));
  for (const form of own) derived.delete(form);
  return { own: [...own].filter((f) => f.length >= 2), derived: [...derived].filter((f) => f.length >= 2) };
}

/** What the words ask, league facts apart from a name. */
export interface Asked {
  gender?: Gender;
  youth?: boolean;
  reserve?: boolean;
  age?: number;
  tier?: number;
  country?: string;
  /** Words left once facts are read: a name or part of one. */
  core: string[];
}

/** The facts `text` asks (gender, youth and age, tier, country) and the words left for a name. */
export function askedIn(text: string, countries: Iterable<string>): Asked {
  const plain = words(text).join(' ');
  const asked: Asked = { core: [] };
  const country = countryIn(text, countries);
  let rest = ` ${plain} `;
  if (country) {
    const forms = [country, ...countryFormsOf(country)].map((f) => words(f).join(' '));
    for (const form of forms.sort((a, b) => b.length - a.length)) rest = rest.replace(` ${form} `, ' ');
    asked.country = country;
  }
  const tier = TIER_WORDS.find(([pattern]) => pattern.test(plain))?.[1];
  if (tier !== undefined) asked.tier = tier;
  for (const word of rest.split(' ').filter(Boolean)) {
    const age = AGE.exec(word);
    if (WOMEN.has(word)) asked.gender = 'women';
    else if (MEN.has(word)) asked.gender = asked.gender ?? 'men';
    else if (YOUTH.has(word)) {
      asked.youth = true;
      if (RESERVE.has(word)) asked.reserve = true;
    } else if (age && /^(u|sub|o)/.test(word)) {
      asked.youth = true;
      asked.age = Number(age[1]);
    } else if (['u', 'sub', 'under'].includes(word)) asked.youth = true;
    else if (/^\d{2}$/.test(word) && asked.youth && asked.age === undefined) asked.age = Number(word);
    else if (tier !== undefined && TIER_TOKENS.has(word)) continue;
    else if (!CORE_FILLER.has(word)) asked.core.push(word);
  }
  return asked;
}

/** Whether a league has the facts asked: gender (known and equal), country, youth and its age, tier. */
export function hasFacts(league: LeagueFacts & { type?: string | null | undefined }, asked: Asked): boolean {
  if (asked.gender && genderOf(league) !== asked.gender) return false;
  if (asked.country && league.country !== asked.country) return false;
  if (asked.youth !== undefined && isYouth(league) !== asked.youth) return false;
  if (asked.age !== undefined) {
    const age = ageOf(league);
    if (age !== undefined && age !== asked.age) return false;
  }
  if (asked.tier !== undefined && (isYouth(league) || levelNumber(league.level) !== asked.tier)) return false;
  return true;
}

export type LeagueReading<L> =
  | { kind: 'one'; league: L; how: string; others: L[] }
  | { kind: 'several'; leagues: L[] }
  | { kind: 'none'; asked: Asked; otherGender: L[] };

/** Whether every core word is a word of the name, plural or not ("champion" of "Champions League"). */
function namesAll(league: LeagueFacts, core: readonly string[]): boolean {
  const own = words(league.name);
  return core.every((c) => own.some((w) => w === c || w === `${c}s` || c === `${w}s`));
}

/** Youth leagues whose name gives the age asked, when any does ("U19"), before those that give none. */
function byAge<L extends LeagueFacts>(leagues: L[], asked: Asked): L[] {
  if (asked.age === undefined) return leagues;
  const named = leagues.filter((l) => ageOf(l) === asked.age);
  return named.length > 0 ? named : leagues;
}

/**
 * One league among several the facts fit, when the words leave a side open: the top tier when no level
 * was asked, men's football when no gender was (as a scout says "Dutch top flight"); the others are kept
 * to be named beside the reading.
 */
function preferred<L extends LeagueFacts>(leagues: L[], asked: Asked, byTier = true): L | undefined {
  let pick = leagues;
  if (byTier && asked.tier === undefined && !asked.youth)
    pick = pick.filter((l) => levelNumber(l.level) === 1);
  if (asked.gender === undefined) pick = pick.filter((l) => genderOf(l) === 'men');
  return pick.length === 1 ? pick[0] : undefined;
}

/**
 * The league(s) `text` means among `leagues`: its exact name; a short form (own initials before derived
 * ones); its core words; or, with no name in the words, the facts they ask (the top tier when several
 * fit and no level was asked). Facts asked always narrow. `otherGender`: leagues the name fits whose
 * gender is not the one asked (a competition the key does not cover for that football).
 */
export function readLeague<L extends LeagueFacts & { type?: string | null | undefined }>(
  text: string,
  leagues: readonly L[],
): LeagueReading<L> {
  const folded = fold(text);
  const exact = leagues.find((l) => fold(l.name) === folded);
  if (exact) return { kind: 'one', league: exact, how: 'name', others: [] };
  const asked = askedIn(
    text,
    leagues.flatMap((l) => (l.country ? [l.country] : [])),
  );
  const fits = (ls: readonly L[], a: Asked = asked) =>
    byAge(
      ls.filter((l) => hasFacts(l, a)),
      a,
    );
  const compact = asked.core.join('');
  const forms = compact
    ? new Map(leagues.map((l) => [l, shortForms(l)]))
    : new Map<L, ReturnType<typeof shortForms>>();
  const byOwn = leagues.filter((l) => compact && forms.get(l)?.own.includes(compact));
  const byDerived = leagues.filter((l) => compact && forms.get(l)?.derived.includes(compact));
  const byWords = asked.core.length > 0 ? leagues.filter((l) => namesAll(l, asked.core)) : [];
  // Every word a name word, those read as facts too ("Primavera", "Reserva" in a league's name).
  const all = words(text).filter((w) => !CORE_FILLER.has(w));
  const byAllWords = all.length > 0 ? leagues.filter((l) => namesAll(l, all)) : [];
  // Whole name words first; a league whose own initials are the same word ("USL": Uzbekistan Super
  // League beside "USL Championship") is as much a candidate.
  const wholeWords = fits(byAllWords, { core: [] });
  const ranks: [string, L[]][] = [
    ['name words', wholeWords.length > 0 ? [...new Set([...wholeWords, ...fits(byOwn)])] : []],
    ['short form', fits(byOwn)],
    ['short form', fits(byDerived)],
    ['name words', fits(byWords)],
  ];
  for (const [how, kept] of ranks) {
    if (kept.length === 1) return { kind: 'one', league: kept[0] as L, how, others: [] };
    // A name both footballs share ("Bundesliga 2"): men's unless the words say women, the other named.
    const pick = asked.gender === undefined ? preferred(kept, asked, false) : undefined;
    if (pick) return { kind: 'one', league: pick, how, others: kept.filter((l) => l !== pick) };
    if (kept.length > 1) return { kind: 'several', leagues: kept };
  }
  // A short form with a "w" for women ("UWCL" of "UCL"): the same name in women's football.
  if (compact.includes('w') && asked.gender !== 'men') {
    const women: Asked = { ...asked, gender: 'women', core: [compact.replace('w', '')] };
    const matched = leagues.filter((l) => {
      const f = forms.get(l) ?? shortForms(l);
      return [...f.own, ...f.derived].includes(women.core[0] as string);
    });
    const kept = fits(matched, women);
    if (kept.length === 1) return { kind: 'one', league: kept[0] as L, how: 'short form', others: [] };
    if (kept.length > 1) return { kind: 'several', leagues: kept };
    if (matched.length > 0) return { kind: 'none', asked: women, otherGender: matched };
  }
  // A league's whole name with a gender word added ("Women's Serie A"): that league, in the other football.
  const sansGender = words(text)
    .filter((w) => !WOMEN.has(w) && !MEN.has(w))
    .join('_');
  const sameName = leagues.filter((l) => fold(l.name) === sansGender);
  const named = [...byOwn, ...byDerived, ...byWords, ...sameName];
  if (named.length > 0) {
    const otherGender = asked.gender
      ? [
          ...new Set([
            ...sameName.filter((l) => genderOf(l) !== asked.gender),
            ...fits(named, { ...asked, gender: undefined }),
          ]),
        ]
      : [];
    return { kind: 'none', asked, otherGender };
  }
  if (asked.core.length > 0 || !hasAnyFact(asked)) return { kind: 'none', asked, otherGender: [] };
  // Facts only ("French women's league"): leagues, not cups, and youth only when youth is asked.
  const kept = fits(
    leagues.filter((l) => !isCup(l)),
    { ...asked, youth: asked.youth ?? false },
  );
  if (kept.length === 1) return { kind: 'one', league: kept[0] as L, how: 'facts', others: [] };
  if (kept.length === 0) return { kind: 'none', asked, otherGender: [] };
  const pick = preferred(kept, asked);
  if (pick) return { kind: 'one', league: pick, how: 'facts', others: kept.filter((l) => l !== pick) };
  return { kind: 'several', leagues: kept };
}

function hasAnyFact(asked: Asked): boolean {
  return (
    asked.gender !== undefined ||
    asked.youth !== undefined ||
    asked.tier !== undefined ||
    asked.country !== undefined
  );
}

/** What was asked, in words: "women's, youth U21, England". */
export function askedWords(asked: Asked): string {
  return [
    asked.gender ? `${asked.gender}'s` : undefined,
    asked.youth ? (asked.reserve ? 'reserve' : `youth${asked.age ? ` U${asked.age}` : ''}`) : undefined,
    asked.tier !== undefined ? `tier ${asked.tier}` : undefined,
    asked.country,
  ]
    .filter(Boolean)
    .join(', ');
}
