import type { ProfilePhoto } from '@chat/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentViewer } from '../../uploads';
import { ReportButton } from '../../complaints/components/report-item';
import { ContentModeration } from './content-moderation';

/**
 * The profile's photos as square thumbnails; a click opens the site's full-screen viewer on
 * that photo, paging through all of them. Photos still processing are not shown yet.
 */
export function ProfilePhotos({
  photos,
  ownerId,
}: {
  photos: readonly ProfilePhoto[];
  /** Whose photos: others may report one (complaints). */
  ownerId?: number;
}) {
  const { t } = useTranslation('profiles');
  const complete = photos.filter((p) => p.attachment.status === 'complete' && p.attachment.url);
  const shown = complete.map((p) => p.attachment);
  const [open, setOpen] = useState<number | null>(null);
  if (shown.length === 0) {
    return <p className="text-body-secondary small mb-0">{t('profile.noPhotos')}</p>;
  }
  return (
    <>
      <div className="profile-photos" data-testid="profile-photos">
        {complete.map(({ id, attachment: a, moderation }, index) => (
          <div key={a.id} className="profile-photo-cell">
            <button
              type="button"
              className="profile-photo"
              onClick={() => setOpen(index)}
              aria-label={t('profile.openPhoto', { n: index + 1, total: shown.length })}
              data-testid="profile-photo"
            >
              <img src={a.thumb_url ?? a.url ?? ''} alt="" loading="lazy" decoding="async" />
            </button>
            {ownerId !== undefined && (
              <ReportButton
                subject={{ type: 'photo', id }}
                ownerId={ownerId}
                className="profile-photo-report"
                iconOnly
              />
            )}
            <ContentModeration
              subjectType="photo"
              subjectId={id}
              moderation={moderation}
              ownerId={ownerId ?? null}
            />
          </div>
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
