import {
  type Compilable,
  CompiledQuery,
  DummyDriver,
  type InferResult,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * The statements of the hot paths (the session check of every signed-in call, the ledger's posting, the provider
 * wallet's launch-session read and its bet and win), written by hand and run as named prepared statements on
 * PostgreSQL: each connection parses and plans them once, not on every call (decision 066). Planning the session
 * check's three-table join cost PostgreSQL about 0.3 ms a call, four times its execution.
 *
 * The text is fixed, so a statement is built once rather than by the query builder per request. The pool
 * (`postgresPool`) sends a registered text under its name; PGlite, in process, runs the same text unnamed.
 * Only fixed texts are registered, so the statements a connection keeps are bounded by this module's callers.
 */
export type PreparedStatement<Row, Params extends readonly unknown[]> = {
  readonly name: string;
  readonly text: string;
  run(db: Db, params: Params): Promise<Row[]>;
};

const nameByText = new Map<string, string>();

export function preparedStatement<Row, Params extends readonly unknown[]>(name: string, text: string): PreparedStatement<Row, Params> {
  for (const [registeredText, registeredName] of nameByText) {
    // One name for one text: node-postgres refuses a name reused for another statement on a connection.
    if (registeredName === name && registeredText !== text) throw new Error(`prepared statement ${name} is registered twice`);
  }
  nameByText.set(text, name);
  return {
    name,
    text,
    async run(db, params) {
      return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...params]))).rows;
    },
  };
}

/** Compiles queries and runs none: the query builder checks a statement against the schema, once. */
const compileOnly = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * A statement written with the query builder (its columns typed against the schema), compiled once at load. The
 * builder's values become $1, $2, … in the order they appear in the text; the caller passes its values in that
 * order (keep such statements to a value or two).
 */
export function preparedQuery<Q extends Compilable<unknown>>(
  name: string,
  build: (db: Kysely<Database>) => Q,
): PreparedStatement<InferResult<Q>[number], readonly unknown[]> {
  return preparedStatement(name, build(compileOnly).compile().sql);
}

/** The name a statement text is prepared under, if it is one of the registered ones. */
export function preparedName(text: string): string | undefined {
  return nameByText.get(text);
}
