import type { Evidence } from '@chat/shared';
import * as artPostPolicy from '../../access/art-post.policy';
import * as complaintPolicy from '../../access/complaint.policy';
import * as forumPostPolicy from '../../access/forum-post.policy';
import * as giftPolicy from '../../access/gift.policy';
import * as messagePolicy from '../../access/message.policy';
import * as privateChannel from '../../access/private-channel.policy';
import * as profileContent from '../../access/profile-content.policy';
import { viewerOf } from '../../access/viewer';
import type { BanRow, ComplaintRow, UserRow } from '../../db/schema';
import { invalid, notFound } from '../../http/app-error';
import { presentPublicUser } from '../users/user.presenter';
import type { BansRepository } from './bans.repository';
import type { ComplaintTargetsRepository, ThingKind } from './complaint-targets.repository';
import type { ComplaintsRepository } from './complaints.repository';
import { parseEvidence, type StoredEvidence, type WithheldPart } from './evidence';

/** What a new complaint is about: whose it is, and the thing as it is now. */
export interface Target {
  accusedId: number;
  evidence: StoredEvidence | null;
}

/**
 * Who may complain about what: only about what the reporter may see, as the access layer says
 * (issue 19, point 6). Whatever they may not see does not exist for them (404): a message of a
 * room they cannot read or deleted, a private message of someone else's channel or deleted, a
 * hidden photo (refused, or `updated` after a refusal), a private or hidden gift, someone else's
 * ban. The evidence keeps everything for the staff and marks what the reporter did not see.
 */
export class ComplaintTargets {
  constructor(
    private readonly repo: ComplaintsRepository,
    private readonly things: ComplaintTargetsRepository,
    private readonly bans: BansRepository,
  ) {}

  async of(user: UserRow, type: ThingKind, id: number): Promise<Target> {
    const viewer = viewerOf(user);
    let accusedId: number;
    const withheld: WithheldPart[] = [];
    switch (type) {
      case 'message': {
        const found = await this.things.roomMessage(id, user.id);
        if (!found || !messagePolicy.canSee(viewer, found.message, found)) throw notFound();
        accusedId = found.message.user_id;
        break;
      }
      case 'im_message': {
        const found = await this.things.imMessage(id);
        const [low, high] = found?.parties ?? [0, 0];
        const channel = { user_low_id: low, user_high_id: high };
        if (!found || !privateChannel.canSeeMessage(viewer, channel, found.message))
          throw notFound();
        accusedId = found.message.user_id;
        break;
      }
      case 'user': {
        const person = await this.repo.user(id);
        if (!person || person.deleted_at !== null) throw notFound();
        if (person.id === user.id) throw invalid({ target_id: ['complaint.self'] });
        accusedId = person.id;
        // A hidden "about" text stays in the staff's evidence, not in the reporter's view.
        if (!profileContent.canSeeAbout(viewer, person)) withheld.push('text');
        break;
      }
      case 'photo': {
        const photo = await this.things.photo(id);
        if (!photo || !profileContent.canSee(viewer, photo)) throw notFound();
        if (photo.user_id === user.id) throw invalid({ target_id: ['complaint.self'] });
        accusedId = photo.user_id;
        break;
      }
      case 'gift': {
        const gift = await this.things.gift(id);
        if (!gift || !giftPolicy.canSee(viewer, gift)) throw notFound();
        if (gift.sender_id === user.id) throw invalid({ target_id: ['complaint.self'] });
        // What is reported of a gift is its text: a gift without one says nothing.
        if (gift.text === null) throw invalid({ target_id: ['complaint.gift_text'] });
        accusedId = gift.sender_id;
        if (!giftPolicy.canSeeSender(viewer, gift)) withheld.push('author');
        break;
      }
      case 'forum_post': {
        const found = await this.things.forumPost(id);
        const facts = found && {
          post: { ...found.post, authorIsTroll: found.post.author_is_troll === 1 },
          thread: { ...found.thread, authorIsTroll: found.thread.author_is_troll === 1 },
        };
        // A deleted, refused or held post, or a thread gone, is not there for the reporter.
        if (
          !facts ||
          found.post.deleted_at !== null ||
          found.thread.deleted_at !== null ||
          !forumPostPolicy.canSee(viewer, facts.post, facts.thread)
        )
          throw notFound();
        if (found.post.author_id === user.id) throw invalid({ target_id: ['complaint.self'] });
        // An author whose account is gone leaves nobody to answer for it.
        if (found.post.author_id === null) throw notFound();
        accusedId = found.post.author_id;
        break;
      }
      case 'art_post': {
        const post = await this.things.artPost(id);
        // A deleted, refused or held post is not there for the reporter.
        if (!post || !artPostPolicy.canSee(viewer, artFacts(post))) throw notFound();
        if (post.author_id === user.id) throw invalid({ target_id: ['complaint.self'] });
        if (post.author_id === null) throw notFound();
        accusedId = post.author_id;
        break;
      }
      case 'art_comment': {
        const comment = await this.things.artComment(id);
        const post = comment && (await this.things.artPost(comment.post_id));
        if (
          !comment ||
          !post ||
          !artPostPolicy.canSee(viewer, artFacts(post)) ||
          !artPostPolicy.canSeeComment(viewer, artFacts(comment))
        )
          throw notFound();
        if (comment.author_id === user.id) throw invalid({ target_id: ['complaint.self'] });
        if (comment.author_id === null) throw notFound();
        accusedId = comment.author_id;
        break;
      }
    }
    const evidence = await this.things.snapshot(type, id);
    return {
      accusedId,
      evidence: evidence && withheld.length > 0 ? { ...evidence, withheld } : evidence,
    };
  }

  /** An appeal: the caller's own ban, appealed once (a second appeal answers the first). */
  async appeal(user: UserRow, banId: number): Promise<{ existing: ComplaintRow } | Target> {
    const ban = await this.bans.find(banId);
    if (!ban || !complaintPolicy.canAppeal(viewerOf(user), ban)) throw notFound();
    const existing = await this.repo.appealOf(banId);
    if (existing) return { existing };
    if (!isActive(ban)) throw invalid({ target_id: ['complaint.ban_over'] });
    return { accusedId: user.id, evidence: banEvidence(ban, user) };
  }
}

/** The art policy's facts of a row read with its author's troll mark and role. */
function artFacts<
  T extends { author_is_troll: number | null; author_role: UserRow['role'] | null },
>(
  row: T,
): Omit<T, 'author_is_troll' | 'author_role'> & {
  authorIsTroll: boolean;
  authorRole: UserRow['role'] | null;
} {
  return { ...row, authorIsTroll: row.author_is_troll === 1, authorRole: row.author_role };
}

function isActive(ban: BanRow, now = Date.now()): boolean {
  return ban.lifted_at === null && (ban.expires_at === null || Date.parse(ban.expires_at) > now);
}

/** What an appeal is about: the evidence the ban was given on, or else the ban as the record. */
function banEvidence(ban: BanRow, user: UserRow): Evidence {
  return (
    parseEvidence(ban.evidence) ?? {
      kind: 'ban',
      id: ban.id,
      author: presentPublicUser(user),
      text: ban.comment,
      attachments: [],
      room_id: null,
      channel_id: null,
      created_at: ban.created_at,
    }
  );
}
