import { socialSignupBody, type SocialSignup } from '@chat/shared';
import { useId, useRef, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../toasts/store';
import { socialSignup } from './api';
import { FormAlert } from './form-alert';
import { socialApi } from './social-api';
import { useAuthForm } from './use-auth-form';
import { useFocusError } from './use-focus-error';
import { useNickCheck } from './use-nick-check';

interface SocialSignupFormProps {
  signup: SocialSignup;
  onSignedUp: () => void;
  onCancelled: () => void;
}

/**
 * The last step of a first sign-in with another site: what that site told of the person (its
 * words shown as text, never as markup), and the nick to take, checked as it is typed.
 */
export function SocialSignupForm({ signup, onSignedUp, onCancelled }: SocialSignupFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [cancelling, setCancelling] = useState(false);
  const form = useAuthForm({
    initial: { nick: signup.suggested_nick },
    schema: socialSignupBody,
    submit: async ({ nick }) => {
      const data = await socialSignup(nick);
      pushToast({ text: t('auth:welcome', { nick: data.user.nick.nick }), variant: 'primary' });
    },
    onSuccess: onSignedUp,
  });
  useFocusError(formRef, form.errors);
  const check = useNickCheck(form.values.nick);
  const submitted = form.errors.nick ?? [];
  // What the server said on submit stands until the nick is edited; the live check otherwise.
  const invalid = submitted.length > 0 || check.state === 'invalid';
  const status =
    submitted.length > 0
      ? submitted.join(' ')
      : check.state === 'invalid'
        ? check.message
        : check.state === 'checking'
          ? t('sign-in:socialSignup.checking')
          : check.state === 'free'
            ? t('sign-in:socialSignup.free')
            : '';
  const statusClass = invalid
    ? 'invalid-feedback d-block'
    : check.state === 'free'
      ? 'valid-feedback d-block'
      : 'form-text d-block';

  const cancel = async () => {
    setCancelling(true);
    // Forgotten on the server or not, the step ends here (it expires by itself).
    await socialApi.cancelSignup().catch(() => undefined);
    onCancelled();
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit} noValidate data-testid="social-signup-form">
      <p className="fw-medium mb-2" data-testid="signup-provider">
        {t('sign-in:socialSignup.with', { provider: signup.provider_name })}
      </p>
      {signup.display_name !== null && signup.display_name !== '' && (
        <p className="mb-2 text-break">
          {t('sign-in:socialSignup.nameThere')}{' '}
          <strong data-testid="signup-display-name">{signup.display_name}</strong>
        </p>
      )}
      {signup.has_avatar && (
        <p className="mb-2 text-body-secondary" data-testid="signup-avatar">
          {t('sign-in:socialSignup.avatar', { provider: signup.provider_name })}
        </p>
      )}
      <p className="text-body-secondary mb-4">{t('sign-in:socialSignup.lead')}</p>
      <FormAlert errors={form.errors} />
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label className="fw-medium">{t('sign-in:socialSignup.nick')}</Form.Label>
        <Form.Control
          name="nick"
          value={form.values.nick}
          onChange={(e) => form.set('nick')(e.target.value)}
          isInvalid={invalid}
          isValid={!invalid && check.state === 'free'}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-status ${id}-hint`}
          autoComplete="nickname"
          maxLength={64}
          required
          autoFocus
          data-testid="signup-nick"
        />
        <div
          id={`${id}-status`}
          className={statusClass}
          aria-live="polite"
          data-testid="nick-status"
          data-state={submitted.length > 0 ? 'invalid' : check.state}
        >
          {status}
        </div>
        <Form.Text id={`${id}-hint`} className="d-block">
          {t('auth:register.nickHint')}
        </Form.Text>
      </Form.Group>
      <div className="d-flex flex-column flex-sm-row gap-2">
        <Button
          type="submit"
          variant="primary"
          className="flex-grow-1 py-2"
          disabled={form.busy || cancelling}
          data-testid="signup-submit"
        >
          {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('sign-in:socialSignup.submit')}
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          className="py-2"
          disabled={form.busy || cancelling}
          onClick={() => void cancel()}
          data-testid="signup-cancel"
        >
          {t('sign-in:socialSignup.cancel')}
        </Button>
      </div>
    </form>
  );
}
