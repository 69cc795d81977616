// Where a named number of a player's sections belongs. The reader takes a statistics record's numbers as
// its statistics when it finds no statistics map under a name it reads (a flat record), so numbers that
// are no statistic (appearances and starts under made-up names, beside a renamed map) come along under
// the API's names. A name is a statistic when the glossary gives it a key; one the glossary cannot rule
// out (not read whole, or a label rather than a key) is one when the scout's statistic words know it.
// Any other name is a field this server cannot place: shown under the API's name with the API's value,
// and said so, never as one of the glossary's statistics.
import { fieldName } from '../../src/api/reader/names.js';
import { isKnownStatistic } from '../../src/domain/position-statistics.js';
import type { GlossaryAsRead } from './statistic-labels.js';

/** Why a name could not be placed: the glossary lists no such key, or could not rule it in or out. */
export type Unplaced = 'not listed' | 'unconfirmed';

/**
 * For a name the glossary's forms did not tie to a key: undefined when it is a statistic all the same (the
 * glossary cannot rule it out and the scout's words know it), else why it cannot be placed.
 */
export function unplacedWhy(glossary: GlossaryAsRead): (name: string) => Unplaced | undefined {
  const whole = glossary.size > 0 && glossary.gap === undefined;
  return (name) => {
    // A key the glossary read whole does not hold. A label it did not tie is not ruled out: its entries'
    // names or units may be unread (an entry's unit under a name nothing reads leaves "Goals (per 90)" untied).
    if (whole && fieldName(name) === name) return 'not listed';
    // The scout's words are written as keys: a label is asked in its key form too ("Progressive carries").
    return isKnownStatistic(name) || isKnownStatistic(fieldName(name)) ? undefined : 'unconfirmed';
  };
}

/** The note naming the fields of `section` that could not be placed, and why, in one line. */
export function unplacedNote(section: string, why: ReadonlyMap<string, Unplaced>): string[] {
  if (why.size === 0) return [];
  const names = [...why.keys()];
  const shown = names
    .slice(0, 4)
    .map((n) => `"${n}"`)
    .join(', ');
  const more = names.length > 4 ? ` and ${names.length - 4} more` : '';
  const reason = [...why.values()].every((w) => w === 'not listed')
    ? 'the glossary lists no statistic by these names'
    : 'the glossary, as read, ties them to no statistic';
  return [
    `Fields of ${section} this server could not place, shown apart under the API's names with its values: ${shown}${more} (${reason}).`,
  ];
}
