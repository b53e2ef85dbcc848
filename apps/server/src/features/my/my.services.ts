import type { DomainEvents } from '../../events/domain-events';
import type { FileStorage } from '../../lib/storage/file-storage';
import type { PasswordChecks } from './account.service';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { SocialPorts } from '../profiles/social-ports';
import { AccountService } from './account.service';
import { AvatarService } from './avatar.service';
import type { ContentSubmissions } from './content-submissions';
import { IdentityService } from './identity.service';
import type { MyRepository } from './my.repository';
import { MyProfileService } from './my-profile.service';
import { MyPhoneService } from './my-phone.service';
import type { PhoneConfirmationService } from '../auth/phone-confirmations.service';
import { PhotosService } from './photos.service';
import type { MyOwners } from './my-owners';

/** The services behind /api/my/* (app.deps.my). */
export interface MyServices {
  profile: MyProfileService;
  photos: PhotosService;
  avatar: AvatarService;
  identity: IdentityService;
  account: AccountService;
  /** The form's phone and its confirmation code (issue 19, point 10). */
  phone: MyPhoneService;
}

export function createMyServices(
  repo: MyRepository,
  profiles: ProfilesRepository,
  storage: FileStorage,
  social: SocialPorts,
  events: DomainEvents,
  passwordChecks: PasswordChecks,
  reviews: ContentSubmissions,
  phones: PhoneConfirmationService,
  owners: MyOwners,
): MyServices {
  const avatar = new AvatarService(repo, profiles, storage, events);
  const profile = new MyProfileService(
    repo,
    profiles,
    social,
    reviews,
    owners,
    passwordChecks.rateLimits,
  );
  return {
    profile,
    photos: new PhotosService(repo, profiles, avatar, storage, reviews),
    avatar,
    identity: new IdentityService(repo, profiles, events, passwordChecks.rateLimits),
    phone: new MyPhoneService(profile, profiles, phones),
    account: new AccountService(
      repo,
      owners.accounts,
      profiles,
      storage,
      social,
      events,
      passwordChecks,
    ),
  };
}
