import { useIsRegistered } from '../../features/session/permissions';
import '../../styles/premium.css';
import type { PremiumPlan } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { authPagePath } from '../../features/auth/next-path';
import { premiumInfoQuery } from '../../features/premium/api';
import { PremiumPerks } from '../../features/premium/components/premium-perks';
import { PremiumPlans } from '../../features/premium/components/premium-plans';
import { PremiumPurchaseDialog } from '../../features/premium/components/premium-purchase-dialog';
import { PremiumStatus } from '../../features/premium/components/premium-status';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';

/**
 * /{locale}/premium: what premium gives, the plans with their prices, my premium (live), and
 * buying or extending it from the balance. Guests and visitors read the perks and are told how
 * to get there.
 */
export function PremiumPage() {
  const { t } = useTranslation('premium');
  const locale = useLocale();
  const { pathname } = useLocation();
  const signedIn = useSessionStore((s) => s.userData !== null);
  const registered = useIsRegistered();
  const active = useSessionStore((s) => s.premium?.active === true);
  const query = useQuery({ ...premiumInfoQuery(), enabled: registered });
  const [buying, setBuying] = useState<PremiumPlan | null>(null);
  const plans = query.data?.plans ?? [];

  return (
    <Container className="py-4 premium-page" data-testid="premium-page">
      <h1 className="h3 mb-2">{t('title')}</h1>
      <p className="text-body-secondary mb-4">{t('lead')}</p>
      <div className="premium-columns">
        <Card className="border-0 shadow-sm">
          <Card.Body>
            <h2 className="h5 mb-3">{t('perks.title')}</h2>
            <PremiumPerks />
          </Card.Body>
        </Card>
        <div className="d-flex flex-column gap-3">
          {registered && <PremiumStatus />}
          {!signedIn && (
            <p className="text-body-secondary mb-0" data-testid="premium-signed-out">
              {t('signIn')}
            </p>
          )}
          {signedIn && !registered && (
            <p className="mb-0" data-testid="premium-guest">
              {t('guest')}{' '}
              <Link to={authPagePath(locale, 'register', pathname)}>{t('register')}</Link>
            </p>
          )}
          {registered && (
            <section>
              <h2 className="h5 mb-3">{t('plans.title')}</h2>
              {query.isPending && (
                <div role="status">
                  <Spinner size="sm" className="me-2" />
                  {t('loading')}
                </div>
              )}
              {query.isError && (
                <div role="alert" data-testid="premium-failed">
                  <p className="mb-2">{t('loadFailed')}</p>
                  <Button size="sm" onClick={() => void query.refetch()}>
                    {t('retry')}
                  </Button>
                </div>
              )}
              {query.data && (
                <PremiumPlans plans={plans} active={active} onBuy={(p) => setBuying(p.plan)} />
              )}
            </section>
          )}
        </div>
      </div>
      {buying !== null && (
        <PremiumPurchaseDialog plans={plans} initialPlan={buying} onClose={() => setBuying(null)} />
      )}
    </Container>
  );
}
