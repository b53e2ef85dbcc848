import type { ProfilePhoto } from '@chat/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentViewer } from '../../uploads';

/**
 * The profile's photos as square thumbnails; a click opens the site's full-screen viewer on
 * that photo, paging through all of them. Photos still processing are not shown yet.
 */
export function ProfilePhotos({ photos }: { photos: readonly ProfilePhoto[] }) {
  const { t } = useTranslation('profiles');
  const shown = photos
    .map((p) => p.attachment)
    .filter((a) => a.status === 'complete' && a.url !== null);
  const [open, setOpen] = useState<number | null>(null);
  if (shown.length === 0) {
    return <p className="text-body-secondary small mb-0">{t('profile.noPhotos')}</p>;
  }
  return (
    <>
      <div className="profile-photos" data-testid="profile-photos">
        {shown.map((a, index) => (
          <button
            key={a.id}
            type="button"
            className="profile-photo"
            onClick={() => setOpen(index)}
            aria-label={t('profile.openPhoto', { n: index + 1, total: shown.length })}
            data-testid="profile-photo"
          >
            <img src={a.thumb_url ?? a.url ?? ''} alt="" loading="lazy" decoding="async" />
          </button>
        ))}
      </div>
      {open !== null && (
        <AttachmentViewer
          attachments={shown}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
