/** Adds or removes one value of a multiple choice. */
export const toggled = <T>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
