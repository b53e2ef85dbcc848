import { TOPUP_MAX, TOPUP_MIN, type PaymentProvider } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useLocale } from '../../../lib/use-locale';
import { createInvoice } from '../api';
import { formatAmount, formatCoins } from '../format';
import { leaveFor } from '../leave-for';
import { useWalletStatus } from '../use-wallet';

export const TOPUP_PRESETS = [100, 300, 500, 1000] as const;

/** A whole number of coins typed in a box, or null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * Top-up: an amount (presets or typed), a provider, then the provider's page. The browser
 * leaves for it; the provider brings it back to the invoices tab.
 */
export function TopupTab() {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const status = useWalletStatus();
  const providers: readonly PaymentProvider[] = status.data?.providers ?? ['test'];
  const [text, setText] = useState(String(TOPUP_PRESETS[0]));
  const [chosen, setChosen] = useState<PaymentProvider>('test');
  const provider = providers.includes(chosen) ? chosen : (providers[0] ?? 'test');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const amount = parseAmount(text);
  // The amount to pay when it is one the server takes, else null.
  const payable = amount !== null && amount >= TOPUP_MIN && amount <= TOPUP_MAX ? amount : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (payable === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      const invoice = await createInvoice(payable, provider);
      if (invoice.pay_url !== null && leaveFor(invoice.pay_url)) return;
      setError(t('topup.noPayUrl'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation) {
        setError(Object.values(cause.errors).flat()[0] ?? cause.message);
      }
    }
    setBusy(false);
  };

  return (
    <Card className="border-0 shadow-sm" data-testid="topup">
      <Card.Body className="p-3 p-md-4">
        <Form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('topup.presets')}</legend>
            <div className="d-flex flex-wrap gap-2" role="group">
              {TOPUP_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="sm"
                  variant={amount === preset ? 'primary' : 'outline-secondary'}
                  aria-pressed={amount === preset}
                  onClick={() => setText(String(preset))}
                  data-testid={`topup-preset-${preset}`}
                >
                  {formatCoins(preset, locale)}
                </Button>
              ))}
            </div>
          </fieldset>
          <Form.Group className="mb-3" controlId="topup-amount" style={{ maxWidth: 240 }}>
            <Form.Label>{t('topup.amount')}</Form.Label>
            <Form.Control
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              isInvalid={text !== '' && payable === null}
              onChange={(event) => setText(event.target.value)}
              data-testid="topup-amount"
            />
            <Form.Text muted>
              {t('topup.range', {
                min: formatAmount(TOPUP_MIN, locale),
                max: formatAmount(TOPUP_MAX, locale),
              })}
            </Form.Text>
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('topup.provider')}</legend>
            {providers.map((p) => (
              <Form.Check
                key={p}
                type="radio"
                id={`topup-provider-${p}`}
                name="provider"
                label={t(`providers.${p}`)}
                checked={provider === p}
                onChange={() => setChosen(p)}
                data-testid={`topup-provider-${p}`}
              />
            ))}
          </fieldset>
          {error && (
            <Alert variant="danger" role="alert" data-testid="topup-error">
              {error}
            </Alert>
          )}
          <Button type="submit" disabled={payable === null || busy} data-testid="topup-submit">
            {payable === null
              ? t('topup.payNoAmount')
              : t('topup.pay', { coins: formatCoins(payable, locale) })}
          </Button>
          <p className="small text-body-secondary mt-2 mb-0">{t('topup.rate')}</p>
        </Form>
      </Card.Body>
    </Card>
  );
}
