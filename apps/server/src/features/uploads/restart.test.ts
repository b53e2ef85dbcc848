import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attachment } from '@chat/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { createPostgresSchema, testDialects } from '../../test/databases';
import { buildUser, json, signedIn } from '../../test/factories';
import { png, upload } from './test/upload-kit';

const dialects = await testDialects();

describe.each(dialects)('uploads across a restart on %s', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'uploads-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes what was accepted before the node stopped: nothing stays in-process', async () => {
    const pg = dialect === 'postgres' ? await createPostgresSchema() : null;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: pg ? pg.url : `sqlite:${join(dataDir, 'chat.sqlite')}`,
      LOG_LEVEL: 'silent',
      ADULT_CLASSIFIER: 'off',
    };
    // A node that accepts uploads but stops before processing them.
    const first = await buildApp(loadConfig({ ...env, JOB_CONCURRENCY: '0' }), {
      database: openDatabase(env.DATABASE_URL),
      webDist: null,
      logger: false,
    });
    const client = await signedIn(first, await buildUser(first));
    const ids: number[] = [];
    for (const side of [7, 9]) {
      const res = await upload(client, await png(side, side));
      expect(res.statusCode).toBe(202);
      ids.push(json<{ data: Attachment }>(res).data.id);
    }
    // Its process dies with a job taken (left `running` under its node id).
    await first.deps.database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_by: first.deps.jobs.nodeId,
        locked_at: new Date().toISOString(),
      })
      .where('id', '=', 1)
      .execute();
    await first.close();
    await first.deps.database.close();

    // The same node starts again (same DATA_DIR, so the same node id) with workers.
    const database = openDatabase(env.DATABASE_URL);
    const second = await buildApp(loadConfig(env), { database, webDist: null, logger: false });
    try {
      const deadline = Date.now() + 15_000;
      const read = async () => ({
        rows: await database.db.selectFrom('attachments').selectAll().orderBy('id').execute(),
        // A job is marked done just after its attachment is finished: wait for both.
        jobs: await database.db.selectFrom('jobs').select('status').execute(),
      });
      let seen = await read();
      while (
        (seen.rows.some((r) => r.status === 'in-process') ||
          seen.jobs.some((j) => j.status !== 'done')) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await read();
      }
      expect(seen.rows.map((r) => r.status)).toEqual(['complete', 'complete']);
      expect(seen.jobs.map((j) => j.status)).toEqual(['done', 'done']);
    } finally {
      await second.close();
      await database.close();
      await pg?.drop();
    }
    // Two nodes start over one fresh database (every migration on PostgreSQL): ~18 s there.
  }, 60_000);
});
