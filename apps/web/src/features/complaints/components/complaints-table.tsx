import type { ComplaintWire } from '@chat/shared';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';
import { complaintPath } from '../links';
import { ComplaintStatusBadge } from './status-badge';

interface ComplaintsTableProps {
  rows: readonly ComplaintWire[];
  /** Staff see how many people reported the same thing. */
  staff: boolean;
  /** The moderation tab's "Take" on open ones. */
  onTake?: (complaint: ComplaintWire) => void;
  busyId?: number | null;
}

/** Complaints as rows: which one, about what, why, its status, when, and (staff) how many. */
export function ComplaintsTable({ rows, staff, onTake, busyId }: ComplaintsTableProps) {
  const { t } = useTranslation('complaints');
  const locale = useLocale();
  return (
    <Table responsive hover size="sm" className="moderation-table" data-testid="complaints-rows">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('list.about')}</th>
          <th>{t('list.reason')}</th>
          <th>{t('list.status')}</th>
          <th>{t('list.when')}</th>
          {staff && <th>{t('list.reports')}</th>}
          {onTake && <th aria-hidden="true" />}
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id} data-testid={`complaint-row-${c.id}`}>
            <td>
              <Link to={complaintPath(locale, c.id)} aria-label={t('list.open', { id: c.id })}>
                {c.id}
              </Link>
            </td>
            <td>
              <span data-testid="complaint-target">{t(`targets.${c.target_type}`)}</span>
              {c.accused && (
                <>
                  {' · '}
                  <UserLink user={c.accused} />
                </>
              )}
            </td>
            <td>{t(`reasons.${c.reason}`, { defaultValue: c.reason })}</td>
            <td>
              <ComplaintStatusBadge status={c.status} />
            </td>
            <td className="small">
              <When iso={c.created_at} />
            </td>
            {staff && <td data-testid="complaint-reports">{c.reports_count}</td>}
            {onTake && (
              <td>
                {c.status === 'open' && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={busyId === c.id}
                    onClick={() => onTake(c)}
                    data-testid={`complaint-take-${c.id}`}
                  >
                    {t('staff.take')}
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
