import { RECENT_SIGN_IN_MINUTES } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { apiFieldErrors, type FieldErrors } from '../../auth/field-errors';
import { FormAlert } from '../../auth/form-alert';
import { TextField } from '../../auth/text-field';
import { useSessionStore } from '../../session/store';
import { pushToast } from '../../toasts/store';
import { myApi } from '../api';
import { useMySocial } from '../use-my-social';

const DELETED = ['profile', 'photos', 'contacts', 'lists', 'sessions'] as const;
const KEPT = ['publicMessages', 'privateMessages'] as const;

/**
 * Deleting the account: first what goes and what stays (as the privacy policy promises), then the
 * password, then one last confirmation. An account without a password (made by signing in at
 * another site) types none: the server asks that it signed in recently instead.
 */
export function DeleteAccountTab() {
  const { t } = useTranslation('my');
  const locale = useLocale();
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const social = useMySocial();
  const hasPassword = social.data?.has_password ?? true;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (hasPassword && password === '') {
      setErrors({ password: [t('delete.passwordRequired')] });
      return;
    }
    setConfirming(true);
  };
  const remove = async () => {
    setBusy(true);
    try {
      await myApi.deleteAccount(hasPassword ? password : undefined);
      useSessionStore.getState().logout();
      pushToast({ text: t('delete.done'), variant: 'primary' });
      void navigate(localePath(locale, '/'));
    } catch (error) {
      // Without the field, what the server says of `password` (sign in again) is the form's.
      setErrors(apiFieldErrors(error, hasPassword ? ['password'] : []));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="delete-tab">
      <p>{t('delete.intro')}</p>
      <h3 className="h6">{t('delete.deletedTitle')}</h3>
      <ul data-testid="delete-deleted">
        {DELETED.map((key) => (
          <li key={key}>{t(`delete.deleted.${key}`)}</li>
        ))}
      </ul>
      <h3 className="h6">{t('delete.keptTitle')}</h3>
      <ul data-testid="delete-kept">
        {KEPT.map((key) => (
          <li key={key}>{t(`delete.kept.${key}`)}</li>
        ))}
      </ul>
      <p className="small text-body-secondary">
        {t('delete.policy')}{' '}
        <Link to={localePath(locale, '/page/privacy')}>{t('delete.policyLink')}</Link>
      </p>
      <Form.Check
        id="delete-understood"
        className="mb-3"
        label={t('delete.understood')}
        checked={understood}
        onChange={(e) => setUnderstood(e.target.checked)}
        data-testid="delete-understood"
      />
      {understood &&
        (social.isPending ? (
          <Spinner size="sm" role="status" aria-label={t('loading')} />
        ) : !social.data ? (
          <p className="text-danger">{t('loadError')}</p>
        ) : (
          <form onSubmit={ask} noValidate style={{ maxWidth: 420 }} data-testid="delete-form">
            <FormAlert errors={errors} />
            {hasPassword ? (
              <TextField
                name="password"
                type="password"
                label={t('delete.password')}
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  setErrors({});
                }}
                errors={errors.password}
                autoComplete="current-password"
                required
              />
            ) : (
              <p className="small" data-testid="delete-reauth-note">
                {t('delete.reauthNote', { minutes: RECENT_SIGN_IN_MINUTES })}
              </p>
            )}
            <Button type="submit" variant="danger" data-testid="delete-submit">
              {t('delete.submit')}
            </Button>
          </form>
        ))}
      <Modal show={confirming} onHide={() => setConfirming(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('delete.confirmTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Alert variant="danger" className="mb-0">
            {t('delete.confirmText')}
          </Alert>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="delete-confirm"
          >
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('delete.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
