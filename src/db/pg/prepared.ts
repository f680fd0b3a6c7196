import type { Db } from "../store.ts";

/** What drizzle's bun-sql prepared query keeps of a query once built: its text, placeholders and row mapping. */
type Built = {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  isResponseInArrayMode(): boolean;
  execute(values: Record<string, unknown>): Promise<unknown[]>;
};

/** drizzle's session of a connection (the pool, a transaction's): `prepareQuery` binds a built query to it. */
type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    arrayMode: boolean,
    mapper?: unknown,
  ): Built;
};

/**
 * A read built once on the pool's `db` and run through any connection of the store: the pool itself, or a write's
 * transaction (a new one every commit). drizzle binds a prepared query to one session, so a transaction's copy is
 * the built text and row mapping handed to the transaction's session: nothing is built again (docs/performance.md,
 * Launch day, queries built once). The text and mapping depend on the query alone, never on the connection.
 */
export function preparedOnPool(
  db: Db,
  build: (q: Db) => unknown,
  name: string,
): (q: Db, values: Record<string, unknown>) => Promise<unknown[]> {
  let built: Built | undefined;
  const bound = new WeakMap<Db, Built>();
  return (q, values) => {
    built ??= (build(db) as { prepare(name: string): Built }).prepare(name);
    if (q === db) return built.execute(values);
    let copy = bound.get(q);
    if (!copy) {
      const session = (q as unknown as { _: { session: Session } })._.session;
      copy = session.prepareQuery(
        { sql: built.queryString, params: built.params },
        built.fields,
        name,
        built.isResponseInArrayMode(),
        built.customResultMapper,
      );
      copy.joinsNotNullableMap = built.joinsNotNullableMap;
      bound.set(q, copy);
    }
    return copy.execute(values);
  };
}
