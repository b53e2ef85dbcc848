import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's table types.
export type MigrationDb = Kysely<unknown>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An integer primary key that the database numbers: identity on PostgreSQL, rowid on SQLite. */
export function withId<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** timestamptz on PostgreSQL, ISO text on SQLite (both read back as ISO strings). */
export function timestamp(db: MigrationDb) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
