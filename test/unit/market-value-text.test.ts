// The market value line of get_player and scouting_report: each of the value and its range's bounds in one
// of three states. An unread bound is said so, never a dash beside the others; a range the API did not
// give is left out rather than drawn as dashes. Every combination of states is checked.
import { describe, expect, it } from 'vitest';
import { markUnread } from '../../src/api/reader/unread.js';
import { sectionsText } from '../../tools/kit/player-text.js';

type State = 'value' | 'absent' | 'unread';
const STATES: readonly State[] = ['value', 'absent', 'unread'];
const FIELDS = ['value_eur', 'low_eur', 'high_eur'] as const;
const AMOUNT = { value_eur: 18_000_000, low_eur: 12_000_000, high_eur: 24_000_000 };

function section(states: Record<(typeof FIELDS)[number], State>) {
  const out = {
    value_eur: states.value_eur === 'value' ? AMOUNT.value_eur : null,
    low_eur: states.low_eur === 'value' ? AMOUNT.low_eur : null,
    high_eur: states.high_eur === 'value' ? AMOUNT.high_eur : null,
    as_of: '2026-11-23',
  };
  const fields = Object.fromEntries(
    FIELDS.filter((f) => states[f] === 'unread').map((f) => [f, 'name' as const]),
  );
  return Object.keys(fields).length > 0 ? markUnread(out, { kind: 'market value', fields, names: {} }) : out;
}

describe('the market value line', () => {
  for (const value of STATES)
    for (const low of STATES)
      for (const high of STATES) {
        const states = { value_eur: value, low_eur: low, high_eur: high };
        it(`value ${value}, low ${low}, high ${high}`, () => {
          const [text] = sectionsText({ market_value: section(states) });
          const line = text?.split('\n')[1] ?? '';
          const beside = /\((.*)\)$/.exec(line)?.[1] ?? '';
          // Each bound in its own state: an unread one said so, never drawn as the absent one's dash.
          const shownAs = (state: State, amount: string) =>
            state === 'unread' ? 'not read' : state === 'value' ? amount : '–';
          if (low === 'unread' && high === 'unread') expect(beside).toContain('range not read');
          else if (low === 'unread' || high === 'unread')
            expect(beside).toContain(`range ${shownAs(low, '€12m')} to ${shownAs(high, '€24m')}`);
          if (low === 'absent' && high === 'absent') expect(beside).not.toContain('range');
          if (value === 'unread') expect(line).toMatch(/^Value not read/);
          else if (value === 'value') expect(line).toMatch(/^€18m/);
          if (low === 'value') expect(beside).toContain('€12m');
          if (high === 'value') expect(beside).toContain('€24m');
          expect(line).toContain('as of 2026-11-23');
        });
      }
});
