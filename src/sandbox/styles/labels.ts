// Statistics by label: a statistics map `{xg: 0.41}` as a list of `{label: "Expected goals (per 90)",
// value: 0.41}` (or `{name, value}`, or `{statistic, label, value}`), and, drawn apart, strengths and
// weaknesses naming their statistic by its label instead of its key.
import { STATS } from '../data/stats.js';
import { isRecord } from '../dialects/dialect.js';
import type { Piece } from './piece.js';

const LABELS = new Map(STATS.map((s) => [s.key, `${s.name} (${s.unit})`]));
const NAMES = new Map(STATS.map((s) => [s.key, s.name]));

type Form = 'label' | 'name' | 'key and label';

function entry(key: string, value: unknown, form: Form): Record<string, unknown> {
  if (form === 'name') return { name: NAMES.get(key) ?? key, value };
  if (form === 'label') return { label: LABELS.get(key) ?? key, value };
  return { statistic: key, label: LABELS.get(key) ?? key, value };
}

function relabel(value: unknown, form: Form, strengths: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => relabel(v, form, strengths));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'statistics' && isRecord(v)) {
      out[key] = Object.entries(v).map(([k, n]) => entry(k, n, form));
    } else if (key === 'query' || key === 'parameters') out[key] = v;
    else if (strengths && (key === 'strengths' || key === 'weaknesses') && Array.isArray(v)) {
      out[key] = v.map((item) => {
        if (!isRecord(item) || typeof item.statistic !== 'string') return item;
        const { statistic, ...rest } = item;
        return { label: LABELS.get(statistic) ?? statistic, ...rest };
      });
    } else out[key] = relabel(v, form, strengths);
  }
  return out;
}

export const labels: Piece = {
  name: 'labels',
  chance: 0.3,
  make(draw) {
    const form = draw.pick<Form>(['label', 'name', 'key and label']);
    const strengths = draw.chance(0.5);
    return {
      describe: `statistics as a list of {${form === 'key and label' ? 'statistic, label' : form}, value}${strengths ? ', strengths and weaknesses by label' : ''}`,
      response: (body) => relabel(body, form, strengths),
    };
  },
};
