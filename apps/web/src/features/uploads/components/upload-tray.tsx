import { useTranslation } from 'react-i18next';
import { isAdult, type PendingUpload } from '../types';
import { ProgressRing } from './progress-ring';

export interface UploadTrayProps {
  /** The box's pending pictures (`usePendingUploads(owner).items`). */
  items: readonly PendingUpload[];
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  /** Marks a picture 18+; leave out to hide the toggle. */
  onToggleAdult?: (id: string, adult: boolean) => void;
}

/**
 * The row of pictures above a message box: a preview each, a progress ring while uploading or
 * processing, why it failed (with a retry when that can help), remove, and the 18+ toggle.
 * Used by the public chat's composer and the messenger's.
 */
export function UploadTray({ items, onRemove, onRetry, onToggleAdult }: UploadTrayProps) {
  const { t } = useTranslation('uploads');
  if (items.length === 0) return null;
  return (
    <ul className="upload-tray" aria-label={t('tray')} data-testid="upload-tray">
      {items.map((item) => (
        <TrayItem
          key={item.id}
          item={item}
          onRemove={onRemove}
          onRetry={onRetry}
          onToggleAdult={onToggleAdult}
        />
      ))}
    </ul>
  );
}

function TrayItem({
  item,
  onRemove,
  onRetry,
  onToggleAdult,
}: { item: PendingUpload } & Omit<UploadTrayProps, 'items'>) {
  const { t } = useTranslation('uploads');
  const adult = isAdult(item);
  const percent = Math.round(item.progress * 100);
  const status =
    item.state === 'uploading'
      ? t('uploading', { percent: String(percent) })
      : item.state === 'processing'
        ? t('processing')
        : item.state === 'ready'
          ? t('ready')
          : (item.error ?? t('failed'));
  const thumb = item.attachment?.thumb_url ?? item.previewUrl;
  return (
    <li
      className={`upload-item is-${item.state}${adult ? ' is-adult' : ''}`}
      data-testid="upload-item"
      data-state={item.state}
    >
      <div className="upload-thumb">
        {thumb ? <img src={thumb} alt={item.name} /> : <span className="upload-thumb-empty" />}
        {(item.state === 'uploading' || item.state === 'processing') && (
          <span className="upload-progress" data-testid="upload-progress" data-percent={percent}>
            <ProgressRing value={item.state === 'uploading' ? item.progress : null} />
          </span>
        )}
        <button
          type="button"
          className="upload-remove"
          aria-label={t('remove')}
          title={t('remove')}
          onClick={() => onRemove(item.id)}
          data-testid="upload-remove"
        >
          ×
        </button>
      </div>
      <div className="upload-meta">
        <span
          className={`upload-status${item.state === 'failed' ? ' text-danger' : ''}`}
          role="status"
        >
          {status}
        </span>
        {item.state === 'failed' && item.retryable && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0 upload-retry"
            onClick={() => onRetry(item.id)}
            data-testid="upload-retry"
          >
            {t('retry')}
          </button>
        )}
        {onToggleAdult && item.state !== 'failed' && (
          <label className="upload-adult" title={t('adultToggleTitle')}>
            <input
              type="checkbox"
              checked={adult}
              // A picture the server flagged stays adult: only the person's own mark can go.
              disabled={item.attachment?.adult === 1 && !item.adult}
              onChange={(event) => onToggleAdult(item.id, event.target.checked)}
              data-testid="upload-adult"
            />{' '}
            {t('adultToggle')}
          </label>
        )}
      </div>
    </li>
  );
}
