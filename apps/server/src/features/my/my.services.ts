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
import { PhotosService } from './photos.service';

/** The services behind /api/my/* (app.deps.my). */
export interface MyServices {
  profile: MyProfileService;
  photos: PhotosService;
  avatar: AvatarService;
  identity: IdentityService;
  account: AccountService;
}

export function createMyServices(
  repo: MyRepository,
  profiles: ProfilesRepository,
  storage: FileStorage,
  social: SocialPorts,
  events: DomainEvents,
  passwordChecks: PasswordChecks,
  reviews: ContentSubmissions,
): MyServices {
  const avatar = new AvatarService(repo, profiles, storage, events);
  return {
    profile: new MyProfileService(repo, profiles, social, reviews, passwordChecks.rateLimits),
    photos: new PhotosService(repo, profiles, avatar, storage, reviews),
    avatar,
    identity: new IdentityService(repo, profiles, events, passwordChecks.rateLimits),
    account: new AccountService(repo, profiles, storage, social, events, passwordChecks),
  };
}
