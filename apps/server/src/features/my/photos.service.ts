import { PHOTOS_MAX, PREMIUM_PHOTOS_MAX, type ProfilePhoto } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { invalid, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import type { FileStorage } from '../../lib/storage/file-storage';
import { presentPhoto } from '../profiles/profiles.presenter';
import { hasPermission } from '../users/user.presenter';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { AvatarService } from './avatar.service';
import type { ContentSubmissions } from './content-submissions';
import { discardFiles } from './discard-files';
import type { MyRepository } from './my.repository';

/** The caller's gallery: uploads (purpose `photo`) added, listed and deleted. */
export class PhotosService {
  constructor(
    private readonly repo: MyRepository,
    private readonly profiles: ProfilesRepository,
    private readonly avatar: AvatarService,
    private readonly storage: FileStorage,
    private readonly reviews: ContentSubmissions,
  ) {}

  /**
   * How many photos a user may keep. When premium ends the photos beyond PHOTOS_MAX stay; no new
   * one is added until the count is under the limit again.
   */
  limitFor(user: UserRow): number {
    return hasPermission(user, 'photos.extended') ? PREMIUM_PHOTOS_MAX : PHOTOS_MAX;
  }

  async list(user: UserRow): Promise<ProfilePhoto[]> {
    return (await this.profiles.photos(user.id, false)).map((p) => presentPhoto(p));
  }

  async add(user: UserRow, attachmentId: number): Promise<ProfilePhoto> {
    const attachment = await this.repo.attachment(attachmentId);
    if (
      !attachment ||
      attachment.user_id !== user.id ||
      attachment.status !== 'complete' ||
      attachment.purpose !== 'photo'
    )
      throw invalid({ attachment_id: ['attachments.invalid'] });
    if ((await this.repo.countPhotos(user.id)) >= this.limitFor(user))
      throw invalid({ attachment_id: ['photos.too_many'] });
    const at = nowIso();
    // A new photo shows at once and waits in the moderation queue (post-moderation).
    const row = await this.repo.addPhoto(user.id, attachmentId, at, (trx, photoId) =>
      this.reviews.photoAdded(trx, user.id, photoId, at),
    );
    return presentPhoto({ ...row, attachment });
  }

  /** Deletes one of my photos and its files (unless a message shows the same picture). */
  async delete(user: UserRow, photoId: number): Promise<void> {
    const photo = await this.repo.ownPhoto(user.id, photoId);
    if (!photo) throw notFound();
    const fresh = (await this.profiles.findLive(user.id)) ?? user;
    if (fresh.avatar_photo_id === photo.id) await this.avatar.remove(fresh);
    await this.repo.deletePhoto(user.id, photoId, (trx) => this.reviews.photoDeleted(trx, photoId));
    const attachment = await this.repo.attachment(photo.attachment_id);
    const linked = await this.repo.linkedAttachmentIds([photo.attachment_id]);
    if (attachment && !linked.has(attachment.id)) {
      await this.repo.deleteAttachment(attachment.id);
      await discardFiles(this.storage, [attachment]);
    }
  }
}
