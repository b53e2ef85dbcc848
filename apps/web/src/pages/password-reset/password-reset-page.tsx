import { passwordResetBody } from '@chat/shared';
import { useRef, useState } from 'react';
import { Alert, Button, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { syncSession } from '../../features/auth/api';
import { FormAlert } from '../../features/auth/form-alert';
import { socialApi } from '../../features/auth/social-api';
import { TextField } from '../../features/auth/text-field';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { useFocusError } from '../../features/auth/use-focus-error';
import { useSessionStore } from '../../features/session/store';
import { ApiError } from '../../lib/api-error';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from '../login/auth-page-card';

const PASSWORD_FIELDS = ['password', 'password_confirmation'];

/** A 422 about the link, not the passwords: `token.invalid` (used, expired or never sent). */
function isLinkRefused(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.isValidation &&
    !Object.keys(error.errors).some((field) => PASSWORD_FIELDS.includes(field))
  );
}

/**
 * /{locale}/password/reset?token=: the mailed link's page, a new password twice. Changing it
 * ends every session of the account, so this browser forgets its own if it was one of them.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState(false);
  const form = useAuthForm({
    initial: { token, password: '', password_confirmation: '' },
    schema: passwordResetBody,
    submit: async (body) => {
      try {
        await socialApi.reset(body);
      } catch (error) {
        if (isLinkRefused(error)) setRefused(true);
        throw error;
      }
      // Every session of the account ended: this one too, when it was that account's.
      await syncSession().catch(() => {
        if (useSessionStore.getState().userData !== null) useSessionStore.getState().logout();
      });
    },
    onSuccess: () => setDone(true),
  });
  useFocusError(formRef, form.errors);
  // No token, one that cannot be a link's, or one the server refused: the same words.
  const invalid = token === '' || refused || (form.errors.token?.length ?? 0) > 0;

  return (
    <AuthPageCard title={t('sign-in:reset.title')}>
      {done ? (
        <>
          <Alert variant="success" data-testid="reset-done">
            {t('sign-in:reset.done')}
          </Alert>
          <Link to={localePath(locale, '/login')} data-testid="reset-to-sign-in">
            {t('sign-in:reset.toSignIn')}
          </Link>
        </>
      ) : invalid ? (
        <>
          <Alert variant="warning" data-testid="reset-invalid">
            {t('sign-in:reset.invalid')}
          </Alert>
          <Link to={localePath(locale, '/password/forgot')} data-testid="reset-ask-new">
            {t('sign-in:reset.askNew')}
          </Link>
        </>
      ) : (
        <form ref={formRef} onSubmit={form.onSubmit} noValidate data-testid="reset-form">
          <p className="text-body-secondary mb-4">{t('sign-in:reset.lead')}</p>
          <FormAlert errors={form.errors} />
          <Row className="g-md-3">
            <Col md={6}>
              <TextField
                name="password"
                type="password"
                label={t('sign-in:reset.password')}
                value={form.values.password}
                onChange={form.set('password')}
                errors={form.errors.password}
                autoComplete="new-password"
                autoFocus
                required
              />
            </Col>
            <Col md={6}>
              <TextField
                name="password_confirmation"
                type="password"
                label={t('sign-in:reset.confirmation')}
                value={form.values.password_confirmation}
                onChange={form.set('password_confirmation')}
                errors={form.errors.password_confirmation}
                autoComplete="new-password"
                required
              />
            </Col>
          </Row>
          <Button
            type="submit"
            variant="primary"
            className="w-100 py-2"
            disabled={form.busy}
            data-testid="reset-submit"
          >
            {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('sign-in:reset.submit')}
          </Button>
        </form>
      )}
    </AuthPageCard>
  );
}
