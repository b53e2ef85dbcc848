import type { PremiumInfo } from '@chat/shared';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { formatCoins } from '../../balance/format';

type Plan = PremiumInfo['plans'][number];

interface Props {
  plans: readonly Plan[];
  /** Mine is active: the buttons extend it. */
  active: boolean;
  /** Null: the viewer may not buy (a guest); the plans are shown without buttons. */
  onBuy: ((plan: Plan) => void) | null;
}

/** The plans side by side: length, price in coins, and buy (or extend). */
export function PremiumPlans({ plans, active, onBuy }: Props) {
  const { t } = useTranslation('premium');
  const locale = useLocale();
  return (
    <div className="premium-plans" data-testid="premium-plans">
      {plans.map((plan) => (
        <Card
          key={plan.plan}
          className="premium-plan border-0 shadow-sm"
          data-testid={`premium-plan-${plan.plan}`}
        >
          <Card.Body className="d-flex flex-column gap-2">
            <h3 className="h6 mb-0">{t(`plans.${plan.plan}`)}</h3>
            <div className="small text-body-secondary">{t('plans.days', { count: plan.days })}</div>
            <div className="premium-plan-price" data-testid="premium-plan-price">
              {formatCoins(plan.price, locale)}
            </div>
            {onBuy && (
              <Button
                className="mt-auto"
                onClick={() => onBuy(plan)}
                data-testid={`premium-buy-${plan.plan}`}
              >
                {active ? t('plans.extend') : t('plans.buy')}
              </Button>
            )}
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}
