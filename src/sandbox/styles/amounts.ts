// Money as an object with its currency (the spec gives no amount's shape): every amount in euros as
// `{amount, currency: "EUR"}`, or scaled with its unit beside it (`{value: 57.35, unit: "M", currency:
// "EUR"}`, `{value: 450, unit: "k", currency: "€"}`), one drawn form for the style; by a draw in
// statistics maps too. The reader must apply the scale and take the currency as the euro's.
import { eachValue } from './fixed.js';
import type { Piece } from './piece.js';

const MONEY = /(^|_)eur$/;

type Form = (n: number) => Record<string, unknown>;

/** `n` divided by `by`, as exact as a decimal of six places writes it. */
const scaled = (n: number, by: number) => Number((n / by).toFixed(6));

const FORMS: Record<string, Form> = {
  'the amount with its currency': (n) => ({ amount: n, currency: 'EUR' }),
  'the amount with a currency code': (n) => ({ value: n, currency_code: 'EUR' }),
  'scaled, its unit and currency beside it': (n) =>
    Math.abs(n) >= 1_000_000
      ? { value: scaled(n, 1_000_000), unit: 'M', currency: 'EUR' }
      : { value: scaled(n, 1000), unit: 'k', currency: 'EUR' },
  'scaled in words, the euro sign beside it': (n) =>
    Math.abs(n) >= 1_000_000
      ? { amount: scaled(n, 1_000_000), scale: 'million', currency: '€' }
      : { amount: scaled(n, 1000), scale: 'thousand', currency: '€' },
};

export const amounts: Piece = {
  name: 'amounts',
  chance: 0.2,
  make(draw) {
    const name = draw.pick(Object.keys(FORMS));
    const form = FORMS[name] as Form;
    const statistics = draw.chance(0.5);
    const shown = (key: string, value: unknown) =>
      MONEY.test(key) && typeof value === 'number' ? form(value) : value;
    return {
      describe: `amounts in euros written as ${name}${statistics ? ', statistics too' : ''}`,
      response: (body, req) => eachValue(body, req.route, shown, statistics),
    };
  },
};
