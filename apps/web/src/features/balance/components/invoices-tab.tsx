import type { InvoiceStatus, InvoiceWire } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { Pager } from '../../../shared/ui/pager';
import { When } from '../../../shared/ui/when';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { invoicesQuery } from '../api';
import { formatCoins } from '../format';
import { safePayUrl } from '../leave-for';

const STATUS_BG: Record<InvoiceStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  expired: 'secondary',
};

/** My invoices: unpaid ones still in time can be paid again from here. */
export function InvoicesTab() {
  const { t } = useTranslation('balance');
  const params = useListParams();
  const result = useQuery(invoicesQuery(params.page));
  const rows = result.data?.rows ?? [];
  // An unpaid invoice passing its time while the tab is open loses its Pay link.
  const now = useNow(30_000);
  return (
    <section data-testid="balance-invoices">
      {result.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {result.data && rows.length === 0 && (
        <p className="text-body-secondary" data-testid="invoices-empty">
          {t('invoices.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <Table responsive hover size="sm" className="balance-table">
          <thead>
            <tr>
              <th>{t('invoices.number')}</th>
              <th className="text-end">{t('invoices.amount')}</th>
              <th>{t('invoices.status')}</th>
              <th>{t('invoices.created')}</th>
              <th>{t('invoices.expires')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} now={now} />
            ))}
          </tbody>
        </Table>
      )}
      {result.data && (
        <Pager
          page={result.data.page}
          lastPage={result.data.lastPage}
          onPage={(page) => params.set({ page })}
          testId="invoices-pager"
        />
      )}
    </section>
  );
}

function InvoiceRow({ invoice, now }: { invoice: InvoiceWire; now: number }) {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  // The server expires unpaid invoices by a job: one past its time reads as expired already.
  const expired =
    invoice.status === 'expired' ||
    (invoice.status === 'unpaid' && Date.parse(invoice.expires_at) <= now);
  const status: InvoiceStatus = expired ? 'expired' : invoice.status;
  const payUrl = status === 'unpaid' ? safePayUrl(invoice.pay_url) : null;
  const bg = STATUS_BG[status];
  return (
    <tr data-testid={`invoice-row-${invoice.id}`}>
      <td className="small">#{invoice.id}</td>
      <td className="text-end text-nowrap">{formatCoins(invoice.amount, locale)}</td>
      <td>
        <Badge
          bg={bg}
          text={bg === 'warning' ? 'dark' : undefined}
          data-testid="invoice-status"
          data-status={status}
        >
          {t(`statuses.${status}`)}
        </Badge>
      </td>
      <td className="small text-nowrap">
        <When iso={invoice.created_at} />
      </td>
      <td className="small text-nowrap">
        {invoice.status === 'paid' ? (
          <When iso={invoice.paid_at} />
        ) : (
          <When iso={invoice.expires_at} />
        )}
      </td>
      <td className="text-end">
        {payUrl && (
          <a href={payUrl} className="btn btn-sm btn-primary" data-testid="invoice-pay">
            {t('invoices.pay')}
          </a>
        )}
      </td>
    </tr>
  );
}
