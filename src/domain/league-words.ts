// A league named the way a scout says it: a country (or its people) and a tier, "Dutch top flight",
// "Belgian second division", "the English fourth tier". Read against the key's own league list, whose
// rows give country and level: nothing here names a league itself.
import { fold } from '../lib/fold.js';

/** Country names as leagues carry them, with the words for their people and other spellings. */
const COUNTRY_WORDS: Readonly<Record<string, readonly string[]>> = {
  England: ['english'],
  Scotland: ['scottish'],
  Wales: ['welsh'],
  Ireland: ['irish'],
  'Northern Ireland': ['northern irish'],
  Spain: ['spanish'],
  Germany: ['german'],
  Italy: ['italian'],
  France: ['french'],
  Portugal: ['portuguese'],
  Netherlands: ['dutch', 'holland', 'the netherlands'],
  Belgium: ['belgian'],
  Switzerland: ['swiss'],
  Austria: ['austrian'],
  Denmark: ['danish'],
  Sweden: ['swedish'],
  Norway: ['norwegian'],
  Finland: ['finnish'],
  Iceland: ['icelandic'],
  Poland: ['polish'],
  'Czech Republic': ['czech', 'czechia'],
  Slovakia: ['slovak', 'slovakian'],
  Slovenia: ['slovenian', 'slovene'],
  Croatia: ['croatian'],
  Serbia: ['serbian'],
  Hungary: ['hungarian'],
  Romania: ['romanian'],
  Bulgaria: ['bulgarian'],
  Greece: ['greek'],
  Turkey: ['turkish', 'turkiye'],
  Cyprus: ['cypriot'],
  Israel: ['israeli'],
  Ukraine: ['ukrainian'],
  Russia: ['russian'],
  USA: ['american', 'united states', 'us'],
  Canada: ['canadian'],
  Mexico: ['mexican'],
  'Costa Rica': ['costa rican'],
  Brazil: ['brazilian'],
  Argentina: ['argentine', 'argentinian'],
  Uruguay: ['uruguayan'],
  Paraguay: ['paraguayan'],
  Chile: ['chilean'],
  Colombia: ['colombian'],
  Peru: ['peruvian'],
  Ecuador: ['ecuadorian'],
  Japan: ['japanese'],
  'South Korea': ['korean', 'south korean', 'korea'],
  China: ['chinese'],
  Australia: ['australian'],
  India: ['indian'],
  Iran: ['iranian'],
  Qatar: ['qatari'],
  'Saudi Arabia': ['saudi'],
  UAE: ['emirati', 'united arab emirates'],
  Thailand: ['thai'],
  Uzbekistan: ['uzbek'],
  Egypt: ['egyptian'],
  Morocco: ['moroccan'],
  Algeria: ['algerian'],
  Tunisia: ['tunisian'],
  Nigeria: ['nigerian'],
  Ghana: ['ghanaian'],
  Senegal: ['senegalese'],
  Cameroon: ['cameroonian'],
  'South Africa': ['south african'],
  Tanzania: ['tanzanian'],
  'DR Congo': ['congolese', 'congo'],
};

/** The countries whose words are known here: a query's country is read against them when rows' are not. */
export const KNOWN_COUNTRIES: readonly string[] = Object.keys(COUNTRY_WORDS);

/** The other words for a country: its people, other spellings. */
export function countryWords(country: string): readonly string[] {
  return COUNTRY_WORDS[country] ?? [];
}

const COUNTRY_FORMS: ReadonlySet<string> = new Set(
  Object.entries(COUNTRY_WORDS).flatMap(([country, words]) => [country, ...words].map((w) => plain(w))),
);

/** Whether `text` is a country's name or the word for its people ("France", "French"), and nothing more. */
export function isCountryWord(text: string): boolean {
  return COUNTRY_FORMS.has(plain(text));
}

const TIER_WORDS: readonly [RegExp, number][] = [
  [/\b(top|first|1st|premier|highest)( flight| tier| division| league| level)?\b|\btop flight\b/, 1],
  [/\b(second|2nd)( tier| division| league| level| flight)?\b/, 2],
  [/\b(third|3rd)( tier| division| league| level)?\b/, 3],
  [/\b(fourth|4th)( tier| division| league| level)?\b/, 4],
];

/** Folded words separated by single spaces: "Belgian second-division" → "belgian second division". */
function plain(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const LEVEL_NUMBER: Readonly<Record<string, number>> = { top: 1, first: 1, second: 2, third: 3, fourth: 4 };

/** A league row's level as a number (1 = top), whether the API writes "top", "second" or 2. */
export function levelNumber(level: string | number | null | undefined): number | undefined {
  if (typeof level === 'number') return level;
  if (!level) return undefined;
  const text = plain(level);
  return LEVEL_NUMBER[text] ?? (/^\d+$/.test(text) ? Number(text) : undefined);
}

/** The country named in `text` (a name, its people, another spelling), the longest words first. */
export function countryIn(text: string, countries: Iterable<string>): string | undefined {
  const words = ` ${plain(text)} `;
  const forms = [...new Set(countries)].flatMap((country) =>
    [country, ...(COUNTRY_WORDS[country] ?? [])].map((form) => [plain(form), country] as const),
  );
  forms.sort((a, b) => b[0].length - a[0].length);
  return forms.find(([form]) => words.includes(` ${form} `))?.[1];
}

export interface LeagueFacts {
  name: string;
  country?: string | null | undefined;
  level?: string | number | null | undefined;
  gender?: string | null | undefined;
}

/**
 * The league a "country + tier" phrase names among `leagues`: exactly one, or undefined (no country or
 * tier in the words, or no single league fits). Men's leagues unless the words say women.
 */
export function leagueByWords<L extends LeagueFacts>(text: string, leagues: readonly L[]): L | undefined {
  const folded = plain(text);
  const country = countryIn(
    text,
    leagues.flatMap((l) => (l.country ? [l.country] : [])),
  );
  const tier = TIER_WORDS.find(([pattern]) => pattern.test(folded))?.[1];
  if (!country || tier === undefined) return undefined;
  const women = /\bwom[ae]n|\bfemin|\bladies\b/.test(folded);
  const fits = leagues.filter(
    (l) =>
      l.country === country &&
      levelNumber(l.level) === tier &&
      (l.gender == null || /^w/i.test(l.gender) === women),
  );
  return fits.length === 1 ? fits[0] : undefined;
}
