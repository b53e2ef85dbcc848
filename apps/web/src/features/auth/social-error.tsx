import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

// The codes the server's callback sends back (`?social_error=`), and the text of each.
const SOCIAL_ERRORS: Readonly<Record<string, string>> = {
  'social.state_invalid': 'stateInvalid',
  'social.denied': 'denied',
  'social.failed': 'failed',
  'social.linked_elsewhere': 'linkedElsewhere',
  'social.unavailable': 'unavailable',
  'social.email_unverified': 'emailUnverified',
  'entry.registration_closed': 'registrationClosed',
};

/**
 * The i18n key of a sign-in failure's code. The code comes from the address, so anyone can
 * write one: an unknown code reads the generic text and is never shown itself.
 */
export function socialErrorKey(code: string): string {
  const known = Object.hasOwn(SOCIAL_ERRORS, code) ? SOCIAL_ERRORS[code] : undefined;
  return `sign-in:socialError.${known ?? 'unknown'}`;
}

/** `?social_error={code}` of the sign-in and security pages as an alert, closed by the person. */
export function SocialErrorAlert() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('social_error');
  if (code === null) return null;
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('social_error');
        return next;
      },
      { replace: true },
    );
  return (
    <Alert
      variant="danger"
      dismissible
      onClose={close}
      closeLabel={t('common:actions.close')}
      data-testid="social-error"
    >
      {t(socialErrorKey(code))}
    </Alert>
  );
}
