import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { abbreviateCoins, formatCoins } from '../format';
import { balancePath } from '../links';
import {
  useClaimDailyBonus,
  useIsRegistered,
  useWalletStatus,
  useWalletTotals,
} from '../use-wallet';
import { CoinIcon, GiftIcon } from './coin-icon';

/**
 * The navbar's wallet: the total (balance + bonus, abbreviated: the navbar has room for "12.5k"),
 * live by BalanceUpdated, leading to the balance page; and the daily bonus while it is open.
 */
export function BalanceNav() {
  const registered = useIsRegistered();
  if (!registered) return null;
  return <Wallet />;
}

function Wallet() {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const { total } = useWalletTotals();
  const status = useWalletStatus();
  const claim = useClaimDailyBonus();
  const full = formatCoins(total, locale);
  return (
    <div className="balance-nav d-flex align-items-center gap-1">
      {status.data?.daily_bonus_available === true && (
        <Button
          size="sm"
          variant="warning"
          className="balance-nav-bonus d-flex align-items-center gap-1 py-0 px-2"
          disabled={claim.isPending}
          onClick={() => claim.mutate()}
          title={t('bonus.claim')}
          data-testid="nav-daily-bonus"
        >
          <GiftIcon size={14} />
          <span className="d-none d-lg-inline">{t('bonus.short')}</span>
          <span className="visually-hidden d-lg-none">{t('bonus.claim')}</span>
        </Button>
      )}
      <Link
        to={balancePath(locale)}
        className="balance-nav-total d-flex align-items-center gap-1 text-decoration-none"
        title={t('nav.title', { coins: full })}
        data-testid="nav-balance"
      >
        <CoinIcon size={18} />
        <span aria-hidden="true" data-testid="nav-balance-total">
          {abbreviateCoins(total)}
        </span>
        <span className="visually-hidden">{t('nav.title', { coins: full })}</span>
      </Link>
    </div>
  );
}
