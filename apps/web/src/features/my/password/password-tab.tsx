import { myPasswordBody } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../auth/form-alert';
import { TextField } from '../../auth/text-field';
import { useAuthForm } from '../../auth/use-auth-form';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys } from '../api';

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

/** Change of password; the server signs every other device out, and the form says so first. */
export function PasswordTab() {
  const { t } = useTranslation('my');
  const client = useQueryClient();
  const form = useAuthForm({
    initial: EMPTY,
    schema: myPasswordBody,
    submit: async (body) => {
      await myApi.changePassword(body);
    },
    onSuccess: () => {
      form.setValues(EMPTY);
      pushToast({ text: t('password.changed'), variant: 'primary' });
      void client.invalidateQueries({ queryKey: myKeys.sessions });
    },
  });
  const { values, errors, set } = form;
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="password-form" style={{ maxWidth: 420 }}>
      <Alert variant="warning" className="small">
        {t('password.othersSignedOut')}
      </Alert>
      <FormAlert errors={errors} />
      {FIELDS.map(({ name, label, autoComplete }) => (
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
        {t('password.submit')}
      </Button>
    </form>
  );
}
