import { chatMessageAbilities } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import * as artPost from './art-post.policy';
import * as attachment from './attachment.policy';
import * as complaint from './complaint.policy';
import * as contentReview from './content-review.policy';
import * as forumPost from './forum-post.policy';
import * as gift from './gift.policy';
import * as message from './message.policy';
import * as notification from './notification.policy';
import * as privateChannel from './private-channel.policy';
import * as profileContent from './profile-content.policy';
import * as quote from './quote.policy';
import { reachBlock } from './reach.policy';
import * as room from './room.policy';
import * as video from './video.policy';
import { ANONYMOUS, viewerOf, type Viewer } from './viewer';

// Every kind of thing × every kind of viewer. The thing belongs to AUTHOR (a user) and sits
// where MEMBER is; OTHER_ID stands for someone else. "ignored": someone the thing's owner ignores
// (only private messages care); "troll": marked, otherwise a user; "banned": a user under a ban
// (the session plugin refuses their writes before any policy is asked).
const AUTHOR = 10;
const FUTURE = '2999-01-01T00:00:00.000Z';
const viewers = {
  guest: viewerOf({ id: 1, role: 'guest' }),
  user: viewerOf({ id: 2, role: 'user' }),
  member: viewerOf({ id: 3, role: 'user' }),
  author: viewerOf({ id: AUTHOR, role: 'user' }),
  moderator: viewerOf({ id: 4, role: 'moderator' }),
  admin: viewerOf({ id: 5, role: 'admin' }),
  banned: viewerOf({ id: 6, role: 'user', ban_until: FUTURE }),
  ignored: viewerOf({ id: 7, role: 'user' }),
  troll: viewerOf({ id: 8, role: 'user', is_troll: 1 }),
} satisfies Record<string, Viewer>;
type Kind = keyof typeof viewers;
const KINDS = Object.keys(viewers) as Kind[];

/** Who is a member of the room the thing is in, and who the author ignores. */
const MEMBERS = new Set<Kind>(['member', 'author', 'troll', 'banned', 'ignored']);
const member = (kind: Kind) => MEMBERS.has(kind);

const privateRoom = { is_public: 0, owner_id: AUTHOR };
const publicRoom = { is_public: 1, owner_id: AUTHOR };
/** Posted a moment ago: its author may still edit it. */
const POSTED = new Date().toISOString();
const msg = {
  user_id: AUTHOR,
  deleted_at: null,
  type_id: 1,
  created_at: POSTED,
  author: { role: 'user' },
};
const quoted = (o: { troll?: boolean; deleted?: boolean } = {}) => ({
  user_id: AUTHOR,
  room_id: 1,
  deleted_at: o.deleted ? POSTED : null,
  author_is_troll: o.troll === true,
});
const msgOf = (role: string) => ({ ...msg, author: { role } });
/** Someone else than every viewer of the table, by role. */
const OTHER_ID = 99;
const channel = { user_low_id: 3, user_high_id: AUTHOR };
/** A gift AUTHOR received from the user viewer (id 2). */
const present = { recipient_id: AUTHOR, sender_id: 2, private: 0, anonymous: 0, hidden: 0 };
/** A live forum thread and its second post, both by AUTHOR. */
const thread = {
  author_id: AUTHOR,
  authorRole: 'user',
  status: 'new',
  held: 0,
  locked: 0,
  deleted_at: null,
};
const post = {
  author_id: AUTHOR,
  authorRole: 'user',
  status: 'new',
  held: 0,
  deleted_at: null,
  created_at: POSTED,
  number: 2,
};
/** A live art post by AUTHOR, and AUTHOR's comment. */
const art = { author_id: AUTHOR, authorRole: 'user', status: 'new', held: 0, deleted_at: null };
const artComment = { author_id: AUTHOR, authorRole: 'user', status: 'new', deleted_at: null };
const placeOf = (kind: Kind, r: { is_public: number } = privateRoom) => ({
  room: r,
  member: member(kind),
});

/** Each row: the expected answers in the order of KINDS. */
type Row = [string, (kind: Kind, v: Viewer) => boolean, Record<Kind, boolean>];
const row = (
  g: number,
  u: number,
  m: number,
  a: number,
  mod: number,
  adm: number,
  b: number,
  i: number,
  t: number,
): Record<Kind, boolean> => ({
  guest: !!g,
  user: !!u,
  member: !!m,
  author: !!a,
  moderator: !!mod,
  admin: !!adm,
  banned: !!b,
  ignored: !!i,
  troll: !!t,
});

const table: Row[] = [
  // ---- room
  [
    'room: see a private room',
    (k, v) => room.canSee(v, privateRoom, { member: member(k), invited: false }),
    row(0, 0, 1, 1, 0, 1, 1, 1, 1),
  ],
  [
    'room: see a public room',
    (k, v) => room.canSee(v, publicRoom, { member: member(k), invited: false }),
    row(1, 1, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    'room: subscribe to its presence',
    (k, v) => room.maySubscribe(v, { member: member(k) }),
    row(0, 0, 1, 1, 0, 0, 0, 1, 1),
  ],
  [
    'room: enter a private room uninvited',
    (_k, v) => room.can(v, 'enter', privateRoom),
    row(0, 0, 0, 1, 0, 1, 0, 0, 0),
  ],
  ['room: update', (_k, v) => room.can(v, 'update', privateRoom), row(0, 0, 0, 1, 0, 1, 0, 0, 0)],
  ['room: invite', (_k, v) => room.can(v, 'invite', privateRoom), row(0, 0, 0, 1, 0, 1, 0, 0, 0)],
  ['room: create', (_k, v) => room.can(v, 'create'), row(0, 1, 1, 1, 1, 1, 1, 1, 1)],
  ['room: go invisible', (_k, v) => room.can(v, 'go_invisible'), row(0, 0, 0, 0, 1, 1, 0, 0, 0)],
  [
    'room: see an invisible member',
    (_k, v) => room.canSeeMember(v, { user_id: AUTHOR, invisible: 1 }),
    row(0, 0, 0, 1, 0, 1, 0, 0, 0),
  ],
  // ---- message (of a private room)
  ['message: see', (k, v) => message.canSee(v, msg, placeOf(k)), row(0, 0, 1, 1, 0, 0, 1, 1, 1)],
  [
    'message: see in a public room',
    (k, v) => message.canSee(v, msg, placeOf(k, publicRoom)),
    row(1, 1, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    'message: find before a 403',
    (k, v) => message.canFind(v, placeOf(k)),
    row(0, 0, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    'message: delete for everyone',
    (k, v) => message.can(v, 'delete_for_everyone', msg, placeOf(k)),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    "message: delete an admin's message for everyone (rank, issue 19 point 8)",
    (k, v) => message.can(v, 'delete_for_everyone', msgOf('admin'), placeOf(k)),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  [
    "message: delete a moderator's message for everyone",
    (k, v) => message.can(v, 'delete_for_everyone', msgOf('moderator'), placeOf(k)),
    row(0, 0, 0, 1, 0, 1, 0, 0, 0),
  ],
  [
    "message: delete for everyone, the author's role unknown",
    (k, v) =>
      message.can(v, 'delete_for_everyone', { user_id: AUTHOR, deleted_at: null }, placeOf(k)),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  ['message: see trolls', (_k, v) => message.canSeeTrolls(v), row(0, 0, 0, 0, 1, 1, 0, 0, 0)],
  [
    'message: delete for me',
    (k, v) => message.can(v, 'hide', msg, placeOf(k)),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'message: react',
    (k, v) => message.can(v, 'react', msg, placeOf(k)),
    row(0, 0, 1, 1, 0, 0, 1, 1, 1),
  ],
  [
    'message: quote',
    (k, v) => message.can(v, 'quote', msg, placeOf(k)),
    row(0, 0, 1, 1, 0, 0, 1, 1, 1),
  ],
  [
    'message: reply',
    (k, v) => message.can(v, 'reply', msg, placeOf(k)),
    row(0, 0, 1, 1, 0, 0, 1, 1, 1),
  ],
  [
    "message: reply to a troll's message (the troll alone: an answer would show it)",
    (k, v) =>
      message.can(v, 'reply', { ...msg, author: { role: 'user', is_troll: 1 } }, placeOf(k)),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  [
    'message: reply to a deleted message',
    (k, v) => message.can(v, 'reply', { ...msg, deleted_at: POSTED }, placeOf(k)),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  [
    'message: edit within the window',
    (k, v) => message.can(v, 'edit', msg, placeOf(k)),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  [
    'message: edit after the window',
    (k, v) =>
      message.can(v, 'edit', { ...msg, created_at: '2020-01-01T00:00:00.000Z' }, placeOf(k)),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  [
    'message: read the edit history (a public room)',
    (k, v) => message.canReadEdits(v, placeOf(k, publicRoom)),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'message: read the edit history of a private room staff are not in',
    (k, v) => message.canReadEdits(v, placeOf(k)),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  [
    'message: see the quote of a message in a reply',
    (_k, v) => message.canSeeQuoted(v, quoted(), { room_id: 1 }, message.canSeeTrolls(v)),
    row(1, 1, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    "message: see the quote of a troll's message in a reply",
    (_k, v) =>
      message.canSeeQuoted(v, quoted({ troll: true }), { room_id: 1 }, message.canSeeTrolls(v)),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'message: see the quote of a deleted message, or of another room',
    (_k, v) =>
      message.canSeeQuoted(v, quoted({ deleted: true }), { room_id: 1 }, true) ||
      message.canSeeQuoted(v, quoted(), { room_id: 2 }, true),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  // ---- private channel between AUTHOR and MEMBER's id
  [
    'private channel: see',
    (_k, v) => privateChannel.canSee(v, { user_low_id: 3, user_high_id: AUTHOR }),
    row(0, 0, 1, 1, 0, 0, 0, 0, 0),
  ],
  [
    'private message: see (to report it)',
    (_k, v) => privateChannel.canSeeMessage(v, channel, { deleted: 0 }),
    row(0, 0, 1, 1, 0, 0, 0, 0, 0),
  ],
  [
    'private message: see a deleted one (issue 19 point 6)',
    (_k, v) => privateChannel.canSeeMessage(v, channel, { deleted: 1 }),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  [
    'private message: delete',
    (_k, v) => privateChannel.can(v, 'delete', { user_id: AUTHOR }),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  [
    'private message: write to the author',
    (k, v) =>
      privateChannel.writeBlock({
        writer: {
          id: v.id ?? 0,
          role: k === 'guest' ? 'guest' : k === 'admin' || k === 'moderator' ? k : 'user',
        },
        recipient: { id: AUTHOR, role: 'user', im_privacy: 'all' },
        ignoredByRecipient: k === 'ignored',
        ignoringRecipient: false,
        friends: null,
      }) === null,
    row(0, 1, 1, 1, 1, 1, 1, 0, 1),
  ],
  // ---- attachment owned by AUTHOR, on something the viewer may see when a member
  [
    'attachment: see',
    (k, v) => attachment.canSee(v, { user_id: AUTHOR }, member(k)),
    row(0, 0, 1, 1, 0, 0, 1, 1, 1),
  ],
  [
    'attachment: attach to a room message',
    (_k, v) =>
      attachment.attachBlock(
        v,
        { user_id: AUTHOR, status: 'complete', adult: 0 },
        { publicChat: true },
      ) === null,
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  // ---- profile content of AUTHOR
  [
    'profile: see a refused photo',
    (_k, v) => profileContent.canSee(v, { status: 'refused', user_id: AUTHOR }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'profile: see a photo refused then resubmitted (`updated`)',
    (_k, v) => profileContent.canSee(v, { status: 'updated', user_id: AUTHOR }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'profile: read an "about" text refused then resubmitted',
    (_k, v) => profileContent.canSeeAbout(v, { id: AUTHOR, about_status: 'updated' }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'profile: read an accepted "about" text',
    (_k, v) => profileContent.canSeeAbout(v, { id: AUTHOR, about_status: 'accepted' }),
    row(1, 1, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    'profile: see an accepted photo',
    (_k, v) => profileContent.canSee(v, { status: 'accepted', user_id: AUTHOR }),
    row(1, 1, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    'profile: see invisible people',
    (_k, v) => profileContent.canSeeInvisible(v),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    'profile: moderate content',
    (_k, v) => profileContent.can(v, 'moderate'),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  // ---- content reviews: whose profile texts and photos each may judge (issue 19 point 7)
  [
    "content review: judge a user's",
    (_k, v) => contentReview.canJudge(v, { id: AUTHOR, role: 'user' }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    "content review: judge the moderator's own",
    (_k, v) => contentReview.canJudge(v, { id: 4, role: 'moderator' }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    "content review: judge an admin's",
    (_k, v) => contentReview.canJudge(v, { id: OTHER_ID, role: 'admin' }),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  // ---- a gift AUTHOR received (issue 19 point 5)
  ['gift: see on a profile', (_k, v) => gift.canSee(v, present), row(1, 1, 1, 1, 1, 1, 1, 1, 1)],
  [
    'gift: see a private one',
    (_k, v) => gift.canSee(v, { ...present, private: 1 }),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  [
    'gift: see one the recipient hid',
    (_k, v) => gift.canSee(v, { ...present, hidden: 1 }),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  [
    "gift: learn an anonymous gift's sender",
    (_k, v) => gift.canSeeSender(v, { anonymous: 1 }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  ['gift: hide it', (_k, v) => gift.can(v, 'hide', present), row(0, 0, 0, 1, 0, 0, 0, 0, 0)],
  [
    "gift: remove a user's text",
    (_k, v) => gift.can(v, 'remove_text', present, { id: 2, role: 'user' }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    "gift: remove an admin's text",
    (_k, v) => gift.can(v, 'remove_text', present, { id: OTHER_ID, role: 'admin' }),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  // ---- reaching AUTHOR with a gift, coins, premium, a partner request
  [
    'reach: give to the author, who ignores "ignored"',
    (k) => reachBlock({ ignoredByRecipient: k === 'ignored', ignoringRecipient: false }) === null,
    row(1, 1, 1, 1, 1, 1, 1, 0, 1),
  ],
  // ---- complaint reported by AUTHOR
  ['complaint: file', (_k, v) => complaint.canFile(v), row(1, 1, 1, 1, 1, 1, 1, 1, 1)],
  [
    'complaint: see',
    (k, v) => complaint.canSee(v, { reporter: k === 'author', accused: null }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'complaint: handle one about a user',
    (_k, v) => complaint.canHandleAbout(v, { id: AUTHOR, role: 'user' }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'complaint: handle one about the moderator himself (issue 19 point 7)',
    (_k, v) => complaint.canHandleAbout(v, { id: 4, role: 'moderator' }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    'complaint: handle one about another moderator',
    (_k, v) => complaint.canHandleAbout(v, { id: OTHER_ID, role: 'moderator' }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    'complaint: handle one about the admin himself',
    (_k, v) => complaint.canHandleAbout(v, { id: 5, role: 'admin' }),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  [
    'complaint: see one about the moderator, not having reported it',
    (_k, v) => complaint.canSee(v, { reporter: false, accused: { id: 4, role: 'moderator' } }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  ['complaint: resolve', (_k, v) => complaint.can(v, 'resolve'), row(0, 0, 0, 0, 1, 1, 0, 0, 0)],
  [
    "complaint: appeal the author's ban",
    (_k, v) => complaint.canAppeal(v, { user_id: AUTHOR }),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  // ---- notification of AUTHOR
  [
    'notification: see and read',
    (_k, v) => notification.can(v, 'read', { user_id: AUTHOR }),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  // ---- quotes of AUTHOR
  ['quote: keep quotes', (_k, v) => quote.canAdd(v), row(0, 1, 1, 1, 1, 1, 1, 1, 1)],
  [
    "quote: remove from the author's collection",
    (_k, v) => quote.can(v, 'remove', { user_id: AUTHOR }),
    row(0, 0, 0, 1, 0, 0, 0, 0, 0),
  ],
  // ---- forum posts of AUTHOR (threads everyone reads; writing needs forum.post)
  [
    'forum-post: read a live post',
    (_k, v) => forumPost.canSee(v, post, thread),
    row(1, 1, 1, 1, 1, 1, 1, 1, 1),
  ],
  [
    'forum-post: read a held post',
    (_k, v) => forumPost.canSee(v, { ...post, held: 1 }, thread),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    "forum-post: read a troll's post",
    (_k, v) => forumPost.canSee(v, { ...post, authorIsTroll: true }, thread),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: open a deleted thread',
    (_k, v) => forumPost.canSeeThread(v, { ...thread, deleted_at: POSTED }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  ['forum-post: reply', (_k, v) => forumPost.canReply(v, thread), row(0, 1, 1, 1, 1, 1, 0, 1, 1)],
  [
    'forum-post: reply in a locked thread',
    (_k, v) => forumPost.canReply(v, { ...thread, locked: 1 }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: start a thread where only staff may',
    (_k, v) => forumPost.canStart(v, { start_permission: 'forum.moderate' }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: edit',
    (_k, v) => forumPost.can(v, 'edit', post, thread),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: edit after the window',
    (_k, v) =>
      forumPost.can(v, 'edit', { ...post, created_at: '2000-01-01T00:00:00.000Z' }, thread),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: delete',
    (_k, v) => forumPost.can(v, 'delete', post, thread),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: delete the answered first post',
    (_k, v) => forumPost.can(v, 'delete', { ...post, number: 1, hasReplies: true }, thread),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    "forum-post: edit or delete another moderator's post (rank)",
    (_k, v) =>
      forumPost.can(v, 'edit', { ...post, author_id: OTHER_ID, authorRole: 'moderator' }, thread) ||
      forumPost.can(v, 'delete', { ...post, author_id: OTHER_ID, authorRole: 'moderator' }, thread),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    "forum-post: moderate another moderator's thread (rank)",
    (_k, v) =>
      forumPost.canModerateThread(v, { ...thread, author_id: OTHER_ID, authorRole: 'moderator' }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    "forum-post: moderate the author's thread",
    (_k, v) => forumPost.canModerateThread(v, thread),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'forum-post: read edit histories',
    (_k, v) => forumPost.can(v, 'history', post, thread),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  // ---- art posts of AUTHOR (everyone looks; registered people post, like, comment)
  ['art-post: see a live post', (_k, v) => artPost.canSee(v, art), row(1, 1, 1, 1, 1, 1, 1, 1, 1)],
  [
    'art-post: see a held post',
    (_k, v) => artPost.canSee(v, { ...art, held: 1 }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'art-post: see a refused post',
    (_k, v) => artPost.canSee(v, { ...art, status: 'refused' }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    "art-post: see a troll's post",
    (_k, v) => artPost.canSee(v, { ...art, authorIsTroll: true }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  ['art-post: post', (_k, v) => artPost.canPost(v), row(0, 1, 1, 1, 1, 1, 0, 1, 1)],
  ['art-post: like', (_k, v) => artPost.can(v, 'like', art), row(0, 1, 1, 1, 1, 1, 0, 1, 1)],
  ['art-post: comment', (_k, v) => artPost.can(v, 'comment', art), row(0, 1, 1, 1, 1, 1, 0, 1, 1)],
  ['art-post: edit', (_k, v) => artPost.can(v, 'edit', art), row(0, 0, 0, 1, 1, 1, 0, 0, 0)],
  ['art-post: delete', (_k, v) => artPost.can(v, 'delete', art), row(0, 0, 0, 1, 1, 1, 0, 0, 0)],
  [
    "art-post: edit or delete another moderator's post (rank)",
    (_k, v) =>
      artPost.can(v, 'edit', { ...art, author_id: OTHER_ID, authorRole: 'moderator' }) ||
      artPost.can(v, 'delete', { ...art, author_id: OTHER_ID, authorRole: 'moderator' }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    'art-post: complain',
    (_k, v) => artPost.can(v, 'complain', art),
    row(0, 1, 1, 0, 1, 1, 1, 1, 1),
  ],
  [
    'art-post: gift the author',
    (_k, v) => artPost.can(v, 'gift', art),
    row(0, 1, 1, 0, 1, 1, 1, 1, 1),
  ],
  [
    'art-post: delete a comment',
    (_k, v) => artPost.canOnComment(v, 'delete', artComment),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  [
    'art-post: see a refused comment',
    (_k, v) => artPost.canSeeComment(v, { ...artComment, status: 'refused' }),
    row(0, 0, 0, 1, 1, 1, 0, 0, 0),
  ],
  // ---- video (the call of the room MEMBER is in)
  [
    'video: see the call',
    (k, v) => video.canSee(v, { member: member(k) }),
    row(0, 0, 1, 1, 0, 0, 0, 1, 1),
  ],
  [
    'video: join as a speaker',
    (k, v) => video.joinAs(v, { member: member(k), watchersAllowed: true }).as === 'speaker',
    row(0, 0, 1, 1, 0, 0, 0, 1, 1),
  ],
  [
    'video: join as a speaker, everyone in the room',
    (_k, v) => video.joinAs(v, { member: true, watchersAllowed: false }).as === 'speaker',
    row(0, 1, 1, 1, 1, 1, 0, 1, 1),
  ],
  [
    'video: join as a watcher, everyone in the room, watchers allowed',
    (_k, v) => video.joinAs(v, { member: true, watchersAllowed: true }).as === 'watcher',
    row(1, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
  [
    'video: mute or remove a user',
    (_k, v) => video.canModerate(v, { id: OTHER_ID, role: 'user' }),
    row(0, 0, 0, 0, 1, 1, 0, 0, 0),
  ],
  [
    'video: mute or remove a moderator',
    (_k, v) => video.canModerate(v, { id: OTHER_ID, role: 'moderator' }),
    row(0, 0, 0, 0, 0, 1, 0, 0, 0),
  ],
  [
    'video: mute or remove an admin, or oneself',
    (_k, v) =>
      video.canModerate(v, { id: OTHER_ID, role: 'admin' }) ||
      (v.id !== null && video.canModerate(v, { id: v.id, role: 'guest' })),
    row(0, 0, 0, 0, 0, 0, 0, 0, 0),
  ],
];

describe('the access layer, every kind × every viewer', () => {
  for (const [name, ask, expected] of table) {
    it(name, () => {
      const got = Object.fromEntries(KINDS.map((k) => [k, ask(k, viewers[k])]));
      expect(got).toEqual(expected);
    });
  }

  it('answers nobody signed in with no for everything private', () => {
    expect(room.canSee(ANONYMOUS, privateRoom, { member: false, invited: false })).toBe(false);
    expect(message.canSee(ANONYMOUS, msg, { room: publicRoom, member: false })).toBe(false);
    expect(notification.canSee(ANONYMOUS, { user_id: AUTHOR })).toBe(false);
    expect(profileContent.canSeeRefused(ANONYMOUS, { id: AUTHOR })).toBe(false);
    expect(forumPost.canSee(ANONYMOUS, { ...post, status: 'refused' }, thread)).toBe(false);
    expect(forumPost.canReply(ANONYMOUS, thread)).toBe(false);
  });

  it('lets visitors without a session read the live forum', () => {
    expect(forumPost.canSee(ANONYMOUS, post, thread)).toBe(true);
    expect(forumPost.abilities(ANONYMOUS, post, thread)).toEqual({
      reply: false,
      quote: false,
      react: false,
      edit: false,
      delete: false,
      complain: false,
      history: false,
    });
  });

  it('lists for every visitor at once (the home page) the public rooms only', () => {
    expect(room.isListedForAnyone(publicRoom)).toBe(true);
    expect(room.isListedForAnyone(privateRoom)).toBe(false);
  });

  it('gives a member on the socket the abilities the server sends (one rule, both ends)', () => {
    for (const k of KINDS) {
      const v = viewers[k];
      const server = message.abilities(v, msg, message.AS_MEMBER);
      const heard = { user: { id: AUTHOR, roles: ['user'] }, type_id: 1, created_at: POSTED };
      expect(chatMessageAbilities(v, heard, { now: Date.now() }), k).toEqual(server);
    }
  });

  it("answers rank the same on both ends: staff's messages heard on the socket", () => {
    for (const role of ['moderator', 'admin'])
      for (const k of KINDS) {
        const v = viewers[k];
        const server = message.abilities(v, msgOf(role), message.AS_MEMBER);
        const heard = { user: { id: AUTHOR, roles: [role] }, type_id: 1, created_at: POSTED };
        expect(chatMessageAbilities(v, heard, { now: Date.now() }), k).toEqual(server);
      }
  });

  it('tells why a person may not join a call, and keeps a watcher and a muted microphone off', () => {
    const gagged = viewerOf({ id: 11, role: 'user', gag_until: FUTURE });
    const closed = { member: true, watchersAllowed: false };
    const open = { member: true, watchersAllowed: true };
    expect(video.joinAs(gagged, closed)).toEqual({ as: null, reason: 'gagged' });
    expect(video.joinAs(gagged, open)).toEqual({ as: 'watcher' });
    expect(video.joinAs(viewers.guest, closed)).toEqual({ as: null, reason: 'guest' });
    expect(video.joinAs(viewers.banned, open)).toEqual({ as: null, reason: 'banned' });
    expect(video.joinAs(viewers.user, { ...open, member: false })).toEqual({
      as: null,
      reason: 'not_member',
    });
    expect(video.abilities(viewers.moderator, closed)).toEqual({
      join: 'speaker',
      reason: null,
      moderate: true,
    });
    expect(video.abilities(viewers.guest, closed)).toEqual({
      join: null,
      reason: 'guest',
      moderate: false,
    });

    const watcher = { watcher: true, muted_by_moderator: false };
    const muted = { watcher: false, muted_by_moderator: true };
    expect(video.stateRefusal(watcher, { video: true })).toBe('watcher');
    expect(video.stateRefusal(watcher, { audio: false, video: false })).toBeNull();
    expect(video.stateRefusal(muted, { audio: true })).toBe('muted');
    expect(video.stateRefusal(muted, { video: true, screen: true })).toBeNull();
  });

  it('derives the flags from permissions and the row, not from role names', () => {
    expect(viewers.guest).toMatchObject({ registered: false, guest: true });
    expect(viewers.user).toMatchObject({ registered: true, guest: false, troll: false });
    expect(viewers.banned).toMatchObject({ banned: true, gagged: false });
    expect(viewers.troll.troll).toBe(true);
    expect(ANONYMOUS).toMatchObject({ id: null, registered: false, guest: false });
  });

  it('tells who is worth a mention notification', () => {
    const base = { mentionedId: 3, authorId: AUTHOR, away: true, ignoresAuthor: false };
    expect(notification.shouldNotifyMention(base)).toBe(true);
    expect(notification.shouldNotifyMention({ ...base, away: false })).toBe(false);
    expect(notification.shouldNotifyMention({ ...base, ignoresAuthor: true })).toBe(false);
    expect(notification.shouldNotifyMention({ ...base, mentionedId: AUTHOR })).toBe(false);
  });
});
