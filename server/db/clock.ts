/** Timestamps are ISO-8601 UTC text in every table. */
export function nowIso(now = new Date()): string {
  return now.toISOString();
}

export function isoAfterSeconds(seconds: number, from = new Date()): string {
  return new Date(from.getTime() + seconds * 1000).toISOString();
}
