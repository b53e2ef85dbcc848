import {
  takesPartner,
  type MaritalStatus,
  type MyProfile,
  type MyProfilePatch,
} from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { AccountChanges, ProfileChanges } from '../../db/user-columns';
import { AppError, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { genderOf, maritalOf } from '../profiles/profiles.presenter';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { SocialPorts } from '../profiles/social-ports';
import { presentPublicUser } from '../users/user.presenter';
import type { ContentSubmissions } from './content-submissions';
import type { InTransaction, MyRepository } from './my.repository';
import type { MyOwners } from './my-owners';
import { isRegistered } from '../../access/permissions';
import { assertMayReach } from '../friends/reach';

/**
 * A partner request notifies the named person once a pair per day: naming, un-naming and
 * naming them again (40 requests a second did 20 notifications) stays one pending request that
 * their profile form shows, never a stream of notifications (issue 19, point 5).
 */
export const PARTNER_REQUEST_COOLDOWN: RateLimitRule = {
  name: 'partner-request',
  points: 1,
  durationSeconds: 24 * 3600,
};

/**
 * The caller's profile form (`/api/my/profile`) and the partner flow: naming a partner asks
 * them (a `new` notification of type `partner_request`); the link shows on both profiles once
 * they confirm, and ends when either changes status or partner.
 */
export class MyProfileService {
  constructor(
    private readonly repo: MyRepository,
    private readonly profiles: ProfilesRepository,
    private readonly social: SocialPorts,
    private readonly reviews: ContentSubmissions,
    /** The form's e-mail, phone and `im_privacy` are the account's and the preferences'. */
    private readonly owners: MyOwners,
    private readonly rateLimits?: RateLimits,
  ) {}

  async get(user: UserRow): Promise<MyProfile> {
    const fresh = await this.fresh(user);
    const [partner, request] = await Promise.all([
      fresh.partner_id !== null ? this.profiles.findLive(fresh.partner_id) : undefined,
      this.repo.partnerRequestTo(fresh.id),
    ]);
    return {
      about: fresh.about,
      gender: genderOf(fresh.gender),
      birthdate: fresh.birthdate,
      marital_status: maritalOf(fresh.marital_status),
      partner: partner ? presentPublicUser(partner) : null,
      partner_confirmed: partner !== undefined && fresh.partner_confirmed_at !== null,
      // A request from someone ignored since is not shown (nor can it notify again).
      partner_request:
        request && !(await this.social.ignores?.(fresh.id, request.id))
          ? presentPublicUser(request)
          : null,
      email: fresh.email,
      email_verified: fresh.email !== null && fresh.email_verified_at !== null,
      phone: fresh.phone,
      phone_pending: await this.repo.pendingPhone(fresh.id),
      im_privacy: fresh.im_privacy === 'friends' ? 'friends' : 'all',
    };
  }

  async update(user: UserRow, patch: MyProfilePatch): Promise<MyProfile> {
    const fresh = await this.fresh(user);
    // Each owner of the row writes its own columns (db/user-columns.ts), in one transaction.
    const changes: ProfileChanges = {};
    const contact: Pick<AccountChanges, 'email' | 'phone' | 'phone_verified_at'> = {};
    if (patch.about !== undefined) changes.about = patch.about;
    if (patch.gender !== undefined) changes.gender = patch.gender;
    if (patch.birthdate !== undefined) changes.birthdate = patch.birthdate;
    if (patch.email !== undefined) contact.email = patch.email;
    const imPrivacy = patch.im_privacy;
    // Only clearing the phone: a new number is never stored unconfirmed, it waits for its code
    // (my-phone.service.ts; issue 19, point 10).
    if (patch.phone === null) {
      contact.phone = null;
      contact.phone_verified_at = null;
    }

    const status: MaritalStatus | null =
      patch.marital_status !== undefined ? patch.marital_status : maritalOf(fresh.marital_status);
    const statusChanged = status !== fresh.marital_status;
    // A new status starts without a partner unless the same request names one.
    const named =
      patch.partner_id !== undefined ? patch.partner_id : statusChanged ? null : fresh.partner_id;
    if (named !== null) {
      if (status === null || !takesPartner(status))
        throw invalid({ partner_id: ['partner.not_allowed'] });
      const partner = named === fresh.id ? undefined : await this.profiles.findLive(named);
      if (!partner || !isRegistered(partner)) throw invalid({ partner_id: ['partner.invalid'] });
      // A new request reaches nobody who ignores the sender (nor whom the sender ignores).
      if (named !== fresh.partner_id && this.social.reach)
        await assertMayReach(this.social.reach, fresh.id, named);
    }
    const partnerChanged = named !== fresh.partner_id;
    const linkEnds = statusChanged || partnerChanged;
    if (linkEnds) {
      changes.marital_status = status;
      changes.partner_id = named;
      changes.partner_confirmed_at = null;
    }
    // A changed about text shows at once and waits for moderation (a refused one: `updated`).
    const about = changes.about;
    const aboutChanged = about !== undefined && about !== fresh.about;
    const alongside: InTransaction = async (trx) => {
      await this.owners.accounts.setContact(fresh.id, contact, trx);
      if (imPrivacy !== undefined)
        await this.owners.preferences.setImPrivacy(fresh.id, imPrivacy, trx);
      if (aboutChanged && about !== undefined)
        await this.reviews.aboutChanged(trx, fresh.id, about, nowIso());
    };
    const saved = await this.repo.saveMarital(fresh.id, changes, linkEnds, alongside);
    if (partnerChanged && named !== null && (await this.firstRequestToday(fresh.id, named)))
      await this.social.notify(named, 'new', {
        type: 'partner_request',
        user: presentPublicUser(saved),
        marital_status: status,
      });
    return this.get(saved);
  }

  /** The caller accepts being `requesterId`'s partner; 404 when no such request waits. */
  async confirmPartner(user: UserRow, requesterId: number): Promise<MyProfile> {
    const requester = await this.profiles.findLive(requesterId);
    const status = requester ? maritalOf(requester.marital_status) : null;
    if (
      !requester ||
      requester.partner_id !== user.id ||
      requester.partner_confirmed_at !== null ||
      status === null ||
      !takesPartner(status)
    )
      throw notFound();
    if (!(await this.repo.confirmPartner(requester, user.id, nowIso()))) throw notFound();
    const fresh = await this.fresh(user);
    await this.social.notify(requester.id, 'new', {
      type: 'partner_confirmed',
      user: presentPublicUser(fresh),
      marital_status: status,
    });
    return this.get(fresh);
  }

  async declinePartner(user: UserRow, requesterId: number): Promise<MyProfile> {
    if (!(await this.repo.declinePartner(requesterId, user.id))) throw notFound();
    return this.get(user);
  }

  /** Whether this request is the pair's first in the cool-down (the one that notifies). */
  private async firstRequestToday(from: number, to: number): Promise<boolean> {
    if (!this.rateLimits) return true;
    try {
      await this.rateLimits.hit(PARTNER_REQUEST_COOLDOWN, `${from}:${to}`);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'too_many_requests') return false;
      throw error;
    }
  }

  private async fresh(user: UserRow): Promise<UserRow> {
    // Re-read: the session's copy may be a request old, and two tabs may edit at once.
    const fresh = await this.profiles.findLive(user.id);
    if (!fresh) throw notFound();
    return fresh;
  }
}
