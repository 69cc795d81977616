/** Whether `record`'s own keys are `keys`, in that order (rows of one page share them: cheap to ask). */
export function sameKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in record) if (keys[i++] !== key) return false;
  return i === keys.length;
}
