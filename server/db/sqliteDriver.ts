import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { cooperate } from '../eventLoop';

/**
 * How SQLite runs inside the server without freezing it (issue 16). better-sqlite3 is synchronous, so three things
 * matter:
 * - **Readers never wait for the writer.** Kysely's own SQLite driver has one connection behind a mutex: while a
 *   publish transaction writes 10,000 rows, every other request (even `/api/health`) waits for it. Here a SELECT
 *   outside a transaction runs on a second, read-only connection to the same WAL file, which sees the last
 *   committed state; writes and transactions take the writer connection, one at a time, as before.
 * - **No slice of database work holds the event loop long.** Before each statement, when the current slice of the
 *   event loop has already run longer than a few milliseconds (server/eventLoop.ts), the driver yields (setImmediate) so waiting I/O is served:
 *   long chunked work (a publish's 500-row INSERTs, a signing job's UPDATEs) is cut into short slices without
 *   each caller having to remember to yield.
 * - **Statements are prepared once.** Each connection keeps its prepared statements by SQL text (bounded, least
 *   recently used first out), so a hot lookup such as the public certificate page is not compiled again per call.
 */
const STATEMENT_CACHE_SIZE = 256;

class StatementCache {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly database: BetterSqlite3.Database) {}

  get(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // most recently used last
      this.statements.delete(sql);
    } else {
      statement = this.database.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        this.statements.delete(this.statements.keys().next().value as string);
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }
}

function run(cache: StatementCache, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = cache.get(sql);
  if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const RAW_READ = /^\s*select\b/i;

function isRead(query: CompiledQuery): boolean {
  return SelectQueryNode.is(query.query) || (query.query?.kind === 'RawNode' && RAW_READ.test(query.sql));
}

class WriterMutex {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

/** One lease of the database: it takes the writer only when it writes or begins a transaction. */
class LeasedConnection implements DatabaseConnection {
  holdsWriter = false;
  inTransaction = false;

  constructor(private readonly driver: CooperativeSqliteDriver) {}

  async takeWriter(): Promise<void> {
    if (this.holdsWriter) return;
    await this.driver.mutex.lock();
    this.holdsWriter = true;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction && isRead(query)) {
      await cooperate();
      return run(this.driver.reader, query) as QueryResult<R>;
    }
    await this.takeWriter();
    await cooperate();
    return run(this.driver.writer, query) as QueryResult<R>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used with SQLite');
  }
}

class CooperativeSqliteDriver implements Driver {
  readonly mutex = new WriterMutex();
  readonly writer: StatementCache;
  readonly reader: StatementCache;

  constructor(
    private readonly writerDatabase: BetterSqlite3.Database,
    private readonly readerDatabase: BetterSqlite3.Database,
  ) {
    this.writer = new StatementCache(writerDatabase);
    this.reader = new StatementCache(readerDatabase);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LeasedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as LeasedConnection;
    await lease.executeQuery(CompiledQuery.raw('begin'));
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    (connection as LeasedConnection).inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite ends the transaction itself on some errors (SQLITE_FULL: the disk is full); a ROLLBACK then fails with
    // "no transaction is active", which would hide the error that caused it (found by tests/server/diskFull.test.ts)
    if (this.writerDatabase.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
    (connection as LeasedConnection).inTransaction = false;
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as LeasedConnection;
    lease.inTransaction = false;
    if (lease.holdsWriter) {
      lease.holdsWriter = false;
      this.mutex.unlock();
    }
  }

  async destroy(): Promise<void> {
    this.readerDatabase.close();
    this.writerDatabase.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspection) over a writer and a read-only reader connection. */
export class CooperativeSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writerDatabase: BetterSqlite3.Database,
    private readonly readerDatabase: BetterSqlite3.Database,
  ) {
    super({ database: writerDatabase });
  }

  private driver: CooperativeSqliteDriver | null = null;

  override createDriver(): Driver {
    this.driver = new CooperativeSqliteDriver(this.writerDatabase, this.readerDatabase);
    return this.driver;
  }

  /**
   * A SELECT run at once on the read-only connection, as a lease outside a transaction would run it, without the
   * executor's round of promises (server/db/directReads.ts). The caller yields first when its slice is over.
   */
  readNow(query: CompiledQuery): unknown[] {
    if (!this.driver) throw new Error('the SQLite driver is not created yet');
    if (!isRead(query)) throw new Error(`not a read: ${query.sql}`);
    return this.driver.reader.get(query.sql).all(query.parameters as unknown[]);
  }

  /** `PRAGMA data_version` on the read-only connection (server/db/directReads.ts). */
  dataVersion(): number {
    if (!this.driver) throw new Error('the SQLite driver is not created yet');
    return this.driver.reader.get('pragma data_version').pluck().get() as number;
  }
}
