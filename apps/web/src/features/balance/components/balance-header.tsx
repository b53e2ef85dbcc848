import { Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { formatCoins } from '../format';
import { nextBonusIn, useClaimDailyBonus, useWalletStatus, useWalletTotals } from '../use-wallet';
import { GiftIcon } from './coin-icon';

/** The balance page's head: balance and bonus apart, their total, and the daily bonus. */
export function BalanceHeader() {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const { balance, bonus, total } = useWalletTotals();
  const cell = (label: string, value: number, testId: string, hint?: string) => (
    <Col xs={12} sm={4}>
      <div className="small text-body-secondary">{label}</div>
      <div className="fs-4 fw-semibold" data-testid={testId}>
        {formatCoins(value, locale)}
      </div>
      {hint && <div className="small text-body-secondary">{hint}</div>}
    </Col>
  );
  return (
    <Card className="border-0 shadow-sm mb-3" data-testid="balance-header">
      <Card.Body className="p-3 p-md-4">
        <Row className="g-3">
          {cell(t('totals.balance'), balance, 'balance-balance', t('totals.balanceHint'))}
          {cell(t('totals.bonus'), bonus, 'balance-bonus', t('totals.bonusHint'))}
          {cell(t('totals.total'), total, 'balance-total')}
        </Row>
        <hr />
        <DailyBonus />
      </Card.Body>
    </Card>
  );
}

/** Claim today's bonus, or when the next one opens. */
function DailyBonus() {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const status = useWalletStatus();
  const claim = useClaimDailyBonus();
  const now = useNow(60_000);
  if (!status.data) return null;
  if (status.data.daily_bonus_available) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-2" data-testid="daily-bonus">
        <span>{t('bonus.available')}</span>
        <Button
          size="sm"
          variant="warning"
          className="d-flex align-items-center gap-1"
          disabled={claim.isPending}
          onClick={() => claim.mutate()}
          data-testid="daily-bonus-claim"
        >
          <GiftIcon size={14} />
          {t('bonus.claim')}
        </Button>
      </div>
    );
  }
  const next = nextBonusIn(status.data.daily_bonus_next_at, locale, now);
  return (
    <p className="mb-0 text-body-secondary" data-testid="daily-bonus">
      {next === null ? (
        t('bonus.claimedToday')
      ) : (
        <span data-testid="daily-bonus-next">{t('bonus.nextAt', { when: next })}</span>
      )}
    </p>
  );
}
