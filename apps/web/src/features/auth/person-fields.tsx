import { GENDERS } from '@chat/shared';
import { useId, type ReactNode } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import type { FieldErrors } from './field-errors';
import { TextField } from './text-field';

/** The four person fields of registration and of the profile form, as values and errors. */
export interface PersonFieldValues {
  email: string;
  phone: string;
  gender: string;
  birthdate: string;
}

interface PersonFieldsProps {
  values: PersonFieldValues;
  errors: FieldErrors;
  set: (field: keyof PersonFieldValues) => (value: string) => void;
  /** Wraps each label (registration marks them optional). */
  label?: (text: string) => ReactNode;
}

interface EmailPhoneProps extends PersonFieldsProps {
  /** Said under the e-mail field (the profile form: whether the saved address is confirmed). */
  emailHint?: ReactNode;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Gender and birthdate, side by side. */
export function GenderBirthdateRow({ values, errors, set, label = (s) => s }: PersonFieldsProps) {
  const { t } = useTranslation('auth');
  const genderId = useId();
  return (
    <Row className="g-md-3">
      <Col md={6}>
        <Form.Group className="mb-3" controlId={genderId}>
          <Form.Label className="fw-medium">{label(t('auth:register.gender'))}</Form.Label>
          <Form.Select
            name="gender"
            value={values.gender}
            onChange={(e) => set('gender')(e.target.value)}
            isInvalid={Boolean(errors.gender?.length)}
            data-testid="gender"
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
          label={label(t('auth:register.birthdate'))}
          value={values.birthdate}
          onChange={set('birthdate')}
          errors={errors.birthdate}
          autoComplete="bday"
          max={today()}
        />
      </Col>
    </Row>
  );
}

/** E-mail and phone, side by side. */
export function EmailPhoneRow({
  values,
  errors,
  set,
  label = (s) => s,
  emailHint,
}: EmailPhoneProps) {
  const { t } = useTranslation('auth');
  return (
    <Row className="g-md-3">
      <Col md={6}>
        <TextField
          name="email"
          type="email"
          label={label(t('auth:register.email'))}
          value={values.email}
          onChange={set('email')}
          errors={errors.email}
          hint={emailHint}
          autoComplete="email"
        />
      </Col>
      <Col md={6}>
        <TextField
          name="phone"
          type="tel"
          label={label(t('auth:register.phone'))}
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
  );
}
