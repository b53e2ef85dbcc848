import { GENDERS, registerBody } from '@chat/shared';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { pushToast } from '../toasts/store';
import { register } from './api';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';
import { useAuthForm } from './use-auth-form';

interface RegisterFormProps {
  initialNick?: string;
  onSuccess: () => void;
  onSignIn: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

export function RegisterForm({ initialNick = '', onSuccess, onSignIn }: RegisterFormProps) {
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
      <Row className="g-md-3">
        <Col md={6}>
          <TextField
            name="email"
            type="email"
            label={optional(t('auth:register.email'))}
            value={values.email}
            onChange={set('email')}
            errors={errors.email}
            autoComplete="email"
          />
        </Col>
        <Col md={6}>
          <TextField
            name="phone"
            type="tel"
            label={optional(t('auth:register.phone'))}
            value={values.phone}
            onChange={set('phone')}
            errors={errors.phone}
            hint={
              <Trans
                i18nKey="auth:register.phoneHint"
                components={{ phone: <span className="text-nowrap" /> }}
              />
            }
            autoComplete="tel"
            placeholder="+7 912 345-67-89"
          />
        </Col>
      </Row>
      <Row className="g-md-3">
        <Col md={6}>
          <Form.Group className="mb-3" controlId="register-gender">
            <Form.Label className="fw-medium">{optional(t('auth:register.gender'))}</Form.Label>
            <Form.Select
              name="gender"
              value={values.gender}
              onChange={(e) => set('gender')(e.target.value)}
              isInvalid={Boolean(errors.gender?.length)}
            >
              <option value="">{t('auth:register.genderNone')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`auth:register.${gender}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid" data-testid="error-gender">
              {errors.gender?.join(' ')}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={6}>
          <TextField
            name="birthdate"
            type="date"
            label={optional(t('auth:register.birthdate'))}
            value={values.birthdate}
            onChange={set('birthdate')}
            errors={errors.birthdate}
            autoComplete="bday"
            max={today()}
          />
        </Col>
      </Row>
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
    </form>
  );
}
