import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { socialApi } from '../../features/auth/social-api';
import { myKeys } from '../../features/my/api';
import { ApiError } from '../../lib/api-error';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from '../login/auth-page-card';

type State = 'ready' | 'busy' | 'done' | 'invalid';

/**
 * /{locale}/email/confirm?token=: the mailed link confirms only when the person presses the
 * button. Mail scanners open links by themselves; opening one must change nothing.
 */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token === '' ? 'invalid' : 'ready');
  const [limited, setLimited] = useState<string | null>(null);

  const confirm = async () => {
    setState('busy');
    setLimited(null);
    try {
      await socialApi.confirmEmailLink(token);
      setState('done');
      // A signed-in tab's security and profile pages show the address as confirmed now.
      void client.invalidateQueries({ queryKey: myKeys.email });
      void client.invalidateQueries({ queryKey: myKeys.profile });
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) return setState('invalid');
      if (error instanceof ApiError && error.status === 429) setLimited(error.message);
      setState('ready');
    }
  };
  const toSecurity = (
    <Link to={localePath(locale, '/my/security')} data-testid="email-to-security">
      {t('sign-in:emailConfirm.toSecurity')}
    </Link>
  );

  return (
    <AuthPageCard title={t('sign-in:emailConfirm.title')}>
      {state === 'done' ? (
        <>
          <Alert variant="success" data-testid="email-confirmed">
            {t('sign-in:emailConfirm.done')}
          </Alert>
          {toSecurity}
        </>
      ) : state === 'invalid' ? (
        <>
          <Alert variant="warning" data-testid="email-invalid">
            {t('sign-in:emailConfirm.invalid')}
          </Alert>
          {toSecurity}
        </>
      ) : (
        <>
          <p className="text-body-secondary mb-4">{t('sign-in:emailConfirm.lead')}</p>
          {limited !== null && (
            <Alert variant="warning" className="py-2" data-testid="email-limited">
              {limited}
            </Alert>
          )}
          <Button
            variant="primary"
            className="w-100 py-2"
            disabled={state === 'busy'}
            onClick={() => void confirm()}
            data-testid="email-confirm"
          >
            {state === 'busy' && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('sign-in:emailConfirm.submit')}
          </Button>
        </>
      )}
    </AuthPageCard>
  );
}
