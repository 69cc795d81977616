import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/canonical.js';
import { generator, SAMPLE_SEED } from '../support/sample.js';

// Cache keys, file names and quota tags are this hash: a change of its text would make every entry
// a store holds unreachable. It must stay the UTF-8 SHA-256 in hex, whatever the characters.
describe('sha256', () => {
  it('is the hex SHA-256 of the UTF-8 text, for any text', () => {
    const random = generator(`${SAMPLE_SEED}:sha256`);
    const pool = ['a', 'é', 'ß', '日', '⚽', '\u{1F600}', '\u0000', '\n', '"', '\uD800', '\uDFFF', ' '];
    const texts = ['', 'fsm-cache:2161b39caf0e:GET /v1/rankings?league=Ligue+1&limit=100'];
    for (let n = 0; n < 200; n++) {
      const length = Math.floor(random() * 40);
      texts.push(Array.from({ length }, () => pool[Math.floor(random() * pool.length)]).join(''));
    }
    for (const text of texts)
      expect(sha256(text), `seed ${SAMPLE_SEED}`).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
