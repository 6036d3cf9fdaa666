/** Timestamps are ISO-8601 UTC text in every table. */
export function nowIso(now = new Date()): string {
  return now.toISOString();
}

export function isoAfterSeconds(seconds: number, from = new Date()): string {
  return new Date(from.getTime() + seconds * 1000).toISOString();
}

const DAY_MS = 86_400_000;
let today = { from: 0, until: 0, text: '' };

/** Today's date in UTC (YYYY-MM-DD). Public pages ask at every visit: the text is made once a day. */
export function todayUtc(now = Date.now()): string {
  if (now < today.from || now >= today.until) {
    const from = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
    today = { from, until: from + DAY_MS, text: new Date(from).toISOString().slice(0, 10) };
  }
  return today.text;
}
