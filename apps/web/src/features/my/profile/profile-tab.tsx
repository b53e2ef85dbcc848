import {
  ABOUT_MAX,
  MARITAL_STATUSES,
  isMaritalStatus,
  maritalStatusLabel,
  takesPartner,
} from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { apiFieldErrors, type FieldErrors } from '../../auth/field-errors';
import { FormAlert } from '../../auth/form-alert';
import { EmailPhoneRow, GenderBirthdateRow } from '../../auth/person-fields';
import { useSessionStore } from '../../session/store';
import { pushToast } from '../../toasts/store';
import { myApi, type MyProfileView } from '../api';
import { useMyProfile, useSetMyProfile } from '../use-my-profile';
import { PartnerPicker } from './partner-picker';
import { PartnerRequest } from './partner-request';
import { PhoneConfirm } from './phone-confirm';
import {
  PROFILE_FIELDS,
  genderOf,
  patchFrom,
  valuesFrom,
  type ProfileValues,
} from './profile-values';

export function ProfileTab() {
  const { t } = useTranslation('my');
  const query = useMyProfile();
  if (query.isPending) return <Spinner size="sm" aria-label={t('loading')} />;
  if (!query.data) return <p className="text-danger">{t('loadError')}</p>;
  return <ProfileForm profile={query.data} />;
}

/** About, gender, birthdate, marital status and partner, e-mail, phone; one save for all. */
export function ProfileForm({ profile }: { profile: MyProfileView }) {
  const { t } = useTranslation(['my', 'auth']);
  const locale = useLocale();
  const selfId = useSessionStore((s) => s.userData?.user.id ?? 0);
  const setProfile = useSetMyProfile();
  const [values, setValues] = useState<ProfileValues>(() => valuesFrom(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    const key = field === 'partner' ? 'partner_id' : field;
    setErrors((prev) => (prev[key] ? { ...prev, [key]: [] } : prev));
  };
  const setField = (field: 'email' | 'phone' | 'gender' | 'birthdate') => (value: string) =>
    set(field, value);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.about.length > ABOUT_MAX) {
      setErrors({ about: [t('validation:too_long')] });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await myApi.saveProfile(patchFrom(values, profile));
      setProfile(saved);
      setValues(valuesFrom(saved));
      pushToast({ text: t('my:saved'), variant: 'primary' });
    } catch (error) {
      setErrors(apiFieldErrors(error, PROFILE_FIELDS));
    } finally {
      setBusy(false);
    }
  };

  const gender = genderOf(values.gender);
  const status = isMaritalStatus(values.marital_status) ? values.marital_status : null;
  const withPartner = status !== null && takesPartner(status);
  // The saved partner is the one whose answer the page knows; a new pick waits for saving.
  const samePartner = values.partner !== null && values.partner.id === profile.partner?.id;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="profile-form">
      <FormAlert errors={errors} />
      {profile.partner_request && (
        <PartnerRequest
          from={profile.partner_request}
          onAnswered={(p) => {
            setProfile(p);
            setValues(valuesFrom(p));
          }}
        />
      )}
      <Form.Group className="mb-3" controlId="my-about">
        <Form.Label className="fw-medium">{t('my:profile.about')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          name="about"
          value={values.about}
          onChange={(e) => set('about', e.target.value)}
          isInvalid={Boolean(errors.about?.length)}
          maxLength={ABOUT_MAX}
          data-testid="about"
        />
        <div className="d-flex">
          <Form.Control.Feedback type="invalid" data-testid="error-about">
            {errors.about?.join(' ')}
          </Form.Control.Feedback>
          <Form.Text className="ms-auto" data-testid="about-counter">
            {values.about.length} / {ABOUT_MAX}
          </Form.Text>
        </div>
      </Form.Group>
      <GenderBirthdateRow values={values} errors={errors} set={setField} />
      <Row className="g-md-3">
        <Col md={6}>
          <Form.Group className="mb-3" controlId="my-marital">
            <Form.Label className="fw-medium">{t('my:profile.marital')}</Form.Label>
            <Form.Select
              name="marital_status"
              value={values.marital_status}
              onChange={(e) => set('marital_status', e.target.value)}
              isInvalid={Boolean(errors.marital_status?.length)}
              data-testid="marital"
            >
              <option value="">{t('my:profile.maritalNone')}</option>
              {MARITAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {maritalStatusLabel(s, gender, locale)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid" data-testid="error-marital_status">
              {errors.marital_status?.join(' ')}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        {withPartner && (
          <Col md={6}>
            <Form.Group className="mb-3" data-testid="partner-group">
              <Form.Label className="fw-medium">{t('my:profile.partner')}</Form.Label>
              <PartnerPicker
                value={values.partner}
                onChange={(user) => set('partner', user)}
                selfId={selfId}
                errors={errors.partner_id}
              />
              {samePartner && values.partner && (
                <Form.Text className="d-block" data-testid="partner-state">
                  {profile.partner_confirmed
                    ? t('my:profile.partnerConfirmed')
                    : t('my:profile.partnerWaiting', { nick: values.partner.nick.nick })}
                </Form.Text>
              )}
              {!samePartner && values.partner && (
                <Form.Text className="d-block">{t('my:profile.partnerAsk')}</Form.Text>
              )}
            </Form.Group>
          </Col>
        )}
      </Row>
      <EmailPhoneRow
        values={values}
        errors={errors}
        set={setField}
        emailHint={
          // The saved address's state; a new one is unconfirmed until it is saved and confirmed.
          profile.email !== null && values.email.trim() === profile.email ? (
            <span data-testid="email-state">
              {profile.email_verified ? (
                t('my:profile.emailVerified')
              ) : (
                <Trans
                  i18nKey="my:profile.emailUnverified"
                  components={{ link: <Link to={localePath(locale, '/my/security')} /> }}
                />
              )}
            </span>
          ) : undefined
        }
      />
      {profile.phone_pending && (
        <PhoneConfirm
          phone={profile.phone_pending}
          onConfirmed={(p) => {
            setProfile(p);
            setValues(valuesFrom(p));
          }}
        />
      )}
      <Button type="submit" disabled={busy} data-testid="profile-save">
        {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('my:save')}
      </Button>
    </form>
  );
}
