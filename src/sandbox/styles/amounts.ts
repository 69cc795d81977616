// Money with its currency and scale (the spec gives no amount's shape): every amount in euros as an
// object, `{amount, currency: "EUR"}`, or scaled with its unit beside it (`{value: 57.35, unit: "M",
// currency: "EUR"}`, `{value: 450, unit: "k", currency: "€"}`), by a draw in statistics maps too; or with
// its words as fields of the row (`market_value: 57.35, market_value_currency: "EUR",
// market_value_numeral: "m"`; one `currency` and `unit` for a whole record), or in cents under a name
// saying so. One drawn form for the style. The reader must apply the scale and take the currency as the
// euro's.
import { eachObject, eachValue } from './fixed.js';
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

type RowForm = (obj: Record<string, unknown>, money: readonly string[]) => Record<string, unknown>;

/** The amount's name without its currency: `market_value` for `market_value_eur`. */
const stem = (key: string) => key.replace(MONEY, '');

/** Millions when every amount of the object reaches one, else thousands: one scale for the whole row. */
const rowScale = (values: readonly number[]) =>
  values.every((n) => Math.abs(n) >= 1_000_000 || n === 0)
    ? { by: 1_000_000, word: 'M', numeral: 'm' }
    : { by: 1000, word: 'k', numeral: 'k' };

const ROW_FORMS: Record<string, RowForm> = {
  'fields of their own beside each amount, its currency and numeral': (obj, money) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      if (!money.includes(key)) out[key] = value;
      else {
        const { by, numeral } = rowScale([value as number]);
        Object.assign(out, {
          [stem(key)]: scaled(value as number, by),
          [`${stem(key)}_currency`]: 'EUR',
          [`${stem(key)}_numeral`]: numeral,
        });
      }
    }
    return out;
  },
  'one currency and unit for the whole record': (obj, money) => {
    const { by, word } = rowScale(money.map((k) => obj[k] as number));
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj))
      if (money.includes(key)) out[stem(key)] = scaled(value as number, by);
      else out[key] = value;
    return { ...out, currency: 'EUR', unit: word };
  },
  'in cents under a name saying so': (obj, money) =>
    Object.fromEntries(
      Object.entries(obj).map(([key, value]) =>
        money.includes(key) ? [`${stem(key)}_cents`, Math.round((value as number) * 100)] : [key, value],
      ),
    ),
};

/** Amounts of an object the row forms rewrite: numbers, in an object that says no unit of its own. */
function moneyOf(obj: Record<string, unknown>): string[] {
  if ('unit' in obj || (obj.currency !== undefined && obj.currency !== 'EUR')) return [];
  return Object.keys(obj).filter((k) => MONEY.test(k) && typeof obj[k] === 'number');
}

export const amounts: Piece = {
  name: 'amounts',
  chance: 0.2,
  make(draw) {
    const name = draw.pick([...Object.keys(FORMS), ...Object.keys(ROW_FORMS)]);
    const rowForm = ROW_FORMS[name];
    if (rowForm)
      return {
        describe: `amounts in euros written as ${name}`,
        response: (body, req) =>
          eachObject(body, req.route, (obj) => {
            const money = moneyOf(obj);
            return money.length > 0 ? rowForm(obj, money) : obj;
          }),
      };
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
