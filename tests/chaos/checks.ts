import pg from 'pg';
import type { LoadState } from './load';

/** Reads the database with its own short connections (it is restarted under the harness's feet). */
export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The same query, asked again while the database is restarting. */
export async function queryRetrying<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await query<T>(url, text, values);
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Each signed credential's digest, by certificate id: a credential that changes later was signed twice. */
export async function signedSnapshot(url: string): Promise<Map<number, string>> {
  const rows = await queryRetrying<{ id: number; digest: string }>(
    url,
    'select id, md5(credential) as digest from certificates where credential is not null',
  );
  return new Map(rows.map((row) => [row.id, row.digest]));
}

/** Whether some published certificate is still unsigned (its campaign is being signed). */
export async function signingUnderWay(url: string): Promise<boolean> {
  const rows = await queryRetrying<{ n: string }>(
    url,
    `select count(*) as n from certificates c join campaigns p on p.id = c.campaign_id
      where c.credential is null and p.status = 'Started'`,
  );
  return Number(rows[0].n) > 0;
}

/** Where the run stands: what is still to be done before the checks may be read. */
export async function pending(
  url: string,
  state: LoadState,
  mailsByKey: Map<string, number>,
  hooks: Map<string, number>,
) {
  const ids = [...state.campaigns.keys()];
  const notDone = await queryRetrying<{ id: number }>(
    url,
    `select id from campaigns where id = any($1::int[]) and status <> 'Done'`,
    [ids],
  );
  const expected = await expectedMailKeys(url, state);
  const mailsMissing = expected.filter((key) => !mailsByKey.has(key)).length;
  const hooksMissing = ids.filter((id) => !hooks.has(String(id))).length;
  const jobs = await queryRetrying<{ n: string }>(
    url,
    // the next day's expiry sweep (issue 28) always waits, planned for tomorrow: it is not work left over
    `select count(*) as n from pgboss.job where state in ('created', 'retry', 'active') and name <> 'laurel-dead-letters'
      and not (name = 'expiry.sweep' and start_after > now())`,
  );
  return { notDone: notDone.length, mailsMissing, hooksMissing, jobs: Number(jobs[0].n) };
}

/** The certificates that must have been mailed once: those of campaigns mailed at publish or by the send action. */
export async function expectedMailKeys(url: string, state: LoadState): Promise<string[]> {
  const ids = [...state.campaigns].filter(([id, c]) => c.automatedEmailing || state.mailed.has(id)).map(([id]) => id);
  const rows = await queryRetrying<{ key: string }>(
    url,
    'select key from certificates where campaign_id = any($1::int[])',
    [ids],
  );
  return rows.map((row) => row.key);
}

/** Mails at the sink by certificate key (the certificate's address in the text). */
export function mailsByCertificate(messages: { text: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    const keys = new Set([...message.text.matchAll(/\/certificate\/([A-Za-z0-9]{128})/g)].map((match) => match[1]));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface Losses {
  campaignsNotDone: number;
  campaignsMissing: number;
  certificatesShort: number;
  unsigned: number;
  signedTwice: number;
  mailsMissing: number;
  mailsTwice: number;
  mailsUnasked: number;
  webhooksMissing: number;
  webhooksTwice: number;
  ledgerOff: number;
}

/** Everything the run must not have lost or done twice, counted (0 each when all is well), and the ledger's figures. */
export async function losses(
  url: string,
  issuerId: number,
  initialCredits: number,
  state: LoadState,
  snapshots: Map<number, string>[],
  mailsByKey: Map<string, number>,
  hooks: Map<string, number>,
) {
  const ids = [...state.campaigns.keys()];
  const campaigns = await query<{ id: number; status: string; certificates: string; signed: string }>(
    url,
    `select p.id, p.status,
            (select count(*) from certificates c where c.campaign_id = p.id) as certificates,
            (select count(*) from certificates c where c.campaign_id = p.id and c.credential is not null) as signed
       from campaigns p where p.id = any($1::int[])`,
    [ids],
  );
  const found = new Map(campaigns.map((row) => [row.id, row]));
  const final = await signedSnapshot(url);
  let signedTwice = 0;
  for (const snapshot of snapshots) {
    for (const [id, digest] of snapshot) if (final.get(id) !== digest) signedTwice++;
  }
  const expected = await expectedMailKeys(url, state);
  const expectedSet = new Set(expected);
  const [ledger] = await query<{ credits: number; spent: string; added: string; issued: string }>(
    url,
    `select i.credits,
            (select coalesce(-sum(credits), 0) from credit_operations where issuer_id = i.id and credits < 0) as spent,
            (select coalesce(sum(credits), 0) from credit_operations where issuer_id = i.id and credits > 0) as added,
            (select count(*) from certificates where issuer_id = i.id) as issued
       from issuers i where i.id = $1`,
    [issuerId],
  );
  const spent = Number(ledger.spent);
  const issued = Number(ledger.issued);
  const result: Losses = {
    campaignsNotDone: campaigns.filter((row) => row.status !== 'Done').length,
    campaignsMissing: ids.filter((id) => !found.has(id)).length,
    certificatesShort: ids.filter((id) => Number(found.get(id)?.certificates ?? 0) !== state.campaigns.get(id)?.rows)
      .length,
    unsigned: campaigns.reduce((sum, row) => sum + Number(row.certificates) - Number(row.signed), 0),
    signedTwice,
    mailsMissing: expected.filter((key) => !mailsByKey.has(key)).length,
    mailsTwice: [...mailsByKey].filter(([key, count]) => expectedSet.has(key) && count > 1).length,
    mailsUnasked: [...mailsByKey.keys()].filter((key) => !expectedSet.has(key)).length,
    webhooksMissing: ids.filter((id) => !hooks.has(String(id))).length,
    webhooksTwice: [...hooks.values()].filter((count) => count > 1).length,
    ledgerOff:
      (spent === issued ? 0 : 1) +
      (ledger.credits === initialCredits - spent ? 0 : 1) +
      (Number(ledger.added) === initialCredits ? 0 : 1),
  };
  return { losses: result, ledger: { initial: initialCredits, spent, issued, balance: ledger.credits } };
}
