import type { LedgerEntry } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { Pager } from '../../../shared/ui/pager';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { historyQuery } from '../api';
import { formatCoins, formatSignedCoins } from '../format';

/** The ledger, newest first: every credit and debit with its reason and the totals after it. */
export function HistoryTab() {
  const { t } = useTranslation('balance');
  const params = useListParams();
  const result = useQuery(historyQuery(params.page));
  const rows = result.data?.rows ?? [];
  return (
    <section data-testid="balance-history">
      {result.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {result.data && rows.length === 0 && (
        <p className="text-body-secondary" data-testid="history-empty">
          {t('history.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <Table responsive hover size="sm" className="balance-table">
          <thead>
            <tr>
              <th>{t('history.when')}</th>
              <th>{t('history.what')}</th>
              <th className="text-end">{t('history.amount')}</th>
              <th>{t('history.part')}</th>
              <th className="text-end">{t('history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <HistoryRow key={`${entry.id}-${entry.part}`} entry={entry} />
            ))}
          </tbody>
        </Table>
      )}
      {result.data && (
        <Pager
          page={result.data.page}
          lastPage={result.data.lastPage}
          onPage={(page) => params.set({ page })}
          testId="history-pager"
        />
      )}
    </section>
  );
}

function HistoryRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const credit = entry.amount > 0;
  const after = entry.balance_after + entry.bonus_after;
  return (
    <tr data-testid={`history-row-${entry.id}`}>
      <td className="small text-nowrap">
        <When iso={entry.created_at} />
      </td>
      <td>
        <span data-testid="history-reason">
          {t(`reasons.${entry.reason}`, { defaultValue: entry.reason })}
        </span>
        {entry.counterpart && (
          <span className="ms-1" data-testid="history-counterpart">
            {credit ? '← ' : '→ '}
            <UserLink user={entry.counterpart} />
          </span>
        )}
      </td>
      <td
        className={`text-end text-nowrap fw-semibold ${credit ? 'text-success' : 'text-danger'}`}
        data-testid="history-amount"
      >
        {formatSignedCoins(entry.amount, locale)}
      </td>
      <td>
        <Badge
          bg={entry.part === 'bonus' ? 'warning' : 'secondary'}
          text={entry.part === 'bonus' ? 'dark' : undefined}
          data-testid="history-part"
        >
          {t(`parts.${entry.part}`)}
        </Badge>
      </td>
      <td className="text-end small text-nowrap" data-testid="history-after">
        <div>{formatCoins(after, locale)}</div>
        <div className="text-body-secondary">
          {t('history.afterParts', {
            balance: formatCoins(entry.balance_after, locale),
            bonus: formatCoins(entry.bonus_after, locale),
          })}
        </div>
      </td>
    </tr>
  );
}
