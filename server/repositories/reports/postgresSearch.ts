import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Certificate, Database } from '../../db/schema';
import { orderBy, SEARCH_TEXT_SQL, TRIGRAM, type PageOrder } from './reportQueries';

/**
 * The report search on PostgreSQL (issue 16, point 2). pg_trgm's GIN index answers `text like '%word%'` by
 * reading the posting list of every trigram of the word; a trigram that every row has (`doe`, `lea`, `exa` in
 * this bench's names and addresses, `gma`, `com` in real ones) is a list of a million entries, read for each
 * search (≈ 60 ms over 1,000,000 certificates, even for a one-match search). So the index is asked only for the
 * rarest trigrams of the words (`like '%r12%'`: pg_trgm then reads that trigram alone), and the found rows are
 * checked on the whole words (`strpos`, which no index answers). Which trigrams are rare comes from a sample of
 * the search texts kept in memory (5,000 rows read by random ids at the first search, taken again after a few
 * minutes): a wrong guess costs time, never a result, since every row is checked on the whole words.
 *
 * When the words match many rows (or have no rare trigram), the index is not used at all: the page walks the
 * index of its sort order and stops when full, the count stops at its bound (SEARCH_COUNT_AHEAD), each reading
 * about (rows wanted) / (share of rows matching) rows. When fewer rows match than the bound, the rows the rare
 * trigrams found are counted, sorted and paged.
 */

/** About how many rows the sample holds. */
const SAMPLE_ROWS = 5_000;
/** A sample older than this is taken again (in the background: searches meanwhile use the old one). */
const SAMPLE_AGE_MS = 5 * 60_000;
/** At most this many trigrams' sample rows are kept in memory. */
const KEPT_TRIGRAMS = 2_000;
/** At most this many trigrams are asked of the index. */
const MOST_TRIGRAMS = 4;
/** Trigrams in more than this share of the rows are not asked beside the rarest: their posting lists are long. */
const LONG_LIST_SHARE = 0.05;
/** When the sample rows left holding the chosen trigrams are none, trigrams are still added up to this many. */
const MIN_TRIGRAMS = 3;
/**
 * Words whose rarest trigram is in this share of the rows or more, or that this share of the sample matches,
 * are searched by walking the order's index instead (the posting list would be long, or the matches many).
 */
const BROAD_TRIGRAM_SHARE = 0.1;
const BROAD_MATCH_SHARE = 0.05;

interface Sample {
  texts: string[];
  taken: number;
  /** for each trigram asked so far, whether each sample row holds it */
  holders: Map<string, Uint8Array>;
}

const samples = new WeakMap<object, { sample?: Sample; pending?: Promise<Sample> }>();

async function takeSample(db: Kysely<Database>): Promise<Sample> {
  const wanted = SAMPLE_ROWS;
  // rows picked at random by id (pages picked at random would hold neighbouring rows, alike in their numbers)
  const range = await sql<{ low: number | null; high: number | null }>`select min(id) as low, max(id) as high
    from certificates`.execute(db);
  const low = Number(range.rows[0]?.low ?? 0);
  const high = Number(range.rows[0]?.high ?? -1);
  const ids = new Set<number>();
  if (high - low + 1 <= wanted) for (let id = low; id <= high; id++) ids.add(id);
  else while (ids.size < wanted) ids.add(low + Math.floor(Math.random() * (high - low + 1)));
  const result = await sql<{ text: string }>`select ${sql.raw(SEARCH_TEXT_SQL)} as text from certificates
    where id = any(${[...ids]}::integer[])`.execute(db);
  return { texts: result.rows.map((row) => row.text), taken: Date.now(), holders: new Map() };
}

/** The kept sample of search texts of this database, taken now when there is none. */
async function searchSample(db: Kysely<Database>): Promise<Sample> {
  let kept = samples.get(db);
  if (!kept) samples.set(db, (kept = {}));
  const state = kept;
  const refresh = () => {
    state.pending ??= takeSample(db)
      .then((sample) => (state.sample = sample))
      .finally(() => (state.pending = undefined));
    return state.pending;
  };
  if (!state.sample) return refresh();
  if (Date.now() - state.sample.taken > SAMPLE_AGE_MS) refresh().catch(() => {});
  return state.sample;
}

/** The trigrams pg_trgm indexes in a word: three letters or digits in a row (its other characters split words). */
export function wordTrigrams(word: string): string[] {
  const trigrams = new Set<string>();
  for (const run of word.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const characters = [...run];
    for (let i = 0; i + TRIGRAM <= characters.length; i++) trigrams.add(characters.slice(i, i + TRIGRAM).join(''));
  }
  return [...trigrams];
}

export interface PostgresSearchPlan {
  /** the trigrams asked of the GIN index (empty when the words are searched by walking the order's index) */
  trigrams: string[];
  /** whether the page and the count walk the order's index instead of asking the trigram index */
  broad: boolean;
}

/** Which trigrams of the words the index is asked for, or whether to walk instead, from the kept sample. */
export async function postgresSearchPlan(db: Kysely<Database>, words: readonly string[]): Promise<PostgresSearchPlan> {
  const sample = await searchSample(db);
  const size = sample.texts.length;
  const holders = (trigram: string) => {
    let rows = sample.holders.get(trigram);
    if (!rows) {
      // 10 KB a trigram: the kept ones are forgotten past a bound
      if (sample.holders.size >= KEPT_TRIGRAMS) sample.holders.clear();
      rows = new Uint8Array(size);
      sample.texts.forEach((text, i) => (rows![i] = text.includes(trigram) ? 1 : 0));
      sample.holders.set(trigram, rows);
    }
    return rows;
  };
  const scored = [...new Set(words.flatMap(wordTrigrams))]
    .map((trigram) => ({ trigram, rows: holders(trigram), n: holders(trigram).reduce((sum, bit) => sum + bit, 0) }))
    .sort((a, b) => a.n - b.n);
  if (scored.length === 0) return { trigrams: [], broad: true };
  let matches = 0;
  for (const text of sample.texts) if (words.every((word) => text.includes(word))) matches++;
  const broad = size > 0 && (scored[0].n / size >= BROAD_TRIGRAM_SHARE || matches / size >= BROAD_MATCH_SHARE);
  if (broad) return { trigrams: [], broad };
  // the rarest trigram, then each time the one that leaves fewest sample rows holding them all (a posting list of
  // a few percent of the rows costs less than the rows it spares reading), at least MIN_TRIGRAMS when there are
  const chosen = [scored[0]];
  let candidates = [...scored[0].rows.keys()].filter((i) => scored[0].rows[i] === 1);
  while (chosen.length < MOST_TRIGRAMS) {
    let best: { entry: (typeof scored)[number]; left: number[] } | undefined;
    for (const entry of scored) {
      if (chosen.includes(entry) || entry.n > size * LONG_LIST_SHARE) continue;
      const left = candidates.filter((i) => entry.rows[i] === 1);
      if (!best || left.length < best.left.length) best = { entry, left };
    }
    if (!best) break;
    const narrows = best.left.length < candidates.length;
    if (!narrows && (candidates.length > 0 || chosen.length >= MIN_TRIGRAMS)) break;
    chosen.push(best.entry);
    candidates = best.left;
  }
  return { trigrams: chosen.map((entry) => entry.trigram), broad };
}

export interface PostgresSearchRequest {
  /** the report's scope and filters on `certificates` (template, issuer, campaign, statuses, mail, dates, ids) */
  filters: RawBuilder<unknown>;
  words: readonly string[];
  /** a whole certificate key the text is, found beside the words' rows */
  key: string | null;
  order: PageOrder;
  offset: number;
  limit: number;
  /** the count stops past this many rows */
  countLimit: number;
}

/**
 * A page of the certificates whose search text holds every word (or whose key is `key`), and their count up to
 * `countLimit` (`bounded` when more match).
 */
export async function postgresSearchPage(
  db: Kysely<Database>,
  request: PostgresSearchRequest,
): Promise<{ rows: Certificate[]; total: number; bounded: boolean }> {
  const { words, key, order, offset, limit, countLimit } = request;
  const plan = await postgresSearchPlan(db, words);
  const text = sql.raw(SEARCH_TEXT_SQL);
  const holdsWords = sql.join(
    words.map((word) => sql`strpos(${text}, ${word}) > 0`),
    sql` and `,
  );
  const matched = key !== null ? sql`((${holdsWords}) or certificates.key = ${key})` : holdsWords;
  const where = sql`${request.filters} and ${matched}`;
  // the rows the rare trigrams find (a CTE of its own, planned apart: the index is used whatever the filters,
  // and its rows come lazily, so a bounded count stops early)
  const found = () => {
    const likes = sql.join(
      plan.trigrams.map((trigram) => sql`${text} like ${`%${trigram}%`}`),
      sql` and `,
    );
    return sql`with found as materialized (select * from certificates
      where ${key !== null ? sql`(${likes}) or key = ${key}` : likes})`;
  };
  const counted = plan.broad
    ? await sql<{ n: number | string }>`select count(*) as n from (select 1 from certificates where ${where}
        limit ${countLimit + 1}) as counted`.execute(db)
    : await sql<{ n: number | string }>`${found()} select count(*) as n from (select 1 from found as certificates
        where ${where} limit ${countLimit + 1}) as counted`.execute(db);
  const n = Number(counted.rows[0]?.n ?? 0);
  const bounded = n > countLimit;
  const total = Math.min(n, countLimit);
  if (offset >= n) return { rows: [], total, bounded };
  const orderSql = orderBy(db, order, false);
  // many matches: the order's index walked, the page full after about (offset + limit) / (share matching) rows
  const rows =
    plan.broad || bounded
      ? await sql<Certificate>`select * from certificates where ${where} ${orderSql}
          limit ${limit} offset ${offset}`.execute(db)
      : await sql<Certificate>`${found()} select * from found as certificates where ${where} ${orderSql}
          limit ${limit} offset ${offset}`.execute(db);
  return { rows: rows.rows, total, bounded };
}
