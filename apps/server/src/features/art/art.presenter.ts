import type {
  ArtComment,
  ArtGroup,
  ArtPost,
  ArtPostAbilities,
  ArtPostCard,
  Locale,
  ModerationStatus,
} from '@chat/shared';
import type { ArtCommentRow, ArtGroupRow, ArtPostRow } from '../../db/art-schema';
import type { AttachmentRow, UserRow } from '../../db/schema';
import { presentAttachment } from '../uploads/attachments.presenter';
import { presentPublicUser } from '../users/user.presenter';

/** Rows → the art section's wire shapes (API.md "Art"); a row never leaves the server. */

const status = (s: string) => s as ModerationStatus;
const author = (users: ReadonlyMap<number, UserRow>, id: number | null) => {
  const user = id === null ? undefined : users.get(id);
  return user ? presentPublicUser(user) : null;
};

export const groupName = (g: Pick<ArtGroupRow, 'name_ru' | 'name_en'>, locale: Locale) =>
  locale === 'en' ? g.name_en : g.name_ru;

export function presentGroup(
  row: ArtGroupRow,
  locale: Locale,
  parts: { postsCount: number; cover: AttachmentRow | null; canPost: boolean },
): ArtGroup {
  return {
    id: row.id,
    slug: row.slug,
    name: groupName(row, locale),
    description: locale === 'en' ? row.description_en : row.description_ru,
    position: row.position,
    posts_count: parts.postsCount,
    cover: parts.cover ? presentAttachment(parts.cover) : null,
    can_post: parts.canPost,
  };
}

/** What the cards of a page need beside the rows. */
export interface CardParts {
  groups: ReadonlyMap<number, ArtGroupRow>;
  users: ReadonlyMap<number, UserRow>;
  pictures: ReadonlyMap<number, AttachmentRow[]>;
  liked: ReadonlySet<number>;
}

export function presentCard(row: ArtPostRow, locale: Locale, parts: CardParts): ArtPostCard {
  const group = parts.groups.get(row.group_id);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    group: {
      id: row.group_id,
      slug: group?.slug ?? '',
      name: group ? groupName(group, locale) : '',
    },
    author: author(parts.users, row.author_id),
    pictures: (parts.pictures.get(row.id) ?? []).map(presentAttachment),
    adult: row.adult === 1,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    liked: parts.liked.has(row.id),
    status: status(row.status),
    created_at: row.created_at,
  };
}

export function presentPost(
  row: ArtPostRow,
  locale: Locale,
  parts: CardParts & {
    likers: UserRow[];
    more: ArtPostCard[];
    abilities: ArtPostAbilities;
  },
): ArtPost {
  return {
    ...presentCard(row, locale, parts),
    text: row.text,
    html: row.html,
    edited_at: row.edited_at,
    liked_by: parts.likers.map(presentPublicUser),
    more_by_author: parts.more,
    abilities: parts.abilities,
  };
}

/** A comment; without `abilities` for the socket (one payload for every reader). */
export function presentComment(
  row: ArtCommentRow,
  users: ReadonlyMap<number, UserRow>,
  abilities?: { delete: boolean; complain: boolean },
): ArtComment {
  return {
    id: row.id,
    post_id: row.post_id,
    author: author(users, row.author_id),
    text: row.text,
    html: row.html,
    status: status(row.status),
    created_at: row.created_at,
    edited_at: row.edited_at,
    ...(abilities ? { abilities } : {}),
  };
}
