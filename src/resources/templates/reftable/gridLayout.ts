export const COLUMN_MIN_WIDTH = 80;
export const COLUMN_DEFAULT_WIDTH = 180;
/** a keyboard step of a column's resize handle */
export const COLUMN_KEY_STEP = 16;

/** A column's width after its handle moved by `delta` pixels; never narrower than the minimum. */
export function resizedWidth(width: number, delta: number): number {
  return Math.max(COLUMN_MIN_WIDTH, Math.round(width + delta));
}
