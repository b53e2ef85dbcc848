import {
  ART_COMMENTS_PER_PAGE,
  ART_POSTS_PER_PAGE,
  type ArtComment,
  type ArtGalleryPage,
  type ArtGroup,
  type ArtPost,
  type ArtPostCard,
  type ArtPostPage,
  type ArtSort,
  type Locale,
  type PageMeta,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import * as policy from '../../access/art-post.policy';
import { listedTotalOf } from '../../access/forum-post.policy';
import { canSeeTrolls } from '../../access/message.policy';
import { ANONYMOUS, type Viewer } from '../../access/viewer';
import type { ArtCommentRow, ArtGroupRow, ArtPostRow } from '../../db/art-schema';
import type { DB, UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { pageMeta } from '../../lib/paging';
import type { UsersRepository } from '../users/users.repository';
import { artCommentFacts, artPostFacts } from './art-facts';
import type { ArtCommentsRepository } from './art-comments.repository';
import type { ArtGroupsRepository } from './art-groups.repository';
import type { ArtLikesRepository } from './art-likes.repository';
import type { ArtPostsRepository, GalleryFilter } from './art-posts.repository';
import { presentCard, presentComment, presentGroup, presentPost } from './art.presenter';
import type { KeptGalleries } from './kept-galleries';

/** "Who liked it" on a post page, newest first. */
export const ART_LIKERS_SHOWN = 20;
/** The author's other posts under a post. */
export const ART_MORE_BY_AUTHOR = 6;

export interface GalleryQuery {
  sort: ArtSort;
  page: number;
  /** A person's posts (the profile's art tab) instead of a group's or every group's. */
  userId?: number;
}

/** Reading the art section: groups, galleries, a post's page, comment pages. */
export class ArtReads {
  constructor(
    private readonly groups: ArtGroupsRepository,
    private readonly posts: ArtPostsRepository,
    private readonly likes: ArtLikesRepository,
    private readonly comments: ArtCommentsRepository,
    private readonly users: Pick<UsersRepository, 'findMany'>,
    private readonly kept: KeptGalleries,
  ) {}

  /** Each kept page's twin for readers who may post (kept as long as the page is). */
  private readonly postingTwins = new WeakMap<ArtGalleryPage, ArtGalleryPage>();

  async groupList(viewer: Viewer, locale: Locale): Promise<ArtGroup[]> {
    const rows = await this.groups.list();
    const covers = await this.groups.covers(rows.map((g) => g.id));
    return Promise.all(
      rows.map(async (g) =>
        presentGroup(g, locale, {
          postsCount: await this.listedTotal(viewer, g),
          cover: covers.get(g.id) ?? null,
          canPost: policy.canPost(viewer),
        }),
      ),
    );
  }

  /**
   * A gallery page. A group's or every group's lists the same posts for every reader but staff
   * and trolls (who see their own posts where everyone would: they must not notice): that page
   * is kept (kept-galleries.ts) and the reader's likes and right to post are laid over it. A
   * post only its author may see (held, refused) is listed to them in their own gallery
   * (`userId`, the profile's art tab) and on its page, not among everyone's (docs/adr/0007).
   */
  async gallery(
    viewer: Viewer,
    locale: Locale,
    groupSlug: string | null,
    q: GalleryQuery,
  ): Promise<ArtGalleryPage> {
    if (q.userId !== undefined || !policy.listsAsEveryone(viewer))
      return this.built(viewer, locale, groupSlug, q);
    const everyone = await this.kept.page([locale, groupSlug ?? '', q.sort, q.page].join(':'), () =>
      this.built(ANONYMOUS, locale, groupSlug, q),
    );
    return this.asSeenBy(viewer, everyone);
  }

  /**
   * The kept page with the reader's own parts. A reader who liked none of its posts gets a kept
   * object (the page itself, or its twin for those who may post), which the route encodes once.
   */
  private async asSeenBy(viewer: Viewer, page: ArtGalleryPage): Promise<ArtGalleryPage> {
    const canPost = policy.canPost(viewer);
    const liked = await this.likes.likedOf(
      viewer.registered ? viewer.id : null,
      page.data.map((c) => c.id),
    );
    const base = page.group === null || page.group.can_post === canPost ? page : this.posting(page);
    if (liked.size === 0) return base;
    return {
      ...base,
      data: page.data.map((card) => (liked.has(card.id) ? { ...card, liked: true } : card)),
    };
  }

  /** The page as those who may post in its group read it, made once per kept page. */
  private posting(page: ArtGalleryPage): ArtGalleryPage {
    let twin = this.postingTwins.get(page);
    if (!twin) {
      twin = { ...page, group: page.group && { ...page.group, can_post: !page.group.can_post } };
      this.postingTwins.set(page, twin);
    }
    return twin;
  }

  private async built(
    viewer: Viewer,
    locale: Locale,
    groupSlug: string | null,
    q: GalleryQuery,
  ): Promise<ArtGalleryPage> {
    const group = groupSlug === null ? null : ((await this.groups.bySlug(groupSlug)) ?? null);
    if (groupSlug !== null && !group) throw notFound();
    const filter: GalleryFilter = {
      sort: q.sort,
      ...(group ? { groupId: group.id } : {}),
      ...(q.userId !== undefined ? { authorId: q.userId } : {}),
    };
    const offset = (q.page - 1) * ART_POSTS_PER_PAGE;
    // A group's listed total is both the page's total (new, discussed) and the group's count.
    const groupTotal = group ? this.listedTotal(viewer, group) : null;
    const [rows, total, groupWire] = await Promise.all([
      this.posts.page(viewer, filter, ART_POSTS_PER_PAGE, offset),
      groupTotal && filter.sort !== 'top' && filter.authorId === undefined
        ? groupTotal
        : this.total(viewer, filter),
      group && groupTotal ? this.groupOf(viewer, locale, group, groupTotal) : Promise.resolve(null),
    ]);
    return {
      group: groupWire,
      data: await this.cards(viewer, locale, rows),
      meta: pageMeta(q.page, ART_POSTS_PER_PAGE, total),
    };
  }

  private async groupOf(
    viewer: Viewer,
    locale: Locale,
    group: ArtGroupRow,
    postsCount: Promise<number>,
  ): Promise<ArtGroup> {
    const [covers, count] = await Promise.all([this.groups.covers([group.id]), postsCount]);
    return presentGroup(group, locale, {
      postsCount: count,
      cover: covers.get(group.id) ?? null,
      canPost: policy.canPost(viewer),
    });
  }

  /**
   * How many posts the gallery lists: a group's (or every group's) newest or most discussed
   * from the public counters (listedTotalOf, as the forum's pages); `top` (a period) and a
   * person's posts are counted.
   */
  private async total(viewer: Viewer, filter: GalleryFilter): Promise<number> {
    if (filter.sort === 'top' || filter.authorId !== undefined)
      return this.posts.count(viewer, filter);
    const all = await this.groups.list();
    const counter = all.reduce((n, g) => n + g.posts_count, 0);
    return listedTotalOf(viewer, counter, {
      listed: () => this.posts.count(viewer, filter),
      publicByTrollsBut: (but) => this.posts.publicByTrollsBut(null, but),
      hiddenOf: (userId) => this.posts.hiddenOf(null, userId),
    });
  }

  private listedTotal(viewer: Viewer, group: ArtGroupRow): Promise<number> {
    return listedTotalOf(viewer, group.posts_count, {
      listed: () => this.posts.count(viewer, { groupId: group.id, sort: 'new' }),
      publicByTrollsBut: (but) => this.posts.publicByTrollsBut(group.id, but),
      hiddenOf: (userId) => this.posts.hiddenOf(group.id, userId),
    });
  }

  /** Cards of a page of posts: their groups, authors, pictures and the viewer's likes. */
  async cards(viewer: Viewer, locale: Locale, rows: readonly ArtPostRow[]): Promise<ArtPostCard[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [groups, users, pictures, liked] = await Promise.all([
      this.groups.byIds(rows.map((r) => r.group_id)),
      this.usersOf(rows.map((r) => r.author_id)),
      this.posts.pictures(ids),
      this.likes.likedOf(viewer.id, ids),
    ]);
    const parts = { groups: new Map(groups.map((g) => [g.id, g])), users, pictures, liked };
    return rows.map((r) => presentCard(r, locale, parts));
  }

  /** The post's page: the post and its first (or `page`) page of comments. */
  async postPage(viewer: Viewer, locale: Locale, slug: string, page = 1): Promise<ArtPostPage> {
    const row = await this.posts.bySlug(slug);
    if (!row || !policy.canSee(viewer, artPostFacts(row))) throw notFound();
    const [data, comments] = await Promise.all([
      this.postOf(viewer, locale, row),
      this.commentPage(viewer, row, page),
    ]);
    return { data, comments };
  }

  /** One post as the viewer sees it (checked by the caller). */
  async postOf(viewer: Viewer, locale: Locale, row: ArtPostRow, db?: Kysely<DB>): Promise<ArtPost> {
    const [groups, users, pictures, liked, likers, others] = await Promise.all([
      this.groups.byIds([row.group_id]),
      this.usersOf([row.author_id]),
      this.posts.pictures([row.id], db),
      this.likes.likedOf(viewer.id, [row.id]),
      this.likes.likers(row.id, ART_LIKERS_SHOWN),
      row.author_id === null
        ? Promise.resolve([])
        : this.posts.page(
            viewer,
            { authorId: row.author_id, sort: 'new' },
            ART_MORE_BY_AUTHOR + 1,
            0,
          ),
    ]);
    const more = await this.cards(
      viewer,
      locale,
      others.filter((p) => p.id !== row.id).slice(0, ART_MORE_BY_AUTHOR),
    );
    const fresh = (await this.posts.byId(row.id, db)) ?? row;
    return presentPost(fresh, locale, {
      groups: new Map(groups.map((g) => [g.id, g])),
      users,
      pictures,
      liked,
      // A troll's like is counted, but the troll is named only to those who see trolls.
      likers: likers.filter((u) => u.is_troll !== 1 || u.id === viewer.id || canSeeTrolls(viewer)),
      more,
      abilities: policy.abilities(viewer, artPostFacts(fresh)),
    });
  }

  /** A page of the post's comments, oldest first (the post checked by the caller). */
  async commentPage(
    viewer: Viewer,
    post: ArtPostRow,
    page: number,
  ): Promise<{ data: ArtComment[]; meta: PageMeta }> {
    const { rows, total } = await this.comments.page(
      viewer,
      post.id,
      ART_COMMENTS_PER_PAGE,
      (page - 1) * ART_COMMENTS_PER_PAGE,
    );
    const users = await this.usersOf(rows.map((r) => r.author_id));
    return {
      data: rows.map((r) => this.commentFor(viewer, r, users)),
      meta: pageMeta(page, ART_COMMENTS_PER_PAGE, total),
    };
  }

  commentFor(viewer: Viewer, row: ArtCommentRow, users: ReadonlyMap<number, UserRow>): ArtComment {
    const author = row.author_id === null ? undefined : users.get(row.author_id);
    const facts = artCommentFacts({
      ...row,
      author_is_troll: author?.is_troll ?? null,
      author_role: author?.role ?? null,
    });
    return presentComment(row, users, policy.commentAbilities(viewer, facts));
  }

  /** A comment as everyone hears it on the socket (no abilities). */
  async commentForEveryone(row: ArtCommentRow, db?: Kysely<DB>): Promise<ArtComment> {
    return presentComment(row, await this.usersOf([row.author_id], db));
  }

  async usersOf(ids: readonly (number | null)[], db?: Kysely<DB>): Promise<Map<number, UserRow>> {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    if (unique.length === 0) return new Map();
    const rows = db
      ? await db.selectFrom('users').selectAll().where('id', 'in', unique).execute()
      : await this.users.findMany(unique);
    return new Map(rows.map((u) => [u.id, u]));
  }
}
