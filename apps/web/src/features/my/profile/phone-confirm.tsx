import { useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../auth/field-errors';
import { myApi, type MyProfileView } from '../api';

/**
 * A phone waits for the code sent to it: until the code is typed here it is not the account's
 * sign-in name (issue 19, point 10). "Send again" asks for a new code (rate-limited).
 */
export function PhoneConfirm({
  phone,
  onConfirmed,
}: {
  phone: string;
  onConfirmed: (profile: MyProfileView) => void;
}) {
  const { t } = useTranslation('my');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(apiFieldErrors(e, ['code']).code?.join(' ') ?? '');
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => void run(async () => onConfirmed(await myApi.confirmPhone(code.trim())));
  const resend = () =>
    void run(async () => {
      await myApi.saveProfile({ phone });
      setCode('');
    });
  return (
    <Alert variant="info" data-testid="phone-confirm">
      <p className="mb-2">{t('profile.phoneCodeSent', { phone })}</p>
      {/* Inside the profile form: a nested <form> is not allowed, the button submits by click. */}
      <InputGroup hasValidation>
        <Form.Control
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter confirms the code instead of saving the whole profile form around it.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (code.trim().length === 6) confirm();
          }}
          isInvalid={error !== ''}
          aria-label={t('profile.phoneCode')}
          placeholder={t('profile.phoneCode')}
          data-testid="phone-code"
        />
        <Button
          disabled={busy || code.trim().length !== 6}
          onClick={confirm}
          data-testid="phone-code-confirm"
        >
          {t('profile.phoneConfirm')}
        </Button>
        <Button
          variant="outline-secondary"
          disabled={busy}
          onClick={resend}
          data-testid="phone-code-resend"
        >
          {t('profile.phoneResend')}
        </Button>
        <Form.Control.Feedback type="invalid" data-testid="error-code">
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Alert>
  );
}
