import { randomBytes } from 'node:crypto';
import { DEFAULT_CHAT_SETTINGS, nickKey, type SmileyDictionary } from '@chat/shared';
import type { Transaction } from 'kysely';
import { hashPassword } from '../../lib/passwords';
import { nickSkeleton } from '../../lib/nick-skeleton';
import type { Database } from '../database';
import type { DB } from '../schema';
import { DEMO_SMILEY_GROUPS } from './demo-content';
import { DEMO_FORUM, DEMO_FORUM_PEOPLE } from './demo-forum';
import { seedOnce } from './seed-once';

const SEEDED_KEY = 'demo_forum_seeded_at';
/** The demo posts are spread over the last days, one an hour, the newest last. */
const HOUR = 60 * 60 * 1000;

/**
 * How forum content is made (features/content: Markdown to safe HTML, slugs), handed in by
 * main.ts: the seed imports no feature.
 */
export interface ForumContentTools {
  render(text: string, smileys: SmileyDictionary): string;
  slug(title: string): string;
}

/**
 * The demo forum (issue 21): its categories, threads and posts by a few demo people, accepted
 * and counted. Once per site (seedOnce); a category already there by its slug is left alone.
 */
export async function seedDemoForum(
  database: Database,
  at: string,
  tools: ForumContentTools,
): Promise<boolean> {
  const password = await hashPassword(randomBytes(18).toString('base64url'));
  return seedOnce(database, SEEDED_KEY, at, async (trx) => {
    const people = await demoPeople(trx, password, at, tools);
    const smileys = new Map(
      DEMO_SMILEY_GROUPS.flatMap((g) => g.smileys).map((tag) => [
        tag,
        { file: `/assets/static/smileys/${tag}.svg` },
      ]),
    );
    const total = DEMO_FORUM.reduce(
      (n, c) => n + c.threads.reduce((m, t) => m + t.posts.length, 0),
      0,
    );
    let clock = Date.parse(at) - total * HOUR;
    for (const [position, c] of DEMO_FORUM.entries()) {
      const exists = await trx
        .selectFrom('forum_categories')
        .select('id')
        .where('slug', '=', c.slug)
        .executeTakeFirst();
      if (exists) continue;
      const { threads, ...columns } = c;
      const category = await trx
        .insertInto('forum_categories')
        .values({ ...columns, position: position + 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      let lastPostId: number | null = null;
      let postsCount = 0;
      for (const th of threads) {
        const started = new Date(clock).toISOString();
        const thread = await trx
          .insertInto('forum_threads')
          .values({
            category_id: category.id,
            slug: await freeSlug(trx, tools.slug(th.subject) || 'thread'),
            subject: th.subject,
            author_id: people[th.posts[0]![0]]!,
            last_posted_at: started,
            status: 'accepted',
            client_id: null,
            created_at: started,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let first: number | null = null;
        let last: number | null = null;
        for (const [i, [who, text]] of th.posts.entries()) {
          const written = new Date(clock).toISOString();
          clock += HOUR;
          const post = await trx
            .insertInto('forum_posts')
            .values({
              thread_id: thread.id,
              number: i + 1,
              author_id: people[who]!,
              text,
              html: tools.render(text, smileys),
              reply_to_id: null,
              status: 'accepted',
              client_id: null,
              created_at: written,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          first ??= post.id;
          last = post.id;
          await trx
            .updateTable('forum_threads')
            .set({ last_posted_at: written })
            .where('id', '=', thread.id)
            .execute();
        }
        await trx
          .updateTable('forum_threads')
          .set({ first_post_id: first, last_post_id: last, posts_count: th.posts.length })
          .where('id', '=', thread.id)
          .execute();
        lastPostId = last;
        postsCount += th.posts.length;
      }
      await trx
        .updateTable('forum_categories')
        .set({ threads_count: threads.length, posts_count: postsCount, last_post_id: lastPostId })
        .where('id', '=', category.id)
        .execute();
    }
  });
}

async function freeSlug(trx: Transaction<DB>, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await trx
      .selectFrom('forum_threads')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!taken) return slug;
  }
}

/** The demo people's ids, made when missing (they sign in with nobody's password). */
export async function demoPeople(
  trx: Transaction<DB>,
  passwordHash: string,
  at: string,
  tools: ForumContentTools,
) {
  const ids: number[] = [];
  for (const person of DEMO_FORUM_PEOPLE) {
    const key = nickKey(person.nick);
    const found = await trx
      .selectFrom('users')
      .select('id')
      .where('nick_key', '=', key)
      .executeTakeFirst();
    if (found) {
      ids.push(found.id);
      continue;
    }
    const { id } = await trx
      .insertInto('users')
      .values({
        slug: `demo-${tools.slug(person.nick) || 'person'}`,
        nick: person.nick,
        nick_key: key,
        nick_skeleton: nickSkeleton(person.nick),
        password_hash: passwordHash,
        email: null,
        phone: null,
        gender: person.gender,
        birthdate: null,
        role: 'user',
        settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
        nick_style: '{}',
        avatar: null,
        frame: null,
        created_at: at,
        active_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}
