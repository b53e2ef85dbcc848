import { registerBody } from '@chat/shared';
import { Button, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../toasts/store';
import { register } from './api';
import { FormAlert } from './form-alert';
import { ProviderButtons } from './provider-buttons';
import { EmailPhoneRow, GenderBirthdateRow } from './person-fields';
import { TextField } from './text-field';
import { useAuthForm } from './use-auth-form';

interface RegisterFormProps {
  initialNick?: string;
  onSuccess: () => void;
  onSignIn: () => void;
  /** Where a sign-up with another site comes back to (the page's next path). */
  returnTo: string;
}

export function RegisterForm({
  initialNick = '',
  onSuccess,
  onSignIn,
  returnTo,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const form = useAuthForm({
    initial: {
      nick: initialNick,
      password: '',
      password_confirmation: '',
      email: '',
      phone: '',
      gender: '',
      birthdate: '',
    },
    schema: registerBody,
    submit: async (body) => {
      const data = await register(body);
      pushToast({ text: t('auth:welcome', { nick: data.user.nick.nick }), variant: 'primary' });
    },
    onSuccess,
  });
  const optional = (label: string) => (
    <>
      {label}{' '}
      <span className="text-body-secondary fw-normal small">({t('auth:register.optional')})</span>
    </>
  );
  const { values, errors, set } = form;

  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="register-form">
      <FormAlert errors={errors} />
      <TextField
        name="nick"
        label={t('auth:register.nick')}
        value={values.nick}
        onChange={set('nick')}
        errors={errors.nick}
        hint={t('auth:register.nickHint')}
        autoComplete="username"
        autoFocus={!initialNick}
        required
      />
      <Row className="g-md-3">
        <Col md={6}>
          <TextField
            name="password"
            type="password"
            label={t('auth:register.password')}
            value={values.password}
            onChange={set('password')}
            errors={errors.password}
            autoComplete="new-password"
            autoFocus={Boolean(initialNick)}
            required
          />
        </Col>
        <Col md={6}>
          <TextField
            name="password_confirmation"
            type="password"
            label={t('auth:register.passwordConfirmation')}
            value={values.password_confirmation}
            onChange={set('password_confirmation')}
            errors={errors.password_confirmation}
            autoComplete="new-password"
            required
          />
        </Col>
      </Row>
      <EmailPhoneRow values={values} errors={errors} set={set} label={optional} />
      <GenderBirthdateRow values={values} errors={errors} set={set} label={optional} />
      <Button type="submit" variant="primary" className="w-100 py-2" disabled={form.busy}>
        {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('auth:register.submit')}
      </Button>
      <p className="text-center text-body-secondary small mt-3 mb-0">
        {t('auth:register.haveAccount')}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onSignIn}>
          {t('auth:register.toSignIn')}
        </Button>
      </p>
      <ProviderButtons returnTo={returnTo} label="register" />
    </form>
  );
}
