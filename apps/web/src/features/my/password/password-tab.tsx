import { myPasswordBody, myPasswordChangeForm, RECENT_SIGN_IN_MINUTES } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../auth/form-alert';
import { TextField } from '../../auth/text-field';
import { useAuthForm } from '../../auth/use-auth-form';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys } from '../api';
import { useMySocial } from '../use-my-social';

const EMPTY = { password: '', new_password: '', new_password_confirmation: '' };

const FIELDS = [
  { name: 'password', label: 'password.current', autoComplete: 'current-password' },
  { name: 'new_password', label: 'password.new', autoComplete: 'new-password' },
  {
    name: 'new_password_confirmation',
    label: 'password.confirmation',
    autoComplete: 'new-password',
  },
] as const;

/** The words of each form: change the password, or set the first one. */
const CHANGE = {
  title: 'password.title',
  othersSignedOut: 'password.othersSignedOut',
  submit: 'password.submit',
  done: 'password.changed',
} as const;

const SET = {
  title: 'password.set.title',
  othersSignedOut: 'password.set.othersSignedOut',
  submit: 'password.set.submit',
  done: 'password.set.done',
} as const;

/**
 * The password: changed with the current one, or, for an account made by signing in at another
 * site, set for the first time (the server asks a recent sign-in instead). Whether there is one
 * comes from `GET /api/my/social`.
 */
export function PasswordTab() {
  const { t } = useTranslation('my');
  const social = useMySocial();
  if (social.isPending) return <Spinner size="sm" role="status" aria-label={t('loading')} />;
  if (!social.data) return <p className="text-danger">{t('loadError')}</p>;
  const has = social.data.has_password;
  // A first password set turns the form into the change form, empty.
  return <PasswordForm key={String(has)} hasPassword={has} />;
}

/** The server signs every other device out, and the form says so first. */
function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('my');
  const client = useQueryClient();
  const headingId = useId();
  const words = hasPassword ? CHANGE : SET;
  const form = useAuthForm({
    initial: EMPTY,
    schema: hasPassword ? myPasswordChangeForm : myPasswordBody,
    // An account without a password sends none: there is nothing to compare it with.
    submit: async ({ password, new_password, new_password_confirmation }) => {
      await myApi.changePassword(
        hasPassword
          ? { password, new_password, new_password_confirmation }
          : { new_password, new_password_confirmation },
      );
    },
    // Without the field, what the server says of `password` (sign in again) is the form's.
    formLevel: hasPassword ? [] : ['password'],
    onSuccess: () => {
      form.setValues(EMPTY);
      pushToast({ text: t(words.done), variant: 'primary' });
      void client.invalidateQueries({ queryKey: myKeys.sessions });
      void client.invalidateQueries({ queryKey: myKeys.social });
    },
  });
  const { values, errors, set } = form;
  const fields = hasPassword ? FIELDS : FIELDS.filter((field) => field.name !== 'password');
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby={headingId}
      data-testid="password-form"
      data-has-password={hasPassword}
      style={{ maxWidth: 420 }}
    >
      <h3 className="h6" id={headingId}>
        {t(words.title)}
      </h3>
      {!hasPassword && (
        <p className="small" data-testid="password-set-intro">
          {t('password.set.intro', { minutes: RECENT_SIGN_IN_MINUTES })}
        </p>
      )}
      <Alert variant="warning" className="small">
        {t(words.othersSignedOut)}
      </Alert>
      <FormAlert errors={errors} />
      {fields.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          name={name}
          type="password"
          label={t(label)}
          value={values[name]}
          onChange={set(name)}
          errors={errors[name]}
          autoComplete={autoComplete}
          required
        />
      ))}
      <Button type="submit" disabled={form.busy} data-testid="password-submit">
        {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t(words.submit)}
      </Button>
    </form>
  );
}
