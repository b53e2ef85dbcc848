import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { CrownIcon } from '../../../shared/ui/premium-mark';

/**
 * Beside a perk the person does not have: "Premium", a link to the premium page, with the reason
 * in words (so that a locked control says why and where to get it).
 */
export function PremiumLock({
  reason,
  testId = 'premium-lock',
}: {
  reason: string;
  testId?: string;
}) {
  const { t } = useTranslation('premium');
  const locale = useLocale();
  return (
    <p className="premium-lock small mb-2" data-testid={testId}>
      <span className="premium-lock-badge">
        <CrownIcon size={13} />
        {t('lock.badge')}
      </span>
      <span className="text-body-secondary">{reason}</span>
      <Link to={localePath(locale, '/premium')} data-testid={`${testId}-link`}>
        {t('lock.get')}
      </Link>
    </p>
  );
}
