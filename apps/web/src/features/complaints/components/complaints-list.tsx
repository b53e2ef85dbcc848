import { useQuery } from '@tanstack/react-query';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../shared/ui/pager';
import { complaintsQuery, type ComplaintTab } from '../api';
import { ComplaintsTable } from './complaints-table';
import type { ComplaintWire } from '@chat/shared';

interface ComplaintsListProps {
  tab: ComplaintTab;
  page: number;
  onPage: (page: number) => void;
  staff: boolean;
  onTake?: (complaint: ComplaintWire) => void;
  busyId?: number | null;
}

/** One tab of complaints, paged: loading, failure, empty, or the rows. */
export function ComplaintsList({ tab, page, onPage, staff, onTake, busyId }: ComplaintsListProps) {
  const { t } = useTranslation('complaints');
  const result = useQuery(complaintsQuery(tab, page));
  const data = result.data;
  return (
    <section data-testid={`complaints-list-${tab}`}>
      {result.isLoading && (
        <div className="text-center py-4" role="status">
          <Spinner animation="border" size="sm" />
        </div>
      )}
      {result.isError && (
        <p className="text-danger" role="alert">
          {t('list.loadFailed')}
        </p>
      )}
      {data && data.rows.length === 0 && (
        <p className="text-body-secondary py-3" data-testid="complaints-empty">
          {t('list.empty')}
        </p>
      )}
      {data && data.rows.length > 0 && (
        <ComplaintsTable rows={data.rows} staff={staff} onTake={onTake} busyId={busyId} />
      )}
      {data && <Pager page={data.page} lastPage={data.lastPage} onPage={onPage} />}
    </section>
  );
}
