import { COINS_GIFT_DAILY_LIMIT, type PublicUser } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { makeClientId } from '../../../lib/outbox-queue';
import { useLocale } from '../../../lib/use-locale';
import { pushToast } from '../../toasts/store';
import { sendCoins } from '../api';
import { applyWallet } from '../balance-events';
import { formatCoins } from '../format';
import { balancePath } from '../links';
import { useWalletStatus, useWalletTotals } from '../use-wallet';
import { parseAmount } from './topup-tab';

const TEXT_MAX = 500;

interface Props {
  recipient: PublicUser;
  onClose: () => void;
}

/**
 * Coins as a gift, from the balance only (the bonus is the site's gift to me, not mine to pass
 * on) and within the daily limit. One request_id per opening of the dialog: a double click, or
 * a retry after a lost answer, is the same gift to the server and is sent once.
 */
export function SendCoinsDialog({ recipient, onClose }: Props) {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const client = useQueryClient();
  const { balance } = useWalletTotals();
  // The totals are read afresh when the dialog opens: an amount above them is refused here,
  // before any request, rather than by the server after it.
  const wallet = useWalletStatus();
  const [requestId] = useState(() => makeClientId());
  const [amountText, setAmountText] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);

  const amount = parseAmount(amountText);
  const tooMuch = amount !== null && amount > balance;
  const valid = amount !== null && amount >= 1 && amount <= COINS_GIFT_DAILY_LIMIT && !tooMuch;
  const known = !wallet.isPending;
  const empty = known && balance <= 0;
  const amountProblem = tooMuch
    ? t('send.tooMuch', { coins: formatCoins(Math.min(balance, COINS_GIFT_DAILY_LIMIT), locale) })
    : amountError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A ref, not the state: two clicks in one frame both see busy === false.
    if (amount === null || !valid || sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    setAmountError(null);
    try {
      const trimmed = text.trim();
      const sent = await sendCoins({
        user_id: recipient.id,
        amount,
        ...(trimmed === '' ? {} : { text: trimmed }),
        request_id: requestId,
      });
      applyWallet(client, sent.wallet);
      void client.invalidateQueries({ queryKey: ['balance', 'history'] });
      pushToast({
        variant: 'primary',
        text: t('send.sent', {
          coins: formatCoins(sent.amount, locale),
          nick: recipient.nick.nick,
        }),
      });
      onClose();
      return;
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation) {
        const { amount: onAmount, balance: onBalance, ...rest } = cause.errors;
        setAmountError(onAmount?.[0] ?? null);
        setError(
          onBalance?.[0] ?? Object.values(rest).flat()[0] ?? (onAmount ? null : cause.message),
        );
      }
    }
    sending.current = false;
    setBusy(false);
  };

  return (
    <Modal show onHide={onClose} centered data-testid="send-coins-dialog">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('send.title', { nick: recipient.nick.nick })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small mb-1" data-testid="send-coins-rule">
            {t('send.balanceOnly')}
          </p>
          <p className="small text-body-secondary" data-testid="send-coins-limit">
            {t('send.limit', { coins: formatCoins(COINS_GIFT_DAILY_LIMIT, locale) })}{' '}
            {t('send.yourBalance', { coins: formatCoins(balance, locale) })}
          </p>
          <Form.Group className="mb-3" controlId="send-coins-amount">
            <Form.Label>{t('send.amount')}</Form.Label>
            <Form.Control
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={amountText}
              isInvalid={amountProblem !== null || (amountText !== '' && !valid)}
              disabled={empty}
              onChange={(event) => setAmountText(event.target.value)}
              data-testid="send-coins-amount"
            />
            {amountProblem && (
              <Form.Control.Feedback type="invalid" data-testid="send-coins-amount-error">
                {amountProblem}
              </Form.Control.Feedback>
            )}
            {empty && (
              <Form.Text className="d-block text-danger" data-testid="send-coins-empty">
                {t('send.empty')}{' '}
                <Link to={balancePath(locale, 'topup')} onClick={onClose}>
                  {t('send.topUp')}
                </Link>
              </Form.Text>
            )}
          </Form.Group>
          <Form.Group controlId="send-coins-text">
            <Form.Label>{t('send.text')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="send-coins-text"
            />
          </Form.Group>
          {error && (
            <Alert
              variant="danger"
              className="mt-3 mb-0"
              role="alert"
              data-testid="send-coins-error"
            >
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('send.cancel')}
          </Button>
          <Button type="submit" disabled={!valid || busy} data-testid="send-coins-submit">
            {valid
              ? t('send.submit', { coins: formatCoins(amount, locale) })
              : t('send.submitNoAmount')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The profile's "Send coins": registered viewers on someone else's profile (the caller checks). */
export function SendCoinsButton({ recipient }: { recipient: PublicUser }) {
  const { t } = useTranslation('balance');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="profile-send-coins"
      >
        {t('send.action')}
      </Button>
      {open && <SendCoinsDialog recipient={recipient} onClose={() => setOpen(false)} />}
    </>
  );
}
