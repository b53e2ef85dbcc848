import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useLocale } from '../../../lib/use-locale';
import { balancePath } from '../../balance/links';

/** What a refused purchase shows in its dialog: not enough coins, or the server's reason. */
export type PurchaseProblem = { kind: 'balance' } | { kind: 'other'; text: string };

/**
 * A purchase's failure as its dialog shows it. Only 422s come here (the API client toasts the
 * rest): `errors.balance` is "not enough coins"; any other field's text is shown as sent.
 */
export function purchaseProblem(error: unknown): PurchaseProblem | null {
  if (!(error instanceof ApiError) || !error.isValidation) return null;
  if (Object.hasOwn(error.errors, 'balance')) return { kind: 'balance' };
  const text = Object.values(error.errors).flat()[0] ?? error.message;
  return { kind: 'other', text };
}

/** "Not enough coins. Top up the balance" (a link to the top-up tab), or another refusal. */
export function PurchaseAlert({ problem }: { problem: PurchaseProblem }) {
  const { t } = useTranslation('premium');
  const locale = useLocale();
  if (problem.kind === 'other') {
    return (
      <Alert variant="danger" className="py-2 small" data-testid="purchase-error">
        {problem.text}
      </Alert>
    );
  }
  return (
    <Alert variant="danger" className="py-2 small" data-testid="not-enough-coins">
      {t('errors.balance')}{' '}
      <Link to={balancePath(locale, 'topup')} className="alert-link" data-testid="top-up-link">
        {t('errors.topUp')}
      </Link>
    </Alert>
  );
}
