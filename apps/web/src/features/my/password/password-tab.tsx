import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../auth/form-alert';
import { TextField } from '../../auth/text-field';
import { useAuthForm } from '../../auth/use-auth-form';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys } from '../api';
import { passwordSchema } from './password-schema';

const EMPTY = { password: '', new_password: '', new_password_confirmation: '' };

/** Change of password; the server signs every other device out, and the form says so first. */
export function PasswordTab() {
  const { t } = useTranslation('my');
  const client = useQueryClient();
  const form = useAuthForm({
    initial: EMPTY,
    schema: passwordSchema,
    submit: async (body) => {
      await myApi.changePassword({
        password: body.password,
        new_password: body.new_password,
        new_password_confirmation: body.new_password_confirmation,
      });
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
      <TextField
        name="password"
        type="password"
        label={t('password.current')}
        value={values.password}
        onChange={set('password')}
        errors={errors.password}
        autoComplete="current-password"
        required
      />
      <TextField
        name="new_password"
        type="password"
        label={t('password.new')}
        value={values.new_password}
        onChange={set('new_password')}
        errors={errors.new_password}
        autoComplete="new-password"
        required
      />
      <TextField
        name="new_password_confirmation"
        type="password"
        label={t('password.confirmation')}
        value={values.new_password_confirmation}
        onChange={set('new_password_confirmation')}
        errors={errors.new_password_confirmation}
        autoComplete="new-password"
        required
      />
      <Button type="submit" disabled={form.busy} data-testid="password-submit">
        {form.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('password.submit')}
      </Button>
    </form>
  );
}
