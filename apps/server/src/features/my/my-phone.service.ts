import type { MyProfile, MyProfilePatch } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { PhoneConfirmationService } from '../auth/phone-confirmations.service';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { MyProfileService } from './my-profile.service';

/**
 * The profile form's phone (issue 19, point 10). A new number is not stored: a code goes to it
 * and it waits (`phone_pending`) until the code comes back, claiming nothing meanwhile. The
 * answer is the same whoever holds the number, so the form tells nobody whose a number is;
 * asking for codes is rate-limited, before anything in the form changes.
 */
export class MyPhoneService {
  constructor(
    private readonly profile: MyProfileService,
    private readonly profiles: ProfilesRepository,
    private readonly phones: PhoneConfirmationService,
  ) {}

  /** `PATCH /api/my/profile`: the phone first, then the rest of the form. */
  async update(user: UserRow, patch: MyProfilePatch): Promise<MyProfile> {
    const { phone, ...rest } = patch;
    if (phone === null) {
      await this.phones.forget(user.id);
      return this.profile.update(user, { ...rest, phone: null });
    }
    if (phone !== undefined) {
      const fresh = await this.profiles.findLive(user.id);
      // My own confirmed number again: nothing to confirm, and a number waiting is dropped.
      if (fresh?.phone === phone) await this.phones.forget(user.id);
      else await this.phones.request(user.id, phone);
    }
    // Only the phone changed: nothing else of the form to write.
    if (Object.keys(rest).length === 0) return this.profile.get(user);
    return this.profile.update(user, rest);
  }

  /** `POST /api/my/phone/confirm`: the right code makes the waiting phone my sign-in name. */
  async confirm(user: UserRow, code: string): Promise<MyProfile> {
    await this.phones.confirm(user.id, code);
    return this.profile.get(user);
  }
}
