import { PHOTOS_MAX, PREMIUM_PHOTOS_MAX, type ProfilePhoto } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AttachButton, UploadDropZone, UploadTray, usePendingUploads } from '../../uploads';
import { useCan } from '../../session/permissions';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys, type CropBox } from '../api';
import { applyMyUser } from '../apply-my-user';
import { CropDialog } from './crop-dialog';

/** The uploads box of the gallery (its `photo:` prefix makes the uploads purpose `photo`). */
export const PHOTOS_BOX = 'photo:me';

/** My photos: upload several (button or drop), delete, and cut a square avatar from one. */
export function PhotosTab() {
  const { t } = useTranslation('my');
  const client = useQueryClient();
  const query = useQuery({ queryKey: myKeys.photos, queryFn: () => myApi.photos() });
  const uploads = usePendingUploads(PHOTOS_BOX);
  // Premium raises the limit (`photos.extended`); the server counts, this only tells.
  const max = useCan('photos.extended') ? PREMIUM_PHOTOS_MAX : PHOTOS_MAX;
  const posted = useRef(new Set<number>());
  const [deleting, setDeleting] = useState<ProfilePhoto | null>(null);
  const [cropping, setCropping] = useState<ProfilePhoto | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: myKeys.photos });

  // Each picture that finished processing joins the gallery once, then leaves the tray.
  const { ready, readyIds, clear } = uploads;
  useEffect(() => {
    ready.forEach((attachment, index) => {
      const localId = readyIds[index];
      if (localId === undefined || posted.current.has(attachment.id)) return;
      posted.current.add(attachment.id);
      myApi.addPhoto(attachment.id).then(
        () => {
          clear([localId]);
          void refresh();
        },
        () => posted.current.delete(attachment.id),
      );
    });
    // refresh is stable enough: it only reads the query client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, readyIds, clear]);

  const remove = async (photo: ProfilePhoto) => {
    setBusy(true);
    try {
      await myApi.deletePhoto(photo.id);
      pushToast({ text: t('photos.deleted'), variant: 'primary' });
      setDeleting(null);
      void refresh();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const setAvatar = async (photo: ProfilePhoto, crop: CropBox) => {
    setBusy(true);
    try {
      applyMyUser(await myApi.setAvatar(photo.id, crop));
      pushToast({ text: t('photos.avatarSet'), variant: 'primary' });
      setCropping(null);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const photos = query.data ?? [];
  return (
    <UploadDropZone onFiles={uploads.add} className="my-photos-drop">
      <div data-testid="photos-tab">
        <div className="d-flex align-items-center gap-2 mb-2">
          <AttachButton onFiles={uploads.add} className="btn btn-outline-primary btn-sm" />
          <span className="small text-body-secondary">{t('photos.hint')}</span>
          <span className="small text-body-secondary ms-auto" data-testid="photos-limit">
            {t('photos.limit', { n: query.data?.length ?? 0, max })}
          </span>
        </div>
        <UploadTray items={uploads.items} onRemove={uploads.remove} onRetry={uploads.retry} />
        {query.isPending ? (
          <Spinner size="sm" aria-label={t('loading')} />
        ) : photos.length === 0 ? (
          <p className="text-body-secondary mt-3" data-testid="photos-empty">
            {t('photos.empty')}
          </p>
        ) : (
          <ul className="my-gallery list-unstyled mt-3" data-testid="gallery">
            {photos.map((photo) => (
              <li key={photo.id} className="my-gallery-item" data-testid="gallery-photo">
                <img src={photo.attachment.thumb_url ?? photo.attachment.url ?? ''} alt="" />
                {photo.status === 'new' && (
                  <span className="badge text-bg-light my-gallery-status">
                    {t('photos.pending')}
                  </span>
                )}
                <div className="my-gallery-actions">
                  <Button
                    size="sm"
                    variant="light"
                    onClick={() => setCropping(photo)}
                    data-testid="photo-avatar"
                  >
                    {t('photos.setAvatar')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setDeleting(photo)}
                    aria-label={t('photos.delete')}
                    data-testid="photo-delete"
                  >
                    ×
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {cropping && (
        <CropDialog
          photo={cropping}
          busy={busy}
          onCancel={() => setCropping(null)}
          onSave={(crop) => void setAvatar(cropping, crop)}
        />
      )}
      <Modal show={deleting !== null} onHide={() => setDeleting(null)} centered>
        <Modal.Body>{t('photos.deleteConfirm')}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => deleting && void remove(deleting)}
            data-testid="photo-delete-confirm"
          >
            {t('photos.delete')}
          </Button>
        </Modal.Footer>
      </Modal>
    </UploadDropZone>
  );
}
