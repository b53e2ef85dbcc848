import {
  takesPartner,
  type MaritalStatus,
  type MyProfile,
  type MyProfilePatch,
} from '@chat/shared';
import type { UserRow, UserUpdate } from '../../db/schema';
import { invalid, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { genderOf, maritalOf } from '../profiles/profiles.presenter';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { SocialPorts } from '../profiles/social-ports';
import { presentPublicUser } from '../users/user.presenter';
import type { ContentSubmissions } from './content-submissions';
import type { InTransaction, MyRepository } from './my.repository';
import { isRegistered } from '../../access/permissions';

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
      partner_request: request ? presentPublicUser(request) : null,
      email: fresh.email,
      phone: fresh.phone,
      im_privacy: fresh.im_privacy === 'friends' ? 'friends' : 'all',
    };
  }

  async update(user: UserRow, patch: MyProfilePatch): Promise<MyProfile> {
    const fresh = await this.fresh(user);
    const changes: UserUpdate = {};
    if (patch.about !== undefined) changes.about = patch.about;
    if (patch.gender !== undefined) changes.gender = patch.gender;
    if (patch.birthdate !== undefined) changes.birthdate = patch.birthdate;
    if (patch.email !== undefined) changes.email = patch.email;
    if (patch.im_privacy !== undefined) changes.im_privacy = patch.im_privacy;
    if (patch.phone !== undefined) {
      if (patch.phone !== null && (await this.repo.phoneTakenByOther(patch.phone, fresh.id)))
        throw invalid({ phone: ['phone.taken'] });
      changes.phone = patch.phone;
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
    const aboutChanged: InTransaction | undefined =
      about !== undefined && about !== fresh.about
        ? (trx) => this.reviews.aboutChanged(trx, fresh.id, about, nowIso())
        : undefined;
    const saved = await this.repo.saveMarital(fresh.id, changes, linkEnds, aboutChanged);
    if (partnerChanged && named !== null)
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

  private async fresh(user: UserRow): Promise<UserRow> {
    // Re-read: the session's copy may be a request old, and two tabs may edit at once.
    const fresh = await this.profiles.findLive(user.id);
    if (!fresh) throw notFound();
    return fresh;
  }
}
