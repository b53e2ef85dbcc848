import type { DashboardDay } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { dashboardQuery } from './api';
import { TrendChart, colorAt } from './charts';
import { lastDays } from './period';
import { PeriodChooser } from './period-chooser';

const COLUMNS = [
  'messages',
  'private_messages',
  'registrations',
  'payments',
  'payments_amount',
  'gift_sales',
  'gift_coins',
] as const satisfies readonly (keyof DashboardDay)[];

/** The admin area's index: who is online now and how each day of a period went. */
export function DashboardPage() {
  const { t } = useTranslation('admin-gifts');
  const [days, setDays] = useState(30);
  const [showTable, setShowTable] = useState(false);
  const range = useMemo(() => lastDays(days), [days]);
  const result = useQuery(dashboardQuery(range));
  const data = result.data;
  const sum = (key: (typeof COLUMNS)[number]) => data?.days.reduce((n, d) => n + d[key], 0) ?? 0;
  const chart = (keys: (typeof COLUMNS)[number][]) =>
    keys.map((key, i) => ({ key, label: t(`dashboard.${key}`), color: colorAt(i) }));
  const rows = data?.days ?? [];

  return (
    <section data-testid="admin-dashboard">
      <h2 className="h4 mb-3">{t('dashboard.title')}</h2>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <PeriodChooser days={days} onDays={setDays} />
      </div>
      {result.isPending && <Spinner animation="border" size="sm" role="status" />}
      {result.isError && <Alert variant="danger">{t('failed')}</Alert>}
      {data && (
        <>
          <div className="row row-cols-2 row-cols-md-3 g-2 mb-3">
            <Stat
              label={t('dashboard.online_now')}
              value={data.online_now}
              testId="dashboard-online"
            />
            <Stat label={t('dashboard.messages')} value={sum('messages')} />
            <Stat label={t('dashboard.private_messages')} value={sum('private_messages')} />
            <Stat label={t('dashboard.registrations')} value={sum('registrations')} />
            <Stat label={t('dashboard.payments')} value={sum('payments')} />
            <Stat label={t('dashboard.gift_sales')} value={sum('gift_sales')} />
          </div>
          <h3 className="h6">{t('dashboard.activity')}</h3>
          <TrendChart
            data={rows}
            x="day"
            series={chart(['messages', 'private_messages', 'registrations'])}
            testId="dashboard-chart"
          />
          <h3 className="h6 mt-3">{t('dashboard.money')}</h3>
          <TrendChart
            kind="bar"
            data={rows}
            x="day"
            series={chart(['payments', 'gift_sales'])}
            height={220}
          />
          <Button
            variant="link"
            className="px-0"
            aria-expanded={showTable}
            aria-controls="dashboard-table"
            onClick={() => setShowTable((v) => !v)}
            data-testid="dashboard-table-toggle"
          >
            {showTable ? t('dashboard.hide_table') : t('dashboard.show_table')}
          </Button>
          {/* Always in the page for screen readers; shown on the screen when asked. */}
          <div id="dashboard-table" className={showTable ? '' : 'visually-hidden'}>
            <Table responsive size="sm" className="align-middle" data-testid="dashboard-table">
              <caption>{t('dashboard.caption', { from: data.from, to: data.to })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.day')}</th>
                  {COLUMNS.map((c) => (
                    <th scope="col" key={c} className="text-end">
                      {t(`dashboard.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="fw-normal text-nowrap">
                      {d.day}
                    </th>
                    {COLUMNS.map((c) => (
                      <td key={c} className="text-end">
                        {d[c]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="col">
      <Card body className="text-center h-100" data-testid={testId}>
        <div className="fs-4 fw-semibold">{value}</div>
        <div className="small text-body-secondary">{label}</div>
      </Card>
    </div>
  );
}
