import type { PremiumInfo, PremiumPlan, PremiumState, PublicUser } from '@chat/shared';
import { useRef, useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/query-client';
import { makeClientId } from '../../../lib/outbox-queue';
import { useLocale } from '../../../lib/use-locale';
import { formatCoins } from '../../balance/format';
import { patchUser } from '../../../shared/users/user-cache';
import { useSessionStore } from '../../session/store';
import { pushToast } from '../../toasts/store';
import { buyPremium } from '../api';
import { applyWallet } from '../../balance/balance-events';
import { endAfterPlan, formatUntil } from '../format';
import { applyMyPremium, refreshMyPerks } from '../my-premium';
import { PurchaseAlert, purchaseProblem, type PurchaseProblem } from './not-enough-coins';

type Plan = PremiumInfo['plans'][number];

interface Props {
  plans: readonly Plan[];
  initialPlan?: PremiumPlan;
  /** A gift: who receives it. Without it, the buyer's own premium. */
  recipient?: PublicUser | null;
  /** Offer every plan to choose from (a gift), rather than confirm the one chosen. */
  pickPlan?: boolean;
  onClose: () => void;
}

/**
 * Confirms a premium purchase, for oneself or as a gift: the plan, its price, the coins at
 * hand and where the premium will end. One request id per opening: a double click, or a retry
 * after a lost answer, buys once.
 */
export function PremiumPurchaseDialog(props: Props) {
  const { plans, recipient = null, pickPlan = false, onClose } = props;
  const { t } = useTranslation('premium');
  const locale = useLocale();
  const mine = useSessionStore((s) => s.premium);
  const total = useSessionStore((s) => s.balance + s.bonus);
  const [requestId] = useState(makeClientId);
  const [plan, setPlan] = useState<PremiumPlan | undefined>(props.initialPlan ?? plans[0]?.plan);
  const [problem, setProblem] = useState<PurchaseProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const chosen = plans.find((p) => p.plan === plan) ?? null;
  const current: PremiumState | null = recipient ? null : mine;
  const nick = recipient?.nick.nick ?? '';

  const buy = async () => {
    if (!chosen || sending.current) return;
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const bought = await buyPremium({ plan: chosen.plan, userId: recipient?.id, requestId });
      const state = bought.premium;
      const date = state.until ? formatUntil(state.until, locale) : '';
      // This tab does not hear its own events back: the answer is applied here.
      applyWallet(queryClient, bought.wallet);
      void queryClient.invalidateQueries({ queryKey: ['balance', 'history'] });
      if (recipient) {
        patchUser(recipient.id, { premium: state.active });
        pushToast({ text: t('confirm.given', { nick, date }), variant: 'primary' });
      } else {
        applyMyPremium(state);
        // The perks are permissions the server derives from premium.
        void refreshMyPerks();
        pushToast({ text: t('confirm.bought', { date }), variant: 'primary' });
      }
      onClose();
    } catch (error) {
      setProblem(purchaseProblem(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const planName = (p: Plan) => t(`plans.${p.plan}`);
  const end = chosen ? formatUntil(endAfterPlan(current, chosen.days), locale) : '';
  return (
    <Modal show onHide={onClose} centered data-testid="premium-dialog">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {recipient ? t('confirm.giftTitle', { nick }) : t('confirm.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {pickPlan ? (
          <fieldset className="mb-3">
            <legend className="fs-6 fw-medium">{t('give.pick')}</legend>
            {plans.map((p) => (
              <Form.Check
                key={p.plan}
                type="radio"
                id={`premium-plan-${p.plan}`}
                name="premium-plan"
                checked={plan === p.plan}
                onChange={() => setPlan(p.plan)}
                label={`${planName(p)} · ${formatCoins(p.price, locale)}`}
                data-testid={`premium-pick-${p.plan}`}
              />
            ))}
          </fieldset>
        ) : (
          chosen && (
            <dl className="premium-confirm-facts mb-3">
              <dt>{t('confirm.plan')}</dt>
              <dd data-testid="premium-confirm-plan">
                {planName(chosen)} ({t('plans.days', { count: chosen.days })})
              </dd>
              <dt>{t('confirm.price')}</dt>
              <dd data-testid="premium-confirm-price">{formatCoins(chosen.price, locale)}</dd>
            </dl>
          )
        )}
        <p className="small text-body-secondary mb-2" data-testid="premium-confirm-wallet">
          {t('confirm.wallet')}: {formatCoins(total, locale)}
        </p>
        {chosen && (
          <p className="mb-3" data-testid="premium-confirm-until">
            {recipient
              ? t('confirm.giftNote', { nick })
              : current?.active
                ? t('confirm.extends', { date: end })
                : t('confirm.until', { date: end })}
          </p>
        )}
        {problem && <PurchaseAlert problem={problem} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={() => void buy()} disabled={busy || !chosen} data-testid="premium-confirm">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('confirm.pay', { price: chosen ? formatCoins(chosen.price, locale) : '' })}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
