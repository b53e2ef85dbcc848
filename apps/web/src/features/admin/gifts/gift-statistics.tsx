import { STATS_GROUPS, type GiftPeriodStats, type StatsGroup } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Image, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { giftStatisticsQuery, statisticsCsvUrl } from './api';
import { TrendChart, colorAt } from './charts';
import { lastDays } from './period';
import { PeriodChooser } from './period-chooser';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** /admin/gifts/statistics: gift sales per period, as a chart and as tables, and as CSV. */
export function GiftStatisticsPage() {
  const { t } = useTranslation('admin-gifts');
  const locale = useLocale();
  const [days, setDays] = useState(30);
  const [group, setGroup] = useState<StatsGroup>('day');
  const period = useMemo(() => ({ ...lastDays(days), group }), [days, group]);
  const result = useQuery(giftStatisticsQuery(period));
  const stats = result.data;
  const name = (g: { name_ru: string; name_en: string }) =>
    locale === 'ru' ? g.name_ru : g.name_en;

  return (
    <section data-testid="gift-statistics">
      <h2 className="h4 mb-3">{t('statistics.title')}</h2>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <PeriodChooser days={days} onDays={setDays} />
        <Form.Group controlId="gift-stats-group">
          <Form.Label className="small mb-1">{t('statistics.group')}</Form.Label>
          <Form.Select
            size="sm"
            value={group}
            onChange={(e) => setGroup(e.target.value as StatsGroup)}
            data-testid="stats-group"
          >
            {STATS_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`statistics.groups.${g}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button
          as="a"
          href={statisticsCsvUrl(period)}
          download
          variant="outline-secondary"
          size="sm"
          data-testid="stats-csv"
        >
          {t('statistics.csv')}
        </Button>
      </div>
      {result.isPending && <Spinner animation="border" size="sm" role="status" />}
      {result.isError && <Alert variant="danger">{t('failed')}</Alert>}
      {stats && (
        <>
          <p className="text-body-secondary small">
            {t('statistics.range', { from: stats.from, to: stats.to })}
          </p>
          <TrendChart
            kind="bar"
            testId="stats-chart"
            data={stats.totals.map((p) => ({ period: p.period, count: p.count, coins: p.coins }))}
            x="period"
            series={[{ key: 'count', label: t('statistics.count'), color: colorAt(0) }]}
          />
          <TrendChart
            data={stats.totals.map((p) => ({ period: p.period, coins: p.coins }))}
            x="period"
            height={200}
            series={[{ key: 'coins', label: t('statistics.coins'), color: colorAt(1) }]}
          />
          <h3 className="h5 mt-4">{t('statistics.per_gift')}</h3>
          {stats.gifts.length === 0 ? (
            <p className="text-body-secondary" data-testid="stats-empty">
              {t('statistics.empty')}
            </p>
          ) : (
            <Table responsive size="sm" className="align-middle" data-testid="stats-table">
              <caption className="visually-hidden">{t('statistics.per_gift')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statistics.gift')}</th>
                  <th scope="col" className="text-end">
                    {t('statistics.count')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('statistics.coins')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('statistics.anonymous')}
                  </th>
                  <th scope="col">{t('statistics.top')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.gifts.map(({ gift, total }) => (
                  <tr key={gift.id} data-testid={`stats-gift-${gift.id}`}>
                    <th scope="row" className="fw-normal">
                      <Image src={gift.image} alt="" width={24} height={24} className="me-2" />
                      {name(gift)}
                    </th>
                    <td className="text-end">{total.count}</td>
                    <td className="text-end">{total.coins}</td>
                    <td className="text-end">{percent(total.anonymous_share)}</td>
                    <td>
                      <TopSenders stats={total} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <h3 className="h5 mt-4">{t('statistics.per_period')}</h3>
          <Table responsive size="sm" className="align-middle" data-testid="stats-periods">
            <caption className="visually-hidden">{t('statistics.per_period')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statistics.period')}</th>
                <th scope="col" className="text-end">
                  {t('statistics.count')}
                </th>
                <th scope="col" className="text-end">
                  {t('statistics.coins')}
                </th>
                <th scope="col" className="text-end">
                  {t('statistics.anonymous')}
                </th>
                <th scope="col">{t('statistics.top')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.totals.map((p) => (
                <tr key={p.period}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {p.period}
                  </th>
                  <td className="text-end">{p.count}</td>
                  <td className="text-end">{p.coins}</td>
                  <td className="text-end">{percent(p.anonymous_share)}</td>
                  <td>
                    <TopSenders stats={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </section>
  );
}

function TopSenders({ stats }: { stats: GiftPeriodStats }) {
  const { t } = useTranslation('admin-gifts');
  if (stats.top_senders.length === 0) return null;
  return (
    <ol className="list-unstyled mb-0 small">
      {stats.top_senders.map((s) => (
        <li key={s.user.id}>
          <StyledNick nick={s.user.nick} />{' '}
          {t('statistics.sender', { count: s.count, coins: s.coins })}
        </li>
      ))}
    </ol>
  );
}
