import { randomBytes } from 'node:crypto';
import type { SmileyDictionary } from '@chat/shared';
import type { Transaction } from 'kysely';
import { hashPassword } from '../../lib/passwords';
import type { Database } from '../database';
import type { DB } from '../schema';
import { drawDemoPicture, type DemoPicture } from './art-pictures';
import { DEMO_ART_GROUPS, DEMO_ART_POSTS } from './demo-art';
import { DEMO_SMILEY_GROUPS } from './demo-content';
import { demoPeople } from './seed-forum';
import { seedOnce } from './seed-once';

const SEEDED_KEY = 'demo_art_seeded_at';
const HOUR = 60 * 60 * 1000;

/** A picture processed and stored as an upload is (thumbnail, size, proportions). */
export interface StoredPicture {
  mime: string;
  width: number;
  height: number;
  size: number;
  file_key: string;
  thumb_key: string;
}

/**
 * How the demo art section is made (main.ts hands them in; the seed imports no feature): the
 * Markdown renderer and slug maker of the forum, and the upload pipeline's processing and
 * storage for the pictures drawn here.
 */
export interface ArtContentTools {
  render(text: string, smileys: SmileyDictionary): string;
  slug(title: string): string;
  storePicture(file: Buffer): Promise<StoredPicture>;
}

/**
 * The demo art section (issue 22): its groups and a few accepted posts of pictures drawn now,
 * with likes and comments, counted. Once per site (seedOnce); a group already there by its
 * slug is left alone. The pictures are drawn and stored before the transaction (a second node
 * starting at once may leave a few unused files, never a second post).
 */
export async function seedDemoArt(
  database: Database,
  at: string,
  tools: ArtContentTools,
): Promise<boolean> {
  const done = await database.db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (done) return false;
  const stored = await Promise.all(
    DEMO_ART_POSTS.map((post) => Promise.all(post.pictures.map((p) => store(tools, p)))),
  );
  const password = await hashPassword(randomBytes(18).toString('base64url'));
  const smileys = new Map(
    DEMO_SMILEY_GROUPS.flatMap((g) => g.smileys).map((tag) => [
      tag,
      { file: `/assets/static/smileys/${tag}.svg` },
    ]),
  );
  return seedOnce(database, SEEDED_KEY, at, async (trx) => {
    const people = await demoPeople(trx, password, at, tools);
    const groups = new Map<string, number>();
    for (const [position, g] of DEMO_ART_GROUPS.entries()) {
      const exists = await trx
        .selectFrom('art_groups')
        .select('id')
        .where('slug', '=', g.slug)
        .executeTakeFirst();
      if (exists) continue;
      const { id } = await trx
        .insertInto('art_groups')
        .values({ ...g, position: position + 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      groups.set(g.slug, id);
    }
    let clock = Date.parse(at) - DEMO_ART_POSTS.length * HOUR;
    for (const [i, post] of DEMO_ART_POSTS.entries()) {
      const groupId = groups.get(post.group);
      clock += HOUR;
      if (groupId === undefined) continue;
      const written = new Date(clock).toISOString();
      const authorId = people[post.author]!;
      const attachmentIds: number[] = [];
      for (const picture of stored[i]!) {
        const { id } = await trx
          .insertInto('attachments')
          .values({
            user_id: authorId,
            purpose: 'art',
            status: 'complete',
            ...picture,
            adult: 0,
            adult_marked: 0,
            original_key: null,
            error: null,
            created_at: written,
            updated_at: written,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        attachmentIds.push(id);
      }
      const { id: postId } = await trx
        .insertInto('art_posts')
        .values({
          group_id: groupId,
          author_id: authorId,
          slug: await freeSlug(trx, tools.slug(post.title) || 'art'),
          title: post.title,
          text: post.text,
          html: tools.render(post.text, smileys),
          status: 'accepted',
          likes_count: post.likes.length,
          comments_count: post.comments.length,
          client_id: null,
          created_at: written,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('art_post_pictures')
        .values(
          attachmentIds.map((attachment_id, position) => ({
            post_id: postId,
            attachment_id,
            position,
          })),
        )
        .execute();
      await trx
        .insertInto('attachment_links')
        .values(
          attachmentIds.map((attachment_id) => ({
            attachment_id,
            kind: 'art_post',
            ref_id: postId,
            created_at: written,
          })),
        )
        .execute();
      if (post.likes.length > 0)
        await trx
          .insertInto('art_likes')
          .values(
            post.likes.map((who) => ({
              post_id: postId,
              user_id: people[who]!,
              created_at: written,
            })),
          )
          .execute();
      for (const [who, text] of post.comments)
        await trx
          .insertInto('art_comments')
          .values({
            post_id: postId,
            author_id: people[who]!,
            text,
            html: tools.render(text, smileys),
            status: 'accepted',
            client_id: null,
            created_at: written,
          })
          .execute();
    }
    for (const [slug, id] of groups)
      await trx
        .updateTable('art_groups')
        .set({
          posts_count: DEMO_ART_POSTS.filter((p) => p.group === slug).length,
        })
        .where('id', '=', id)
        .execute();
  });
}

async function store(tools: ArtContentTools, picture: DemoPicture): Promise<StoredPicture> {
  return tools.storePicture(await drawDemoPicture(picture));
}

async function freeSlug(trx: Transaction<DB>, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await trx
      .selectFrom('art_posts')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!taken) return slug;
  }
}
