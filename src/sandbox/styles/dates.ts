// Dates written as people write them (the spec gives no date's format): a drawn form for the style, the
// month as a word in a drawn language ("12 March 2000", "Jun 30, 2027" as football sites give contract
// ends, "12. März 2000", "12 de marzo de 2000", "1er mars 2000") or the year first with slashes
// ("2000/03/12"). Every date of every answer (a birth date, a contract's end, a figure's as-of date),
// never an echo of what the client sent; timestamps are left as they are.
import { eachValue } from './fixed.js';
import type { Piece } from './piece.js';

const EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

type Form = (year: string, month: number, day: number) => string;

const FORMS: Record<string, Form> = {
  'day month year, in English': (y, m, d) => `${d} ${EN[m - 1]} ${y}`,
  'abbreviated month day, year': (y, m, d) => `${EN[m - 1]?.slice(0, 3)} ${d}, ${y}`,
  'day. Monat year, in German': (y, m, d) => `${d}. ${DE[m - 1]} ${y}`,
  'day de mes de year, in Spanish': (y, m, d) => `${d} de ${ES[m - 1]} de ${y}`,
  'day mois year, in French': (y, m, d) => `${d === 1 ? '1er' : d} ${FR[m - 1]} ${y}`,
  'year/mm/dd': (y, m, d) => `${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`,
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const dates: Piece = {
  name: 'dates',
  chance: 0.2,
  make(draw) {
    const name = draw.pick(Object.keys(FORMS));
    const form = FORMS[name] as Form;
    const written = (value: unknown) => {
      const match = typeof value === 'string' ? DATE.exec(value) : null;
      return match ? form(match[1] as string, Number(match[2]), Number(match[3])) : value;
    };
    return {
      describe: `dates written ${name}`,
      response: (body, req) => eachValue(body, req.route, (_key, value) => written(value)),
    };
  },
};
