import { AVATAR_CROP_MIN, type ProfilePhoto } from '@chat/shared';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { CropBox } from '../api';
import {
  clampCrop,
  cropByKey,
  cropOnScreen,
  initialCrop,
  moveCrop,
  resizeCrop,
  type Size,
} from './crop';

interface CropDialogProps {
  photo: ProfilePhoto;
  busy: boolean;
  onCancel: () => void;
  onSave: (crop: CropBox) => void;
}

/**
 * A square over the picture: drag it or move it with the arrow keys, size it with the slider or
 * + and −, or set its place with the two position sliders; saved in source pixels.
 */
export function CropDialog({ photo, busy, onCancel, onSave }: CropDialogProps) {
  const { t } = useTranslation('my');
  // The stored picture's own size, read when it loads: crops are in its pixels.
  const [image, setImage] = useState<Size | null>(null);
  const [crop, setCrop] = useState<CropBox>({ x: 0, y: 0, size: 0 });
  const [shown, setShown] = useState<number | null>(null);
  const drag = useRef<{ x: number; y: number; start: CropBox } | null>(null);
  // Source pixels per screen pixel, once the picture has its on-screen width.
  const scale = image && shown ? image.width / shown : 1;
  const overlay = cropOnScreen(crop, scale);
  const longest = image ? Math.min(image.width, image.height) : 0;

  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: crop };
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || !image) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    setCrop(moveCrop(from.start, dx, dy, scale, image, AVATAR_CROP_MIN));
  };
  const onUp = () => {
    drag.current = null;
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!image) return;
    const next = cropByKey(crop, event.key, event.shiftKey, image, AVATAR_CROP_MIN);
    if (next === null) return;
    event.preventDefault();
    setCrop(next);
  };
  const moveTo = (x: number, y: number) =>
    image && setCrop(clampCrop({ ...crop, x, y }, image, AVATAR_CROP_MIN));

  return (
    <Modal show onHide={onCancel} centered data-testid="crop-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('photos.cropTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="my-crop">
          <img
            src={photo.attachment.url ?? ''}
            alt=""
            draggable={false}
            onLoad={(e) => {
              const img = e.currentTarget;
              const size = { width: img.naturalWidth, height: img.naturalHeight };
              setImage(size);
              setCrop(initialCrop(size));
              setShown(img.clientWidth);
            }}
            data-testid="crop-image"
          />
          {image && shown !== null && (
            <div
              className="my-crop-square"
              style={{ left: overlay.x, top: overlay.y, width: overlay.size, height: overlay.size }}
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={onUp}
              onPointerCancel={onUp}
              onKeyDown={onKey}
              tabIndex={0}
              role="group"
              aria-label={t('photos.cropArea')}
              aria-describedby="crop-hint"
              data-testid="crop-square"
            />
          )}
        </div>
        <p id="crop-hint" className="small text-body-secondary mt-2 mb-0">
          {t('photos.cropHint')}
        </p>
        <Form.Label htmlFor="crop-size" className="mt-3 small">
          {t('photos.cropSize')}
        </Form.Label>
        <Form.Range
          id="crop-size"
          min={Math.min(AVATAR_CROP_MIN, longest)}
          max={longest}
          value={crop.size}
          disabled={!image}
          onChange={(e) =>
            image && setCrop(resizeCrop(crop, Number(e.target.value), image, AVATAR_CROP_MIN))
          }
          data-testid="crop-size"
        />
        <Form.Label htmlFor="crop-x" className="mt-2 small">
          {t('photos.cropX')}
        </Form.Label>
        <Form.Range
          id="crop-x"
          min={0}
          max={image ? image.width - crop.size : 0}
          value={crop.x}
          disabled={!image || image.width <= crop.size}
          onChange={(e) => moveTo(Number(e.target.value), crop.y)}
          data-testid="crop-x"
        />
        <Form.Label htmlFor="crop-y" className="mt-2 small">
          {t('photos.cropY')}
        </Form.Label>
        <Form.Range
          id="crop-y"
          min={0}
          max={image ? image.height - crop.size : 0}
          value={crop.y}
          disabled={!image || image.height <= crop.size}
          onChange={(e) => moveTo(crop.x, Number(e.target.value))}
          data-testid="crop-y"
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button disabled={busy || !image} onClick={() => onSave(crop)} data-testid="crop-save">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('photos.setAvatar')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
