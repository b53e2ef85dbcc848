import type { BanWire } from '@chat/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { sanctionPeriod, sanctionReason } from '../labels';
import { EvidenceView } from './evidence-view';
import { UserLink } from '../../../shared/ui/user-link';
import { When, formatWhen } from '../../../shared/ui/when';

/** One sanction in full: what, why (in words), for how long, by whom, and what caused it. */
export function BanDetails({ ban }: { ban: BanWire }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const row = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8" data-testid={testId}>
        {value}
      </dd>
    </>
  );
  return (
    <div data-testid="ban-details">
      <dl className="row mb-2">
        {row(t('ban.type'), t(`types.${ban.type}`), 'ban-type')}
        {row(t('ban.user'), <UserLink user={ban.user} />)}
        {row(t('ban.reason'), sanctionReason(ban, locale), 'ban-reason')}
        {row(t('ban.period'), sanctionPeriod(ban, locale), 'ban-period')}
        {row(
          t('ban.moderator'),
          ban.moderator ? <UserLink user={ban.moderator} /> : t('ban.aModerator'),
        )}
        {row(t('ban.given'), <When iso={ban.created_at} />)}
        {row(t('ban.ends'), ban.expires_at ? <When iso={ban.expires_at} /> : t('ban.never'))}
        {ban.lifted_at !== null &&
          row(
            t('ban.lifted', { when: formatWhen(ban.lifted_at, locale) }),
            ban.lift_reason ? t(`ban.liftReasons.${ban.lift_reason}`) : '',
          )}
        {ban.comment &&
          row(t('ban.comment'), <span className="complaint-user-text">{ban.comment}</span>)}
      </dl>
      {ban.evidence && (
        <>
          <h3 className="h6">{t('ban.evidence')}</h3>
          <EvidenceView evidence={ban.evidence} />
        </>
      )}
    </div>
  );
}
