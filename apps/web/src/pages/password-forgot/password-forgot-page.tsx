import { passwordForgotBody } from '@chat/shared';
import { useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../features/auth/form-alert';
import { socialApi } from '../../features/auth/social-api';
import { TextField } from '../../features/auth/text-field';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { useFocusError } from '../../features/auth/use-focus-error';
import { ApiError } from '../../lib/api-error';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from '../login/auth-page-card';

/**
 * /{locale}/password/forgot: a nick or an e-mail, and the same neutral answer whatever happened
 * (the server says nothing of whether an account matched: no one learns who has an account).
 */
export function PasswordForgotPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState(false);
  const [limited, setLimited] = useState<string | null>(null);
  const form = useAuthForm({
    initial: { nick_or_email: '' },
    schema: passwordForgotBody,
    submit: async ({ nick_or_email }) => {
      setLimited(null);
      try {
        await socialApi.forgot(nick_or_email);
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) setLimited(error.message);
        throw error;
      }
    },
    onSuccess: () => setSent(true),
  });
  useFocusError(formRef, form.errors);
  const toSignIn = (
    <Link to={localePath(locale, '/login')} data-testid="forgot-to-sign-in">
      {t('sign-in:forgot.toSignIn')}
    </Link>
  );

  return (
    <AuthPageCard title={t('sign-in:forgot.title')}>
      {sent ? (
        <>
          <Alert variant="success" data-testid="forgot-sent">
            {t('sign-in:forgot.sent')}
          </Alert>
          {toSignIn}
        </>
      ) : (
        <form ref={formRef} onSubmit={form.onSubmit} noValidate data-testid="forgot-form">
          <p className="text-body-secondary mb-4">{t('sign-in:forgot.lead')}</p>
          <FormAlert errors={form.errors} />
          {limited !== null && (
            <Alert variant="warning" className="py-2" data-testid="forgot-limited">
              {limited}
            </Alert>
          )}
          <TextField
            name="nick_or_email"
            label={t('sign-in:forgot.field')}
            value={form.values.nick_or_email}
            onChange={form.set('nick_or_email')}
            errors={form.errors.nick_or_email}
            autoComplete="username"
            autoFocus
            required
          />
          <Button
            type="submit"
            variant="primary"
            className="w-100 py-2 mb-3"
            disabled={form.busy}
            data-testid="forgot-submit"
          >
            {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('sign-in:forgot.submit')}
          </Button>
          <p className="text-center small mb-0">{toSignIn}</p>
        </form>
      )}
    </AuthPageCard>
  );
}
