import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../auth/error-text';
import { ApiError } from '../../../lib/api-error';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys, type MyEmail } from '../api';

const SIX_DIGITS = /^\d{6}$/;

/**
 * "E-mail": the profile's address and whether it is confirmed; a code mailed to it and typed
 * here confirms it (the mail's link does the same from any browser).
 */
export function EmailSection() {
  const { t } = useTranslation('my');
  const locale = useLocale();
  const client = useQueryClient();
  const headingId = useId();
  const codeId = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const query = useQuery({ queryKey: myKeys.email, queryFn: () => myApi.email() });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ variant: 'success' | 'warning'; text: string } | null>(
    null,
  );
  const refuseCode = (text: string) => {
    setCodeError(text);
    codeInput.current?.focus();
  };

  const send = useMutation({
    mutationFn: () => myApi.sendEmailCode(),
    onMutate: () => setNotice(null),
    onSuccess: () => {
      const email = query.data?.email ?? '';
      client.setQueryData<MyEmail>(myKeys.email, (prev) => prev && { ...prev, code_pending: true });
      setNotice({ variant: 'success', text: t('security.email.sent', { email }) });
      setCodeError(null);
      // The field appears with this answer: the next thing to do is to type the code.
      setTimeout(() => codeInput.current?.focus(), 0);
    },
    onError: (error) => {
      // 429: the envelope's words (when to try again); 422: no address, or already confirmed.
      setNotice({ variant: 'warning', text: apiErrorText(error) ?? t('loadError') });
      if (error instanceof ApiError && error.isValidation)
        void client.invalidateQueries({ queryKey: myKeys.email });
    },
  });
  const confirm = useMutation({
    mutationFn: (value: string) => myApi.confirmEmailCode(value),
    onMutate: () => setCodeError(null),
    onSuccess: (state) => {
      client.setQueryData(myKeys.email, state);
      // The profile form marks its e-mail confirmed too.
      void client.invalidateQueries({ queryKey: myKeys.profile });
      setCode('');
      setNotice(null);
      pushToast({ text: t('security.email.confirmed'), variant: 'primary' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isValidation)
        refuseCode(t('security.email.codeInvalid'));
      else refuseCode(apiErrorText(error) ?? t('security.email.codeInvalid'));
    },
  });
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!SIX_DIGITS.test(value)) return refuseCode(t('security.email.codeInvalid'));
    confirm.mutate(value);
  };

  const state = query.data;
  return (
    <section className="mb-4" aria-labelledby={headingId} data-testid="email-section">
      <h3 className="h6" id={headingId}>
        {t('security.email.title')}
      </h3>
      {query.isPending ? (
        <Spinner size="sm" role="status" aria-label={t('loading')} />
      ) : !state ? (
        <p className="text-danger">{t('loadError')}</p>
      ) : state.email === null ? (
        <p data-testid="email-none">
          {t('security.email.none')}{' '}
          <Link to={localePath(locale, '/my/profile')} data-testid="email-set-it">
            {t('security.email.setIt')}
          </Link>
        </p>
      ) : (
        <>
          <p className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <span className="fw-medium text-break" data-testid="my-email">
              {state.email}
            </span>
            {state.verified ? (
              <Badge bg="success" data-testid="email-badge">
                {t('security.email.verified')}
              </Badge>
            ) : (
              <Badge bg="warning" text="dark" data-testid="email-badge">
                {t('security.email.unverified')}
              </Badge>
            )}
          </p>
          {!state.verified && (
            <>
              <p className="text-body-secondary small">{t('security.email.why')}</p>
              {notice !== null && (
                <Alert variant={notice.variant} className="py-2" data-testid="email-notice">
                  {notice.text}
                </Alert>
              )}
              {state.code_pending && (
                <form
                  onSubmit={onConfirm}
                  noValidate
                  className="mb-3"
                  data-testid="email-code-form"
                >
                  <Form.Label htmlFor={codeId} className="fw-medium">
                    {t('security.email.code')}
                  </Form.Label>
                  <InputGroup hasValidation className="email-code-group">
                    <Form.Control
                      id={codeId}
                      ref={codeInput}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      value={code}
                      onChange={(e) => {
                        setCode(e.target.value);
                        setCodeError(null);
                      }}
                      isInvalid={codeError !== null}
                      aria-invalid={codeError !== null || undefined}
                      aria-describedby={codeError === null ? undefined : `${codeId}-error`}
                      data-testid="email-code"
                    />
                    <Button
                      type="submit"
                      disabled={confirm.isPending}
                      data-testid="email-code-confirm"
                    >
                      {t('security.email.confirm')}
                    </Button>
                    <Form.Control.Feedback
                      type="invalid"
                      id={`${codeId}-error`}
                      data-testid="error-email-code"
                    >
                      {codeError}
                    </Form.Control.Feedback>
                  </InputGroup>
                </form>
              )}
              <Button
                variant={state.code_pending ? 'outline-secondary' : 'primary'}
                size={state.code_pending ? 'sm' : undefined}
                disabled={send.isPending}
                onClick={() => send.mutate()}
                data-testid="email-send-code"
              >
                {send.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {state.code_pending ? t('security.email.resend') : t('security.email.send')}
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}
