/**
 * The "nothing changed" probe itself: it must watch the tables the schema has, not a list kept
 * by hand, so that a table a later migration adds is watched without anyone remembering to.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { observe, schemaTables, type Observer } from './kit';

const dialects = await testDialects();

describe.each(dialects)('the hostile probe on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { JOB_CONCURRENCY: '0' });
    // As a migration the probe has never heard of would leave it.
    await sql`create table hostile_kit_newcomer (id integer primary key, note varchar(16))`.execute(
      t.database.db,
    );
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  it('watches every table of the schema, those a hand-kept list once missed included', async () => {
    const tables = await schemaTables(t.app);
    for (const table of [
      'attachments',
      'attachment_links',
      'profile_photos',
      'jobs',
      'recent_gifs',
      'user_month_messages',
      'users',
      'sessions',
      'hostile_kit_newcomer',
    ])
      expect(tables).toContain(table);
    // Kysely's own bookkeeping, with its written reason, and nothing else is left out.
    expect(tables).not.toContain('kysely_migration');
    expect(tables).not.toContain('hostile_changes');
  });

  it('sees a write to a table no list names, and nothing when nothing is written', async () => {
    const db = t.database.db;
    expect(
      await obs.changes(() =>
        sql`insert into hostile_kit_newcomer (id, note) values (1, 'a')`.execute(db),
      ),
    ).toEqual(['table hostile_kit_newcomer']);
    // An update that leaves every column as it was is no change.
    expect(
      await obs.changes(() => sql`update hostile_kit_newcomer set note = 'a'`.execute(db)),
    ).toEqual([]);
    expect(
      await obs.changes(() => sql`update hostile_kit_newcomer set note = 'b'`.execute(db)),
    ).toEqual(['table hostile_kit_newcomer']);
  });
});
