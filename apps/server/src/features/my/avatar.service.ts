import { randomBytes } from 'node:crypto';
import { AVATAR_CROP_MIN, AVATAR_SIZE, type MyAvatarBody, type PublicUser } from '@chat/shared';
import sharp from 'sharp';
import type { AttachmentRow, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, invalid, notFound } from '../../http/app-error';
import type { FileStorage } from '../../lib/storage/file-storage';
import { HIDDEN_STATUSES, type ProfilesRepository } from '../profiles/profiles.repository';
import { storageUrl } from '../uploads/attachments.presenter';
import { presentPublicUser } from '../users/user.presenter';
import type { MyRepository } from './my.repository';

interface Square {
  left: number;
  top: number;
  size: number;
}

/**
 * The avatar: a 256 px square the server cuts (sharp) from one of my photos or my own upload,
 * stored through the storage interface; `AvatarUpdated` / `AvatarRemoved` tell everyone.
 */
export class AvatarService {
  constructor(
    private readonly repo: MyRepository,
    private readonly profiles: ProfilesRepository,
    private readonly storage: FileStorage,
    private readonly events: DomainEvents,
  ) {}

  async set(user: UserRow, body: MyAvatarBody): Promise<PublicUser> {
    const { attachment, photoId } = await this.source(user, body);
    if (attachment.adult === 1)
      throw new AppError('validation', {
        messageKey: 'attachments.adult',
        errors: { attachment_id: ['attachments.adult'] },
      });
    const square = squareOf(attachment, body.crop);
    const file = attachment.file_key ? await this.storage.open(attachment.file_key) : null;
    if (!file) throw invalid({ attachment_id: ['attachments.invalid'] });
    const source = await streamToBuffer(file.stream);
    const avatar = await sharp(source, { limitInputPixels: 50_000_000 })
      .extract({ left: square.left, top: square.top, width: square.size, height: square.size })
      .resize(AVATAR_SIZE, AVATAR_SIZE)
      .webp({ quality: 85 })
      .toBuffer();
    const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
    await this.storage.put(key, avatar, { contentType: 'image/webp', size: avatar.length });
    const before = await this.profiles.findLive(user.id);
    const saved = await this.repo.update(user.id, {
      avatar: storageUrl(key),
      avatar_key: key,
      avatar_photo_id: photoId,
    });
    if (before?.avatar_key) await this.storage.delete(before.avatar_key);
    this.events.emit('user.avatar', { userId: saved.id, avatar: saved.avatar });
    this.events.emit('user.updated', { user: presentPublicUser(saved) });
    return presentPublicUser(saved);
  }

  /**
   * A new account's picture from the site it signed up with (features/auth/social): cut to the
   * avatar's square like an upload, unless the person has set an avatar meanwhile. The bytes
   * were fetched by the caller within its size limit; sharp refuses anything not a picture.
   */
  async setFromProvider(userId: number, picture: Buffer): Promise<void> {
    const before = await this.profiles.findLive(userId);
    if (!before || before.avatar !== null) return;
    const avatar = await sharp(picture, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
    const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
    await this.storage.put(key, avatar, { contentType: 'image/webp', size: avatar.length });
    const saved = await this.repo.update(userId, {
      avatar: storageUrl(key),
      avatar_key: key,
      avatar_photo_id: null,
    });
    this.events.emit('user.avatar', { userId: saved.id, avatar: saved.avatar });
    this.events.emit('user.updated', { user: presentPublicUser(saved) });
  }

  async remove(user: UserRow): Promise<PublicUser> {
    const before = await this.profiles.findLive(user.id);
    if (!before) throw notFound();
    const saved = await this.repo.update(user.id, {
      avatar: null,
      avatar_key: null,
      avatar_photo_id: null,
    });
    if (before.avatar_key) await this.storage.delete(before.avatar_key);
    if (before.avatar !== null) {
      this.events.emit('user.avatar', { userId: saved.id, avatar: null });
      this.events.emit('user.updated', { user: presentPublicUser(saved) });
    }
    return presentPublicUser(saved);
  }

  private async source(
    user: UserRow,
    body: MyAvatarBody,
  ): Promise<{ attachment: AttachmentRow; photoId: number | null }> {
    if (body.photo_id !== undefined) {
      // Someone else's photo is not found, as if it did not exist.
      const photo = await this.repo.ownPhoto(user.id, body.photo_id);
      const attachment = photo ? await this.repo.attachment(photo.attachment_id) : undefined;
      if (!photo || !attachment || attachment.status !== 'complete') throw notFound();
      // A refused photo would come back as the avatar everyone sees.
      if ((HIDDEN_STATUSES as readonly string[]).includes(photo.status))
        throw invalid({ photo_id: ['photos.refused'] });
      return { attachment, photoId: photo.id };
    }
    const attachment = await this.repo.attachment(body.attachment_id ?? 0);
    if (!attachment || attachment.user_id !== user.id || attachment.status !== 'complete')
      throw invalid({ attachment_id: ['attachments.invalid'] });
    return { attachment, photoId: null };
  }
}

/** The crop asked for (inside the picture, not too small), or the centred largest square. */
function squareOf(attachment: AttachmentRow, crop: MyAvatarBody['crop']): Square {
  const width = attachment.width ?? 0;
  const height = attachment.height ?? 0;
  if (!crop) {
    const size = Math.min(width, height);
    if (size < 1) throw invalid({ attachment_id: ['attachments.invalid'] });
    return { left: Math.floor((width - size) / 2), top: Math.floor((height - size) / 2), size };
  }
  const minimum = Math.min(AVATAR_CROP_MIN, width, height);
  if (crop.size < minimum || crop.x + crop.size > width || crop.y + crop.size > height)
    throw invalid({ crop: ['avatar.crop_outside'] });
  return { left: crop.x, top: crop.y, size: crop.size };
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
