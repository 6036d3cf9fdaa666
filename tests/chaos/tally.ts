/**
 * Every request the chaos load makes, counted by kind and by answer. An answer is fine when it is a success
 * (2xx, 3xx), a 4xx the caller expects (a rate limit, a refusal while a campaign is signed), or a 503 that says
 * when to come back (Retry-After). Anything else is a failure: a 500, a 503 without Retry-After, a connection
 * reset or refused, no answer in time.
 */
export type Verdict = 'ok' | 'expected 4xx' | '503 Retry-After' | 'failure';

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

export class Tally {
  /** kind → answer label → count */
  readonly counts = new Map<string, Map<string, number>>();
  readonly failures: string[] = [];

  record(kind: string, label: string, verdict: Verdict, detail?: string): void {
    const byLabel = this.counts.get(kind) ?? new Map<string, number>();
    byLabel.set(label, (byLabel.get(label) ?? 0) + 1);
    this.counts.set(kind, byLabel);
    if (verdict === 'failure' && this.failures.length < 50) this.failures.push(`${kind}: ${label} ${detail ?? ''}`);
  }

  /** totals by verdict over every kind, or over one kind of request */
  totals(kind?: string): Record<Verdict, number> {
    const totals: Record<Verdict, number> = { ok: 0, 'expected 4xx': 0, '503 Retry-After': 0, failure: 0 };
    for (const [counted, byLabel] of this.counts)
      if (kind === undefined || counted === kind)
        for (const [label, count] of byLabel) totals[verdictOfLabel(label)] += count;
    return totals;
  }
}

/** The label an answer is counted under: its status, with 503s split by whether they carry Retry-After. */
export function classify(answer: Answer, expected: readonly number[]): { label: string; verdict: Verdict } {
  const { status } = answer;
  if (status >= 200 && status < 400) return { label: `${status}`, verdict: 'ok' };
  if (status === 503) {
    return answer.headers.get('retry-after')
      ? { label: '503 Retry-After', verdict: '503 Retry-After' }
      : { label: '503 no Retry-After!', verdict: 'failure' };
  }
  if (status >= 400 && status < 500 && expected.includes(status))
    return { label: `${status}`, verdict: 'expected 4xx' };
  return { label: `${status}!`, verdict: 'failure' };
}

function verdictOfLabel(label: string): Verdict {
  if (label.endsWith('!')) return 'failure';
  if (label === '503 Retry-After') return '503 Retry-After';
  const status = Number(label);
  if (status >= 200 && status < 400) return 'ok';
  return 'expected 4xx';
}

/** A table of rows (the first row is the header), columns padded to their widest cell. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map(String));
  const widths = cells[0].map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(cells[0]),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n');
}
