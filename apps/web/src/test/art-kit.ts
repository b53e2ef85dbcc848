// Art wire objects for the web tests: pictures, cards, posts and groups with sensible defaults.
import type { ArtGroup, ArtPicture, ArtPost, ArtPostCard, ArtPostPage } from '@chat/shared';
import { makeNick, makePublicUser } from '../../../../packages/shared/src/test/chat-fixtures';
import { makeAttachment } from './uploads-kit';

export const artAuthor = (id: number, nick = `User${id}`) =>
  makePublicUser({ id, slug: `u${id}`, nick: makeNick(nick) });

export const makePicture = (id: number, overrides: Partial<ArtPicture> = {}): ArtPicture =>
  makeAttachment({
    id,
    status: 'complete',
    width: 800,
    height: 600,
    url: `/storage/files/p${id}.webp`,
    thumb_url: `/storage/files/p${id}-thumb.webp`,
    ...overrides,
  });

export function makeArtGroup(overrides: Partial<ArtGroup> = {}): ArtGroup {
  return {
    id: 1,
    slug: 'drawings',
    name: 'Drawings',
    description: 'Pencil and paper',
    position: 1,
    posts_count: 3,
    cover: null,
    can_post: true,
    ...overrides,
  };
}

export function makeArtCard(overrides: Partial<ArtPostCard> & { id: number }): ArtPostCard {
  return {
    slug: `post-${overrides.id}`,
    title: `Post ${overrides.id}`,
    group: { id: 1, slug: 'drawings', name: 'Drawings' },
    author: artAuthor(1, 'Алиса'),
    pictures: [makePicture(overrides.id * 10)],
    adult: false,
    likes_count: 2,
    comments_count: 1,
    liked: false,
    status: 'accepted',
    created_at: '2026-11-28T08:00:00.000Z',
    ...overrides,
  };
}

export function makeArtPost(overrides: Partial<ArtPost> & { id: number }): ArtPost {
  return {
    ...makeArtCard(overrides),
    text: 'About it',
    html: '<p>About it</p>',
    edited_at: null,
    liked_by: [],
    more_by_author: [],
    abilities: {
      like: true,
      comment: true,
      edit: false,
      delete: false,
      complain: true,
      gift: false,
    },
    ...overrides,
  };
}

export const makeArtPostPage = (post: ArtPost): ArtPostPage => ({
  data: post,
  comments: {
    data: [],
    meta: { current_page: 1, last_page: 1, per_page: 30, total: 0 },
  },
});
