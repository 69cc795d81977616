import { getEncoding } from 'js-tiktoken';

const encoding = getEncoding('o200k_base');

/** Tokens of a text as a current OpenAI-family tokenizer counts them: a close proxy for any LLM. */
export function countTokens(text: string): number {
  return encoding.encode(text).length;
}
