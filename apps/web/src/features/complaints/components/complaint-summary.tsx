import type { ComplaintDetail } from '@chat/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { agreeWith } from '../../../i18n/gender';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';
import { ComplaintStatusBadge } from './status-badge';

/** Who reported what and why, who handles it, and the answer. */
export function ComplaintSummary({ complaint: c }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation('complaints');
  const row = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9" data-testid={testId}>
        {value}
      </dd>
    </>
  );
  return (
    <dl className="row mb-0" data-testid="complaint-summary">
      {row(t('list.status'), <ComplaintStatusBadge status={c.status} />)}
      {row(
        t('detail.reporter', agreeWith(c.reporter)),
        <>
          <UserLink user={c.reporter} />
          {c.reports_count > 1 && (
            <span className="text-body-secondary small ms-2">
              {t('detail.reports', { count: c.reports_count })}
            </span>
          )}
        </>,
      )}
      {c.accused && row(t('detail.accused'), <UserLink user={c.accused} />)}
      {row(
        t('detail.reason'),
        t(`reasons.${c.reason}`, { defaultValue: c.reason }),
        'complaint-reason',
      )}
      {c.text &&
        row(
          t('detail.text'),
          <span className="complaint-user-text" data-testid="complaint-text">
            {c.text}
          </span>,
        )}
      {row(t('detail.filed'), <When iso={c.created_at} />)}
      {c.assignee &&
        row(
          t('detail.assignee', agreeWith(c.assignee)),
          <UserLink user={c.assignee} />,
          'complaint-assignee',
        )}
      {c.resolver &&
        row(t('detail.resolver', agreeWith(c.resolver)), <UserLink user={c.resolver} />)}
      {c.resolved_at && row(t('detail.resolvedAt'), <When iso={c.resolved_at} />)}
      {row(
        t('detail.resolution'),
        c.resolution ? (
          <span className="complaint-user-text" data-testid="complaint-resolution-text">
            {c.resolution}
          </span>
        ) : (
          <span className="text-body-secondary">{t('detail.noAnswer')}</span>
        ),
      )}
    </dl>
  );
}
