import { isPremiumActive } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useSessionStore } from '../../session/store';
import { formatUntil } from '../format';
import { CrownIcon } from '../../../shared/ui/premium-mark';

/** My premium as the session holds it: live (MyPremiumUpdated, a purchase in this tab). */
export function PremiumStatus() {
  const { t } = useTranslation('premium');
  const locale = useLocale();
  const premium = useSessionStore((s) => s.premium);
  const until = premium?.until ?? null;
  const active = premium?.active === true && isPremiumActive(until);
  return (
    <div
      className={`premium-status${active ? ' is-active' : ''}`}
      data-testid="premium-status"
      data-active={active}
    >
      <CrownIcon size={22} />
      <div>
        <div className="fw-medium">{t('state.title')}</div>
        <div data-testid="premium-status-text">
          {active && until
            ? t('state.active', { date: formatUntil(until, locale) })
            : until
              ? t('state.ended', { date: formatUntil(until, locale) })
              : t('state.inactive')}
        </div>
      </div>
    </div>
  );
}
