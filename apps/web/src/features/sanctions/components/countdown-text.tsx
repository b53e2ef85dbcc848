import { useTranslation } from 'react-i18next';
import { countdownParts, useCountdown } from '../countdown';

/** "2 days 03:04:05 left", live; `onEnd` once at zero. */
export function Countdown({ expiresAt, onEnd }: { expiresAt: string; onEnd?: () => void }) {
  const { t } = useTranslation('sanctions');
  const left = useCountdown(expiresAt, onEnd) ?? 0;
  const { days, clock } = countdownParts(left);
  return (
    <span className="sanction-countdown" data-testid="sanction-countdown" aria-live="off">
      {days > 0 ? t('leftDays', { count: days, clock }) : t('left', { clock })}
    </span>
  );
}
