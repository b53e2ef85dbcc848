import '../../styles/chat-messages.css';
import '../../styles/im.css';
import '../../styles/profiles.css';
import '../../styles/balance.css';
import type { ComponentType } from 'react';
import { Button, Card, Container, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { useAuthDialogStore } from '../../features/auth/auth-store';
import { BalanceHeader } from '../../features/balance/components/balance-header';
import { HistoryTab } from '../../features/balance/components/history-tab';
import { InvoicesTab } from '../../features/balance/components/invoices-tab';
import { TopupTab } from '../../features/balance/components/topup-tab';
import {
  BALANCE_PAGE_TABS,
  balancePath,
  isBalancePageTab,
  type BalancePageTab,
} from '../../features/balance/links';
import { useIsRegistered } from '../../features/balance/use-wallet';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';

const TABS: Record<BalancePageTab, ComponentType> = {
  topup: TopupTab,
  history: HistoryTab,
  invoices: InvoicesTab,
};

/** /{locale}/balance/{tab}: the totals, the daily bonus, top-up, the ledger and the invoices. */
export function BalancePage() {
  const { t } = useTranslation(['balance', 'titles']);
  const locale = useLocale();
  const { tab } = useParams();
  const signedIn = useSessionStore((s) => s.userData !== null);
  const registered = useIsRegistered();
  useOwnTitle(
    isBalancePageTab(tab) ? `${t(`balance:tabs.${tab}`)} · ${t('titles:balance')}` : null,
  );

  if (!registered) return <NoWallet guest={signedIn} />;
  if (!isBalancePageTab(tab)) return <Navigate to={balancePath(locale)} replace />;
  const Tab = TABS[tab];
  return (
    <Container className="balance-page py-4" data-testid="balance-page">
      <h1 className="h3 mb-3">{t('balance:title')}</h1>
      <BalanceHeader />
      <Nav variant="tabs" className="mb-3" as="ul">
        {BALANCE_PAGE_TABS.map((key) => (
          <Nav.Item as="li" key={key}>
            <Nav.Link
              as={Link}
              to={balancePath(locale, key)}
              active={key === tab}
              data-testid={`balance-tab-${key}`}
            >
              {t(`balance:tabs.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Tab key={tab} />
    </Container>
  );
}

/** A visitor or a guest: a wallet comes with an account. */
function NoWallet({ guest }: { guest: boolean }) {
  const { t } = useTranslation('balance');
  const showAuth = useAuthDialogStore((s) => s.show);
  return (
    <Container className="py-5">
      <Card
        className="border-0 shadow-sm mx-auto"
        style={{ maxWidth: 480 }}
        data-testid="balance-no-wallet"
      >
        <Card.Body className="p-4 text-center">
          <h1 className="h4 mb-3">{t('title')}</h1>
          <p className="text-body-secondary">{t(guest ? 'guestOnly' : 'signedOut')}</p>
          <Button variant="primary" onClick={() => showAuth(guest ? 'register' : 'signIn')}>
            {t(guest ? 'register' : 'signIn')}
          </Button>
        </Card.Body>
      </Card>
    </Container>
  );
}
