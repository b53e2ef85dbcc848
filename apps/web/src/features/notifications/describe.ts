import {
  banReasonLabel,
  isBanReason,
  isTabooTopic,
  tabooTopicLabel,
  type DeviceParts,
  type Gender,
  type Locale,
  type NotificationWire,
} from '@chat/shared';
import { genderOf } from '../../i18n/gender';

/** The person a notice is about: Russian agrees its verb with their gender (null: not given). */
interface Actor {
  nick: string;
  gender: Gender | null;
}

/** How a notification reads and where it leads; the components only lay this out. */
export type NotificationView =
  | (Actor & { type: 'friend_request'; userId: number | null; slug: string | null })
  | (Actor & { type: 'friend_accepted'; slug: string | null })
  | (Actor & { type: 'partner_request'; slug: string | null })
  | (Actor & { type: 'partner_confirmed'; slug: string | null })
  | (Actor & { type: 'mention'; roomId: number | null; room: string; excerpt: string })
  /**
   * A new sign-in: the device's parts for the reader's language, or (older notices) the
   * server's English `name` as it was stored.
   */
  | { type: 'new_device'; parts: DeviceParts | null; device: string; ip: string }
  /** The password was set anew by a mailed link, from this device; every device signed out. */
  | { type: 'password_reset'; parts: DeviceParts | null; device: string; ip: string }
  /** Too many wrong passwords from anywhere: sign-in closed for `minutes` (issue 19, point 11). */
  | { type: 'sign_in_locked'; minutes: number | null }
  | { type: 'bonus'; amount: number | null }
  /** A gift by name, or premium given (`premium`: the plan). */
  | (Actor & { type: 'gift'; gift: string; premium: string | null })
  | (Actor & { type: 'gift_coins'; amount: number | null })
  | { type: 'invoice'; amount: number | null }
  /** A moderator's warning: the reason in words, and the comment if any. */
  | { type: 'warning'; reason: string; comment: string }
  /** My complaint or appeal was answered (`status`), or someone wrote in its thread. */
  | {
      type: 'complaint';
      complaintId: number | null;
      status: string;
      appeal: boolean;
      comment: boolean;
    }
  /** My profile text, photo, forum or art post was refused or accepted (a post: where it is). */
  | {
      type: 'content';
      subject: ContentNoticeSubject;
      status: string;
      reason: string;
      threadSlug: string | null;
      postId: number | null;
      /** An art post's or comment's post. */
      artSlug: string | null;
    }
  /** A reply in a thread I follow, or my `@nick` in a forum post. */
  | (Actor & {
      type: 'forum_reply' | 'forum_mention';
      threadSlug: string | null;
      postId: number | null;
      subject: string;
      excerpt: string;
    })
  /**
   * Likes of my art post, or comments on it: one notice per post and kind, its `count` growing
   * ("5 people liked …"); the last person is named while there is one.
   */
  | (Actor & {
      type: 'art_like' | 'art_comment';
      postSlug: string | null;
      title: string;
      count: number;
    })
  | { type: 'generic'; text: string };

export type ContentNoticeSubject = 'about' | 'photo' | 'forum_post' | 'art_post' | 'art_comment';
const CONTENT_SUBJECTS: readonly string[] = ['photo', 'forum_post', 'art_post', 'art_comment'];

export type NotificationIcon =
  'friend' | 'heart' | 'mention' | 'device' | 'gift' | 'coins' | 'shield' | 'bell';

export const VIEW_ICONS: Record<NotificationView['type'], NotificationIcon> = {
  friend_request: 'friend',
  friend_accepted: 'friend',
  partner_request: 'heart',
  partner_confirmed: 'heart',
  mention: 'mention',
  new_device: 'device',
  password_reset: 'shield',
  sign_in_locked: 'shield',
  bonus: 'coins',
  gift: 'gift',
  gift_coins: 'coins',
  invoice: 'coins',
  warning: 'shield',
  complaint: 'shield',
  content: 'shield',
  forum_reply: 'bell',
  forum_mention: 'mention',
  art_like: 'heart',
  art_comment: 'bell',
  generic: 'bell',
};

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Data comes from features written at different times: every field is read defensively, and a
// text is only ever a string (shown as text by React, never as markup).
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The other person's nick: `user.nick` is the nick object (`{ nick, ...style }`) or a string.
 * The economy's notices name them `sender`.
 */
function person(data: Data): Actor & { id: number | null; slug: string | null } {
  const user = isRecord(data.user) ? data.user : isRecord(data.sender) ? data.sender : {};
  const nick = isRecord(user.nick) ? str(user.nick.nick) : str(user.nick);
  const slug = str(user.slug);
  return {
    nick: nick || str(data.nick),
    gender: genderOf(user.gender),
    id: int(user.id),
    slug: slug || null,
  };
}

/** The device's parts when the notice has them (stored since they were sent). */
function deviceParts(data: Data): DeviceParts | null {
  if (!('browser' in data) && !('os' in data)) return null;
  const part = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    browser: part(data.browser),
    browser_version: part(data.browser_version),
    os: part(data.os),
  };
}

/** A name as a string, or as the chat's `{ ru, en }` (the interface language first). */
function nameOf(value: unknown, locale: Locale): string {
  if (!isRecord(value)) return str(value);
  return str(value[locale]).trim() || str(value[locale === 'ru' ? 'en' : 'ru']);
}

function roomOf(data: Data, locale: Locale): { id: number | null; name: string } {
  const room = isRecord(data.room) ? data.room : {};
  return {
    id: int(room.id) ?? int(data.room_id),
    name: nameOf(room.name, locale) || nameOf(data.room_name, locale),
  };
}

/** A ban reason (and taboo topic) in words; an unknown one as sent. */
function reasonOf(data: Data, locale: Locale): string {
  const reason = isBanReason(data.reason) ? banReasonLabel(data.reason, locale) : str(data.reason);
  return isTabooTopic(data.taboo) ? `${reason}: ${tabooTopicLabel(data.taboo, locale)}` : reason;
}

function amountOf(data: Data): number | null {
  return int(data.amount) ?? int(data.coins) ?? int(data.sum);
}

/**
 * What a notification says, by its kind and `data.type` (API.md; later kinds generically).
 * `roomName` finds a mentioned room's name in what the chat holds when the data has none.
 */
export function describeNotification(
  n: NotificationWire,
  locale: Locale,
  roomName: (id: number) => string = () => '',
): NotificationView {
  const data = n.data;
  const who = person(data);
  const actor: Actor = { nick: who.nick, gender: who.gender };
  if (n.kind === 'new') {
    switch (data.type) {
      case 'friend_request':
        return { type: 'friend_request', ...actor, userId: who.id, slug: who.slug };
      case 'friend_accepted':
        return { type: 'friend_accepted', ...actor, slug: who.slug };
      case 'partner_request':
        return { type: 'partner_request', ...actor, slug: who.slug };
      case 'partner_confirmed':
        return { type: 'partner_confirmed', ...actor, slug: who.slug };
      case 'mention': {
        const room = roomOf(data, locale);
        return {
          type: 'mention',
          ...actor,
          roomId: room.id,
          room: room.name || (room.id === null ? '' : roomName(room.id)),
          excerpt: str(data.text).slice(0, 140),
        };
      }
      case 'new_device':
      case 'password_reset':
        return {
          type: data.type,
          parts: deviceParts(data),
          device: str(data.name) || str(data.device) || str(data.user_agent),
          ip: str(data.ip),
        };
      case 'sign_in_locked':
        return { type: 'sign_in_locked', minutes: int(data.minutes) };
      case 'forum_reply':
      case 'forum_mention': {
        const thread = isRecord(data.thread) ? data.thread : {};
        return {
          type: data.type,
          ...actor,
          threadSlug: str(thread.slug) || null,
          postId: int(data.post_id),
          subject: str(thread.subject),
          excerpt: str(data.text).slice(0, 140),
        };
      }
      case 'art_like':
      case 'art_comment':
        return {
          type: data.type,
          ...actor,
          postSlug: str(data.post_slug) || null,
          title: str(data.post_title),
          count: Math.max(1, int(data.count) ?? 1),
        };
      default:
        break;
    }
  }
  switch (n.kind) {
    case 'bonus-every-day':
      return { type: 'bonus', amount: amountOf(data) };
    case 'gift': {
      // The gift's name may come in both languages; an anonymous gift names nobody ("Someone").
      const gift = isRecord(data.gift) ? nameOf(data.gift.name, locale) : str(data.gift);
      const premium = typeof data.premium === 'string' ? data.premium : null;
      const named = data.anonymous === true ? { nick: '', gender: null } : actor;
      return { type: 'gift', ...named, gift, premium };
    }
    case 'gift-coins':
      return { type: 'gift_coins', ...actor, amount: amountOf(data) };
    case 'invoice-has-paid':
      return { type: 'invoice', amount: amountOf(data) };
    case 'warning':
      return { type: 'warning', reason: reasonOf(data, locale), comment: str(data.comment) };
    case 'complaint':
      return {
        type: 'complaint',
        complaintId: int(data.complaint_id),
        status: str(data.status),
        appeal: data.is_appeal === true,
        comment: data.comment === true,
      };
    case 'content':
      return {
        type: 'content',
        subject: CONTENT_SUBJECTS.includes(str(data.subject_type))
          ? (data.subject_type as ContentNoticeSubject)
          : 'about',
        status: str(data.status),
        reason: str(data.reason),
        threadSlug: str(data.thread_slug) || null,
        postId: data.subject_type === 'forum_post' ? int(data.subject_id) : null,
        artSlug: str(data.post_slug) || null,
      };
    default:
      return { type: 'generic', text: str(data.text) || str(data.message) || str(data.title) };
  }
}
