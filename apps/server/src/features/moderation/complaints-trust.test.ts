import type { ComplaintDetail, ComplaintWire, ContentReview, PageMeta } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { complaintOf, file, imMessage, person, photo } from './complaints-test-kit';

const dialects = await testDialects();

/**
 * Issue 19: a complaint is allowed only about what the reporter may see, and hands back no more
 * than they saw (point 6); nobody handles a complaint about themself, complaints about staff go
 * to admins only, and nobody judges their own profile content (point 7).
 */
describe.each(dialects)('whom complaints trust on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await person(t.app, 'admin');
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const setAbout = async (who: Client, about: string, status: string) =>
    db()
      .updateTable('users')
      .set({ about, about_status: status })
      .where('id', '=', who.user.id)
      .execute();
  const list = async (who: Client, tab: 'open' | 'closed' | 'mine') => {
    const all: ComplaintWire[] = [];
    for (let page = 1; ; page += 1) {
      const res = await who.asBrowser({
        method: 'GET',
        url: `/api/complaints?tab=${tab}&page=${page}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = json<{ data: ComplaintWire[]; meta: PageMeta }>(res);
      all.push(...body.data);
      if (page >= body.meta.last_page) return all;
    }
  };

  describe('point 6: only what the reporter may see', () => {
    it('refuses a complaint about a photo refused then resubmitted (updated) or refused', async () => {
      const owner = await person(t.app);
      const reporter = await person(t.app);
      for (const status of ['updated', 'refused']) {
        const hidden = await photo(t.app, owner, status);
        const res = await file(reporter, {
          target_type: 'photo',
          target_id: hidden.id,
          reason: 'adult',
        });
        expect(res.statusCode, `${status}: ${res.body}`).toBe(404);
      }
      const shown = await photo(t.app, owner, 'accepted');
      complaintOf(
        await file(reporter, { target_type: 'photo', target_id: shown.id, reason: 'adult' }),
      );
    });

    it('refuses a complaint about a deleted private message, even from its other party', async () => {
      const author = await person(t.app);
      const other = await person(t.app);
      const message = await imMessage(t.app, author, other);
      await db()
        .updateTable('im_messages')
        .set({ deleted: 1 })
        .where('id', '=', message.id)
        .execute();
      const res = await file(other, {
        target_type: 'im_message',
        target_id: message.id,
        reason: 'insult',
      });
      expect(res.statusCode).toBe(404);
    });

    it('keeps a hidden "about" text out of the reporter\'s evidence, not out of the staff\'s', async () => {
      const owner = await person(t.app);
      const reporter = await person(t.app);
      await setAbout(owner, 'a secret refused then edited text', 'updated');
      const res = await file(reporter, {
        target_type: 'user',
        target_id: owner.user.id,
        reason: 'insult',
      });
      const complaint = complaintOf(res);
      expect(complaint.evidence?.text).toBeNull();
      expect(res.body).not.toContain('a secret refused');
      const mine = (await list(reporter, 'mine')).find((c) => c.id === complaint.id);
      expect(mine?.evidence?.text).toBeNull();
      const staff = json<{ data: ComplaintDetail }>(
        await admin.asBrowser({ method: 'GET', url: `/api/complaints/${complaint.id}` }),
      ).data;
      expect(staff.evidence?.text).toBe('a secret refused then edited text');
    });
  });

  describe('point 7: the accused never handles it', () => {
    it('hides a complaint about a moderator from him and from other moderators; admins handle it', async () => {
      const accused = await person(t.app, 'moderator');
      const colleague = await person(t.app, 'moderator');
      const reporter = await person(t.app);
      const complaint = complaintOf(
        await file(reporter, { target_type: 'user', target_id: accused.user.id, reason: 'insult' }),
      );
      for (const moderator of [accused, colleague]) {
        expect((await list(moderator, 'open')).map((c) => c.id)).not.toContain(complaint.id);
        expect(
          (await moderator.asBrowser({ method: 'GET', url: `/api/complaints/${complaint.id}` }))
            .statusCode,
        ).toBe(404);
        const take = await moderator.asBrowser({
          method: 'POST',
          url: `/api/complaints/${complaint.id}/take`,
        });
        expect(take.statusCode).toBe(404);
        const resolve = await moderator.asBrowser({
          method: 'POST',
          url: `/api/complaints/${complaint.id}/resolve`,
          payload: { status: 'refused' },
        });
        expect(resolve.statusCode).toBe(404);
      }
      // He never learns who reported him.
      const row = await db()
        .selectFrom('complaints')
        .selectAll()
        .where('id', '=', complaint.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('open');
      expect((await list(admin, 'open')).map((c) => c.id)).toContain(complaint.id);
      const detail = json<{ data: ComplaintDetail }>(
        await admin.asBrowser({ method: 'GET', url: `/api/complaints/${complaint.id}` }),
      ).data;
      expect(detail.can).toMatchObject({ take: true, resolve: true });
      expect(
        (await admin.asBrowser({ method: 'POST', url: `/api/complaints/${complaint.id}/take` }))
          .statusCode,
      ).toBe(200);
    });

    it("keeps a moderator's own profile text out of his queue and refuses his decision on it", async () => {
      const moderator = await person(t.app, 'moderator');
      const res = await moderator.asBrowser({
        method: 'PATCH',
        url: '/api/my/profile',
        payload: { about: 'judge me kindly' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const item = await db()
        .selectFrom('content_reviews')
        .selectAll()
        .where('owner_id', '=', moderator.user.id)
        .where('subject_type', '=', 'about')
        .executeTakeFirstOrThrow();
      const queue = async (who: Client) => {
        const all: ContentReview[] = [];
        for (let page = 1; ; page += 1) {
          const body = json<{ data: ContentReview[]; meta: PageMeta }>(
            await who.asBrowser({ method: 'GET', url: `/api/moderation/queue?page=${page}` }),
          );
          all.push(...body.data);
          if (page >= body.meta.last_page) return all;
        }
      };
      expect((await queue(moderator)).map((r) => r.id)).not.toContain(item.id);
      const decide = await moderator.asBrowser({
        method: 'POST',
        url: `/api/moderation/queue/${item.id}`,
        payload: { status: 'accepted' },
      });
      expect(decide.statusCode).toBe(403);
      expect((await queue(admin)).map((r) => r.id)).toContain(item.id);
    });
  });
});
