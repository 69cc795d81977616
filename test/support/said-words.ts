// Test support: what a style's `says` piece (src/sandbox/styles/says.ts) made the API say, checked in an
// answer: the warning every answer of the API carried is passed on as a note wherever the answer shows
// the API's data, and the confirmation of a success envelope never is.
import { SAID_CONFIRMATION, SAID_WARNING } from '../../src/sandbox/styles/says.js';
import type { Finding } from './facts.js';

const NOTE = `The API's answer also said: ${JSON.stringify(SAID_WARNING)}.`;

/**
 * Answers that show nothing the API answered: the quota (from headers), a watchlist changed or listed
 * without a request.
 */
const READS_NO_ANSWER =
  /Requests: none\.|^Daily quota:|No watchlists for this API key|Refreshing every list now costs/m;

/** The findings of an answer of `tool` on a style that took the `says` piece. */
export function saidFindings(tool: string, text: string): Finding[] {
  const findings: Finding[] = [];
  if (text.includes(SAID_CONFIRMATION))
    findings.push({
      kind: 'extra',
      path: `${tool} text`,
      plain: 'no confirmation',
      styled: SAID_CONFIRMATION,
    });
  if (!text.includes(NOTE) && !READS_NO_ANSWER.test(text))
    findings.push({
      kind: 'blank',
      path: `${tool} notes`,
      plain: NOTE,
      styled: 'no such note',
      noted: false,
    });
  return findings;
}
