import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { registerGuest } from './api';
import { FormAlert } from './form-alert';
import { guestFormSchema } from './guest-form-schema';
import { chatPath } from './next-path';
import { useAuthForm } from './use-auth-form';

/** One field and one button: the quickest way into the chat, which it then opens. */
export function GuestEntryForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useAuthForm({
    initial: { nick: '' },
    schema: guestFormSchema,
    submit: registerGuest,
    onSuccess: () => {
      const chat = chatPath(locale);
      void navigate(chat, { replace: pathname === chat });
    },
  });
  const errors = form.errors.nick ?? [];
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="guest-form">
      <FormAlert errors={form.errors} />
      <Form.Label htmlFor="guest-nick" className="fw-medium">
        {t('auth:guest.nick')}
      </Form.Label>
      <div className="d-flex flex-column flex-sm-row gap-2">
        <div className="flex-grow-1">
          <Form.Control
            id="guest-nick"
            name="nick"
            size="lg"
            value={form.values.nick}
            onChange={(e) => form.set('nick')(e.target.value)}
            placeholder={t('auth:guest.placeholder')}
            isInvalid={errors.length > 0}
            autoComplete="nickname"
            aria-describedby={errors.length > 0 ? 'guest-nick-error' : undefined}
            maxLength={64}
          />
          {errors.length > 0 && (
            <Form.Control.Feedback type="invalid" id="guest-nick-error" data-testid="error-nick">
              {errors.join(' ')}
            </Form.Control.Feedback>
          )}
        </div>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          disabled={form.busy}
          className="px-4 align-self-sm-start text-nowrap"
        >
          {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('auth:guest.submit')}
        </Button>
      </div>
    </form>
  );
}
