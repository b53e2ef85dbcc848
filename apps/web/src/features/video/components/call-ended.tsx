import type { VideoEndReason } from '@chat/shared';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface CallEndedProps {
  reason: VideoEndReason | 'left';
  onAgain: () => void;
  onClose: () => void;
}

/** Why my call ended without my leaving it (removed, banned, another tab, lost). */
export function CallEnded({ reason, onAgain, onClose }: CallEndedProps) {
  const { t } = useTranslation('video');
  return (
    <div className="video-ended" data-testid="video-ended" data-reason={reason}>
      <p className="mb-3" role="status">
        {t(`ended.${reason}`)}
      </p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        {reason !== 'banned' && (
          <Button onClick={onAgain} data-testid="video-again">
            {t('ended.again')}
          </Button>
        )}
        <Button variant="outline-light" onClick={onClose}>
          {t('ended.close')}
        </Button>
      </div>
    </div>
  );
}
