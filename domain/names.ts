/** Names of org units and tags (spec 000 section 5): at most 30 characters, not empty, not another item's. */
export const NAME_MAX_LENGTH = 30;

export type NameError = 'empty' | 'too_long' | 'exists';

export function validateName(
  name: string,
  others: readonly { id: number | string; name: string }[],
  selfId?: number | string,
): NameError | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if ([...trimmed].length > NAME_MAX_LENGTH) return 'too_long';
  const lower = trimmed.toLocaleLowerCase();
  if (others.some((other) => other.id !== selfId && other.name.trim().toLocaleLowerCase() === lower)) return 'exists';
  return null;
}
