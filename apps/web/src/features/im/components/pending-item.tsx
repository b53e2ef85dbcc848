import { useTranslation } from 'react-i18next';
import { ClockIcon, AlertIcon } from '../../../shared/ui/icons';
import { AttachmentGrid } from '../../uploads';
import type { PendingImMessage } from '../types';

interface PendingItemProps {
  pending: PendingImMessage;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/** A message of mine not yet confirmed: a clock while queued, waiting or sending, Retry when refused. */
export function PendingItem({ pending, onRetry, onDiscard }: PendingItemProps) {
  const { t } = useTranslation('im');
  const failed = pending.state === 'failed';
  const label = t(`message.${pending.state}`);
  return (
    <li
      className={`im-message is-own is-pending${failed ? ' is-failed' : ''}`}
      data-testid="im-pending"
      data-state={pending.state}
    >
      <div className="im-bubble">
        {pending.attachments.length > 0 && (
          <AttachmentGrid attachments={pending.attachments} blurAdult />
        )}
        <span className="im-text">{pending.text}</span>
        <span className="im-meta" title={label}>
          {failed ? <AlertIcon size={13} /> : <ClockIcon size={13} />}
          {/* Waiting out "too fast" is said in words: it goes out by itself, nothing to do. */}
          <span className={pending.state === 'waiting' ? 'ms-1' : 'visually-hidden'}>{label}</span>
        </span>
        {failed && (
          <span className="im-failed">
            {pending.error && <span className="d-block">{pending.error}</span>}
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              onClick={() => onRetry(pending.client_id)}
              data-testid="im-retry"
            >
              {t('message.retry')}
            </button>
            <button
              type="button"
              className="btn btn-link btn-sm p-0 ms-3"
              onClick={() => onDiscard(pending.client_id)}
            >
              {t('message.discard')}
            </button>
          </span>
        )}
      </div>
    </li>
  );
}
