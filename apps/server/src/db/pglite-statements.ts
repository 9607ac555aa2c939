import type { messages as wire, PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { parse as pgliteParse, protocol } from '@electric-sql/pglite';

/**
 * PGlite's `query()` sends each statement as six messages into its WebAssembly, one call each
 * (parse, describe, bind, describe, execute, sync), and parses and analyses its text every time.
 * Here a repeated statement is parsed once as a named prepared statement; each later run is one
 * call (bind, execute, sync) with the row description kept from the first (decision 0054).
 *
 * Plans are not cached: PGlite starts with `plan_cache_mode=force_custom_plan`
 * (PGLITE_PLAN_CACHE_MODE), so every run is planned for its own values exactly as an unnamed
 * statement was, and no query can end up on a generic plan it was never measured with.
 *
 * What is kept is bounded (MAX_STATEMENTS, least recently used closed first). Only plain
 * statements are kept (SELECT, INSERT, UPDATE, DELETE, WITH); anything else, and any call with
 * options this path does not handle (a blob, parameter types, per-call serializers), goes through
 * PGlite's own `query()`, as does everything on `raw`.
 */

/** Statements kept at most; the app has a few hundred distinct ones. */
export const MAX_STATEMENTS = 500;
/** Given to PGlite at start (PGLITE_START_PARAMS in client.ts): plans as with unnamed statements. */
export const PGLITE_PLAN_CACHE_MODE = 'force_custom_plan';

const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** SQLSTATE 0A000 with this text: a kept statement whose tables changed under it (a migration). */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

interface Field {
  name: string;
  dataTypeID: number;
}
interface Kept {
  name: string;
  paramTypes: number[];
  /** The row's columns from the statement's describe (none for a statement without rows). */
  fields: Field[];
}

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
type Parser = (value: string, type: number) => unknown;
type QueryFn = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** What drizzle's PGlite driver and pg-boss's adapter use of a PGlite instance. */
export interface StatementClient {
  query: QueryFn;
  exec: PGlite['exec'];
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Forgets every kept statement (after migrations: a statement may name a table they changed). */
  forget(): Promise<void>;
  /** How many runs used a kept statement, and how many statements were prepared (tests). */
  stats(): { reused: number; prepared: number; kept: number };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The error PGlite's own query() throws: the database's, with the statement attached. */
function withStatement(err: unknown, text: string, params: unknown[], options: QueryOptions | undefined) {
  if (err && typeof err === 'object' && 'code' in err) Object.assign(err, { query: text, params, queryOptions: options });
  return err;
}

/** PGlite's own locks, which its query() takes (the transaction lock, then the query lock). */
/**
 * The rows as PGlite's parseResults() makes them, with each column's parser looked up once a
 * statement rather than by copying every parser PGlite knows into a new object for each call (it
 * does so whenever a call brings parsers of its own, as drizzle's every call does: a ninth of a
 * fuzzing file's CPU).
 */
function toResults<T>(fields: Field[], messages: Messages, known: Record<number, Parser>, options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const parsers = fields.map((f) => own?.[f.dataTypeID] ?? known[f.dataTypeID]);
  const asArray = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let command: string | undefined;
  let affectedRows = 0;
  let rowCount: number | undefined;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as wire.DataRowMessage).fields.map((value, i) =>
        value === null ? null : parsers[i] ? parsers[i](value, fields[i]!.dataTypeID) : value,
      );
      rows.push(asArray ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])));
    } else if (message.name === 'commandComplete') {
      const parts = (message as wire.CommandCompleteMessage).text.split(' ');
      command = parts[0];
      const count = parseInt(parts[parts.length - 1]!, 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  return { rows, fields, affectedRows, ...(command ? { command } : {}), ...(rowCount === undefined ? {} : { rowCount }) } as Results<T>;
}

/** Statement names are unique in the process, so two caches on one connection never collide. */
let sequence = 0;

const internals = (client: PGlite) =>
  client as PGlite & { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>; _checkReady(): Promise<void> };

export function withStatementCache(client: PGlite, max = MAX_STATEMENTS): StatementClient {
  const kept = new Map<string, Kept>();
  const counts = { reused: 0, prepared: 0 };
  /** Statements evicted and not yet closed: closed at the start of the next preparation. */
  let toClose: string[] = [];
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<Kept> {
    const name = `swapu_${++sequence}`;
    const closing = toClose;
    toClose = [];
    const messages = await send(
      concat([
        ...closing.map((n) => protocol.serialize.close({ type: 'S', name: n })),
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    counts.prepared++;
    const description = messages.find((m) => m.name === 'rowDescription') as wire.RowDescriptionMessage | undefined;
    const statement: Kept = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(messages),
      fields: (description?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    };
    kept.set(text, statement);
    if (kept.size > max) {
      const [oldest, entry] = kept.entries().next().value as [string, Kept];
      kept.delete(oldest);
      toClose.push(entry.name);
    }
    return statement;
  }

  /** One run of a statement on the connection (the caller holds PGlite's locks). */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      kept.delete(text);
      kept.set(text, statement);
      counts.reused++;
    } else statement = await prepare(text);
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = client.serializers[paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    let messages: Messages;
    try {
      messages = await send(
        concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      );
    } catch (err) {
      if (RESULT_TYPE_CHANGED.test(String((err as Error).message))) kept.delete(text);
      throw err;
    }
    return toResults<T>(statement.fields, messages, client.parsers as Record<number, Parser>, options);
  }

  const handled = (text: string, options: QueryOptions | undefined) =>
    CACHEABLE.test(text) && !options?.blob && !options?.paramTypes && !options?.serializers && !options?.onNotice;

  async function runChecked<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await client.runExclusive(() => run<T>(text, params, options));
    } catch (err) {
      throw withStatement(err, text, params, options);
    }
  }

  return {
    query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!handled(text, options)) return client.query<T>(text, params, options);
      await internals(client)._checkReady();
      // As PGlite's query(): not inside another caller's transaction, and synced once done.
      return internals(client)._runExclusiveTransaction(async () => {
        const result = await runChecked<T>(text, params, options);
        await client.syncToFs();
        return result;
      });
    },
    exec: (text, options) => client.exec(text, options),
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({
          ...tx,
          get closed() {
            return tx.closed;
          },
          query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            if (!handled(text, options)) return tx.query<T>(text, params, options);
            return runChecked<T>(text, params, options);
          },
        }),
      ),
    forget: async () => {
      const names = [...toClose, ...[...kept.values()].map((k) => k.name)];
      kept.clear();
      toClose = [];
      if (!names.length) return;
      await client.runExclusive(() =>
        send(concat([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()])),
      );
    },
    stats: () => ({ ...counts, kept: kept.size }),
  };
}
