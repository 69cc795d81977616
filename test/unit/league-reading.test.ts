// A scout's words for leagues, generated from a league list (the sandbox's, and invented ones) rather
// than listed: each league's derived short forms, its name's words and its facts must read to it, or
// to a set of candidates that names it; a name in the other football is said to be not covered.
import { describe, expect, it } from 'vitest';
import {
  askedIn,
  genderOf,
  isCup,
  isYouth,
  type LeagueReading,
  leagueWithFacts,
  readLeague,
  shortForms,
} from '../../src/domain/league-reading.js';
import { countryWords, levelNumber } from '../../src/domain/league-words.js';
import { COMPS } from '../../src/sandbox/data/leagues.js';
import { drawn, generator, SAMPLE_SEED, sample } from '../support/sample.js';

interface Row {
  name: string;
  country: string;
  gender: string | null;
  level: string | null;
  type: string;
}

const SANDBOX: Row[] = COMPS.map((c) => ({
  name: c.name,
  country: c.country,
  gender: c.gender,
  level: c.level,
  type: c.type,
}));

/** Whether a reading names `league`: as the one read, beside it, or among the candidates. */
function names(reading: LeagueReading<Row>, league: Row): boolean {
  if (reading.kind === 'one') return reading.league === league || reading.others.includes(league);
  if (reading.kind === 'several') return reading.leagues.includes(league);
  return false;
}

function describeReading(reading: LeagueReading<Row>): string {
  if (reading.kind === 'one') return `one: ${leagueWithFacts(reading.league)}`;
  if (reading.kind === 'several') return `several: ${reading.leagues.map((l) => l.name).join(', ')}`;
  return `none: ${JSON.stringify(reading.asked)}`;
}

const random = generator;

const TIERS = ['top', 'second', 'third', 'fourth'];
const TIER_WORDS = ['top flight', 'second tier', 'third tier', 'fourth tier'];

describe('league words read from the list itself', () => {
  const leagues = sample('league words over the sandbox leagues', SANDBOX, 40);

  it.each(leagues.map((l) => [l.name, l] as const))('the short forms of %s read to it', (_, league) => {
    const { own, derived } = shortForms(league);
    // Its own initials alone; a form that drops a word, with the facts that word said.
    const people = countryWords(league.country)[0] ?? league.country;
    const gender = genderOf(league) === 'women' ? "women's" : '';
    const asked = [
      ...own.map((form) => form.toUpperCase()),
      ...derived.map((form) => `${people} ${gender} ${form.toUpperCase()}`),
    ];
    for (const words of asked) {
      const reading = readLeague(words, SANDBOX);
      expect(names(reading, league), drawn(`"${words}" → ${describeReading(reading)}`)).toBe(true);
    }
  });

  it.each(leagues.map((l) => [l.name, l] as const))('the facts of %s read to it', (_, league) => {
    const tier = levelNumber(league.level);
    if (isCup(league) || (!isYouth(league) && tier === undefined)) return;
    const people = countryWords(league.country)[0] ?? league.country;
    const gender = genderOf(league) === 'women' ? "women's" : "men's";
    const level = isYouth(league) ? 'youth' : TIER_WORDS[(tier ?? 1) - 1];
    const words = `${people} ${gender} ${level} league`;
    const reading = readLeague(words, SANDBOX);
    expect(names(reading, league), drawn(`"${words}" → ${describeReading(reading)}`)).toBe(true);
    // Whatever is read keeps the gender and level asked.
    const read =
      reading.kind === 'one' ? [reading.league] : reading.kind === 'several' ? reading.leagues : [];
    for (const l of read) {
      expect(genderOf(l), words).toBe(genderOf(league));
      expect(isYouth(l), words).toBe(isYouth(league));
    }
  });

  it("a men's competition asked as women's is not covered, and not offered", () => {
    const womenNames = new Set(SANDBOX.filter((l) => genderOf(l) === 'women').map((l) => l.name));
    for (const league of SANDBOX.filter((l) => genderOf(l) === 'men' && !isYouth(l))) {
      const words = `Women's ${league.name}`;
      const reading = readLeague(words, SANDBOX);
      if (reading.kind === 'none') {
        expect(reading.otherGender, words).toContain(league);
      } else {
        // A women's league carrying the same words ("Women's Super League" of "Super League").
        const read = reading.kind === 'one' ? [reading.league] : reading.leagues;
        for (const l of read)
          expect(womenNames.has(l.name), `${words} → ${describeReading(reading)}`).toBe(true);
      }
    }
  });

  it('an abbreviation with a "w" of a men\'s competition is said to be not covered', () => {
    const reading = readLeague('UWCL', SANDBOX);
    expect(reading.kind).toBe('none');
    if (reading.kind === 'none') {
      expect(reading.asked.gender).toBe('women');
      expect(reading.otherGender.map((l) => l.name)).toContain('UEFA Champions League');
    }
  });

  it('reads the age of a youth word and keeps it', () => {
    expect(askedIn('English U21', ['England'])).toMatchObject({
      youth: true,
      age: 21,
      country: 'England',
      core: [],
    });
    const reading = readLeague('U19', SANDBOX);
    const read =
      reading.kind === 'several' ? reading.leagues : reading.kind === 'one' ? [reading.league] : [];
    expect(read.length).toBeGreaterThan(0);
    for (const l of read) expect(isYouth(l), l.name).toBe(true);
  });
});

describe('league words over invented leagues', () => {
  const rand = random(`invented:${SAMPLE_SEED}`);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const WORDS = [
    'Premier',
    'Elite',
    'National',
    'Pro',
    'Super',
    'Grand',
    'Royal',
    'Golden',
    'Coastal',
    'Highland',
  ];
  const KINDS = ['League', 'Division', 'Cup', 'Series', 'Conference'];
  const COUNTRIES = ['Norway', 'Portugal', 'Japan', 'Chile', 'Ghana', 'Iceland'];

  /** A list of invented leagues: random words, genders, levels and countries, each name unique. */
  function inventedList(size: number): Row[] {
    const rows = new Map<string, Row>();
    while (rows.size < size) {
      const women = rand() < 0.4;
      const youth = !women && rand() < 0.2;
      const name = [
        women ? "Women's" : undefined,
        pick(WORDS),
        pick(WORDS),
        pick(KINDS),
        youth ? `U${pick([17, 19, 21, 23])}` : undefined,
      ]
        .filter(Boolean)
        .join(' ');
      rows.set(name, {
        name,
        country: pick(COUNTRIES),
        gender: women ? 'women' : 'men',
        level: youth ? 'youth' : pick(TIERS),
        type: 'league',
      });
    }
    return [...rows.values()];
  }

  it(`every invented league is read from its initials, or named among the candidates (seed ${SAMPLE_SEED})`, () => {
    for (let round = 0; round < 20; round++) {
      const list = inventedList(12);
      for (const league of list) {
        for (const form of shortForms(league).own) {
          const reading = readLeague(form.toUpperCase(), list);
          expect(
            names(reading, league),
            drawn(`${league.name}: "${form}" → ${describeReading(reading)}`),
          ).toBe(true);
        }
      }
    }
  });
});
