import { loginBody } from '@chat/shared';
import { Button, Spinner } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { pushToast } from '../toasts/store';
import { login } from './api';
import { useAuthDialogStore } from './auth-store';
import { FormAlert } from './form-alert';
import { ProviderButtons } from './provider-buttons';
import { TextField } from './text-field';
import { useAuthForm } from './use-auth-form';

interface SignInFormProps {
  onSuccess: () => void;
  onRegister: () => void;
  /** Where a sign-in with another site comes back to (the page's next path). */
  returnTo: string;
}

export function SignInForm({ onSuccess, onRegister, returnTo }: SignInFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useAuthForm({
    initial: { nick_or_phone: '', password: '' },
    schema: loginBody,
    submit: async (body) => {
      const data = await login(body);
      pushToast({ text: t('auth:welcome', { nick: data.user.nick.nick }), variant: 'primary' });
    },
    onSuccess,
    // The server's only word on this field is "wrong nick, phone or password".
    formLevel: ['nick_or_phone'],
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="sign-in-form">
      <FormAlert errors={form.errors} />
      <TextField
        name="nick_or_phone"
        label={t('auth:signIn.nickOrPhone')}
        value={form.values.nick_or_phone}
        onChange={form.set('nick_or_phone')}
        errors={form.errors.nick_or_phone}
        hint={
          <Trans
            i18nKey="auth:signIn.phoneHint"
            components={{ phone: <span className="text-nowrap" /> }}
          />
        }
        autoComplete="username"
        autoFocus
        required
      />
      <TextField
        name="password"
        type="password"
        label={t('auth:signIn.password')}
        value={form.values.password}
        onChange={form.set('password')}
        errors={form.errors.password}
        autoComplete="current-password"
        required
      />
      <p className="text-end small mb-3">
        <Link
          to={localePath(locale, '/password/forgot')}
          // From the dialog: the page it leads to replaces it.
          onClick={() => useAuthDialogStore.getState().hide()}
          data-testid="forgot-password"
        >
          {t('sign-in:forgotLink')}
        </Link>
      </p>
      <Button type="submit" variant="primary" className="w-100 py-2" disabled={form.busy}>
        {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('auth:signIn.submit')}
      </Button>
      <p className="text-center text-body-secondary small mt-3 mb-0">
        {t('auth:signIn.noAccount')}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRegister}>
          {t('auth:signIn.toRegister')}
        </Button>
      </p>
      <ProviderButtons returnTo={returnTo} label="signIn" />
    </form>
  );
}
