import type { BanWire } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { useSessionStore } from '../../session/store';
import { formatEnd, sanctionReason } from '../countdown';
import { isInForce, refreshMyBan } from '../my-ban';
import { Countdown } from './countdown-text';

/** My gag while it is in force, with its reason in words (the composer says it when disabled). */
export function useMyActiveGag(): { gag: BanWire; reason: string } | null {
  const locale = useLocale();
  const gag = useSessionStore((s) => s.userData?.gag ?? null);
  return isInForce(gag) ? { gag, reason: sanctionReason(gag, locale) } : null;
}

/**
 * Above the message box of the chat and the messenger while I am gagged: until when and why,
 * the time left, and the way to the details and the appeal. When the time is up the server is
 * asked again (the gag may have been extended or lifted meanwhile).
 */
export function GagBanner() {
  const { t } = useTranslation('sanctions');
  const locale = useLocale();
  const active = useMyActiveGag();
  if (active === null) return null;
  const { gag, reason } = active;
  const appeal = gag.appeal;
  return (
    <div
      className="gag-banner alert alert-warning py-2 px-3 mb-2 small"
      role="status"
      data-testid="gag-banner"
    >
      <span>
        {gag.expires_at === null
          ? t('gag.bannerForever', { reason })
          : t('gag.banner', { until: formatEnd(gag.expires_at, locale), reason })}
      </span>{' '}
      {/* In brackets: after the sentence's full stop, "осталось …" would start in lower case. */}
      {gag.expires_at !== null && (
        <span className="text-nowrap">
          (<Countdown expiresAt={gag.expires_at} onEnd={() => void refreshMyBan()} />)
        </span>
      )}{' '}
      <Link
        to={localePath(locale, appeal ? `/complaints/${appeal.id}` : '/banned')}
        className="alert-link"
        data-testid="gag-banner-link"
      >
        {appeal ? t('gag.appeal') : t('gag.details')}
      </Link>
    </div>
  );
}
