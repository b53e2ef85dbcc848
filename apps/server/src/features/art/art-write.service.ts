import type { ArtPost, CreateArtPostBody, EditArtPostBody, Locale } from '@chat/shared';
import * as policy from '../../access/art-post.policy';
import type { Viewer } from '../../access/viewer';
import { forbidden, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { UnitTx } from '../../db/unit-of-work';
import type { Platform } from '../../platform/platform';
import type { JobPayloads } from '../jobs/job-queue';
import type { CatalogService } from '../catalog/catalog.service';
import { renderMarkdown } from '../content/markdown';
import { freeSlug } from '../content/free-slug';
import type { ContentSubmissions } from '../my/content-submissions';
import type { Attachments } from '../uploads/attachments.service';
import { recountGroup } from './art-counters';
import { artPostFacts } from './art-facts';
import type { ArtGroupsRepository } from './art-groups.repository';
import {
  ART_POST_LINK,
  type ArtPostsRepository,
  type ArtPostWithAuthor,
} from './art-posts.repository';
import type { ArtReads } from './art-read.service';
import { Once } from '../../lib/once';

/** New posts per author: a burst beyond it is 429, nothing half-stored. */
export const ART_POST_RULE: RateLimitRule = { name: 'art-post', points: 10, durationSeconds: 60 };
/** A post whose title gives no Latin slug (only emoji, say) is `art`, `art-2`… */
const SLUG_FALLBACK = 'art';
type Tx = UnitTx<JobPayloads>;
/** Tries of a publish whose slug another one took at the same moment. */
const SLUG_ATTEMPTS = 3;
/** The upload purpose a post's pictures must have been sent with. */
const ART_PURPOSE = 'art';

/**
 * The art section's post writes: publish, edit, delete. The rules are here, who may is
 * access/art-post.policy.ts, the SQL is in the repositories. Each write is one unit of work:
 * the post, its pictures and their links, moderation's verdict, the group's counter and the
 * domain event commit together or not at all. A client_id makes a publish idempotent: twins on
 * this node wait for the first, twins elsewhere meet the unique constraint and read it back.
 */
export class ArtWriteService {
  private readonly once = new Once();

  constructor(
    private readonly units: Platform['units'],
    private readonly groups: ArtGroupsRepository,
    private readonly posts: ArtPostsRepository,
    private readonly reads: ArtReads,
    private readonly submissions: () => ContentSubmissions,
    private readonly attachments: Attachments,
    private readonly catalog: Pick<CatalogService, 'smileysByTag'>,
    private readonly rateLimits: RateLimits,
  ) {}

  /** The HTML a text gets when stored: the same renderer as the forum's posts. */
  async render(text: string): Promise<string> {
    return renderMarkdown(text, { smileys: await this.catalog.smileysByTag() });
  }

  publish(
    viewer: Viewer,
    locale: Locale,
    groupSlug: string,
    body: CreateArtPostBody,
  ): Promise<{ post: ArtPost; replay: boolean }> {
    return this.once.run(`${viewer.id}:${body.client_id}`, () =>
      this.store(viewer, locale, groupSlug, body),
    );
  }

  private async store(
    viewer: Viewer,
    locale: Locale,
    groupSlug: string,
    body: CreateArtPostBody,
  ): Promise<{ post: ArtPost; replay: boolean }> {
    const authorId = viewer.id!;
    const earlier = await this.posts.byClientId(authorId, body.client_id);
    if (earlier) return { post: await this.reads.postOf(viewer, locale, earlier), replay: true };
    const group = await this.groups.bySlug(groupSlug);
    if (!group) throw notFound();
    if (!policy.canPost(viewer)) throw forbidden();
    const pictures = await this.claim(authorId, body.attachments);
    await this.rateLimits.hit(ART_POST_RULE, String(authorId));
    const html = await this.render(body.text);
    const insert = async (tx: Tx): Promise<number> => {
      const at = nowIso();
      const slug = await freeSlug(tx.db, 'art_posts', body.title, SLUG_FALLBACK);
      const adult = body.adult || (await this.posts.anyAdult(tx.db, pictures));
      const id = await this.posts.insert(tx.db, {
        group_id: group.id,
        author_id: authorId,
        slug,
        title: body.title,
        text: body.text,
        html,
        adult_marked: body.adult ? 1 : 0,
        adult: adult ? 1 : 0,
        client_id: body.client_id,
        created_at: at,
      });
      await this.posts.setPictures(tx.db, id, pictures);
      await this.attachments.link(pictures, ART_POST_LINK, id, tx.db);
      const review = await this.submissions().artWritten(
        tx.db,
        { type: 'art_post', id, ownerId: authorId, at },
        true,
      );
      tx.emit('art.post.stored', {
        postId: id,
        authorId,
        public: policy.isPublic({ ...review, held: review.held ? 1 : 0, deleted_at: null }),
      });
      return id;
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const postId = await this.units.run(insert);
        const row = await this.posts.byId(postId);
        return { post: await this.reads.postOf(viewer, locale, row!), replay: false };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const first = await this.posts.byClientId(authorId, body.client_id);
        if (first) {
          await this.rateLimits.refund(ART_POST_RULE, String(authorId));
          return { post: await this.reads.postOf(viewer, locale, first), replay: true };
        }
        // Not a twin: the slug was taken at the same moment by a write that does not hold the
        // slug lock (freeSlug). The next attempt sees it taken.
        if (attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * The uploads a post may show, in the given order, duplicates dropped: the person's own,
   * complete, sent for the art section (`purpose=art`); anything else is 422 `attachments`.
   */
  private async claim(ownerId: number, ids: readonly number[]): Promise<number[]> {
    const claimed = await this.attachments.claim(ownerId, ids, { publicChat: false });
    const art = await this.posts.purposeOf(claimed.map((a) => a.id));
    if (claimed.length === 0 || claimed.some((a) => art.get(a.id) !== ART_PURPOSE))
      throw invalid({ attachments: ['attachments.invalid'] });
    return claimed.map((a) => a.id);
  }

  async edit(
    viewer: Viewer,
    locale: Locale,
    postId: number,
    body: EditArtPostBody,
  ): Promise<ArtPost> {
    const post = await this.find(viewer, postId);
    if (!policy.can(viewer, 'edit', artPostFacts(post))) throw forbidden();
    // Nothing to change: the post as it is, not edited nor queued again.
    if (Object.values(body).every((v) => v === undefined))
      return this.reads.postOf(viewer, locale, post);
    let pictures: number[] | undefined;
    if (body.attachments !== undefined) {
      if (post.author_id === viewer.id)
        pictures = await this.claim(post.author_id!, body.attachments);
      else {
        // Staff keep or drop a post's pictures, never add another upload of the author's.
        const onPost = new Set(
          ((await this.posts.pictures([post.id])).get(post.id) ?? []).map((a) => a.id),
        );
        pictures = [...new Set(body.attachments)];
        if (pictures.some((id) => !onPost.has(id)))
          throw invalid({ attachments: ['attachments.invalid'] });
      }
    }
    const html = body.text === undefined ? undefined : await this.render(body.text);
    await this.units.run(async (tx) => {
      const at = nowIso();
      const marked = body.adult === undefined ? post.adult_marked === 1 : body.adult;
      const shown =
        pictures ??
        ((await this.posts.pictures([post.id], tx.db)).get(post.id) ?? []).map((a) => a.id);
      const adult = marked || (await this.posts.anyAdult(tx.db, shown));
      await this.posts.edit(tx.db, post.id, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.text !== undefined ? { text: body.text, html: html! } : {}),
        adult_marked: marked ? 1 : 0,
        adult: adult ? 1 : 0,
        edited_at: at,
      });
      if (pictures !== undefined) {
        await this.posts.setPictures(tx.db, post.id, pictures);
        await this.attachments.link(pictures, ART_POST_LINK, post.id, tx.db);
      }
      // What everyone reads changed (words or pictures): moderation looks again.
      const review = await this.submissions().artWritten(
        tx.db,
        { type: 'art_post', id: post.id, ownerId: post.author_id ?? 0, at },
        false,
      );
      tx.emit('art.post.updated', {
        postId: post.id,
        public: policy.isPublic({ ...review, held: review.held ? 1 : 0, deleted_at: null }),
      });
    });
    return this.reads.postOf(viewer, locale, (await this.posts.byId(post.id))!);
  }

  /** Soft deletion: gone from galleries, search and counters; staff's is logged. */
  async remove(viewer: Viewer, postId: number): Promise<void> {
    const post = await this.find(viewer, postId);
    if (!policy.can(viewer, 'delete', artPostFacts(post))) throw forbidden();
    await this.units.run(async (tx) => {
      await this.posts.markDeleted(tx.db, post.id, viewer.id!, nowIso());
      await recountGroup(tx.db, post.group_id);
      tx.emit('art.post.deleted', {
        postId: post.id,
        authorId: post.author_id,
        deletedBy: viewer.id!,
      });
    });
  }

  /** The post, when the viewer may see it (404 otherwise). */
  async find(viewer: Viewer, postId: number): Promise<ArtPostWithAuthor> {
    const post = await this.posts.byId(postId);
    if (!post || !policy.canSee(viewer, artPostFacts(post))) throw notFound();
    return post;
  }
}
