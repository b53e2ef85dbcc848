import type { SettingValue } from '@chat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useLocale } from '../../../lib/use-locale';
import type { SectionProps } from '../sections';
import { adminSettingsKeys, adminSettingsQuery, saveSettings } from './api';
import { SettingsForm } from './settings-form';

/** The admin area's settings page (issue 23): every site setting in one validated form. */
export function SettingsSection(_props: SectionProps) {
  const { t } = useTranslation('admin-settings');
  const locale = useLocale();
  const client = useQueryClient();
  const query = useQuery(adminSettingsQuery());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (changes: Record<string, SettingValue>) =>
      saveSettings(changes, query.data?.updated_at ?? ''),
    onMutate: () => {
      setErrors({});
      setSaved(false);
    },
    onSuccess: (data) => {
      client.setQueryData(adminSettingsKeys.settings, data);
      setSaved(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isValidation) setErrors(error.errors);
      // Someone saved meanwhile (409, toasted): show their values to start again from.
      if (error instanceof ApiError && error.status === 409) void query.refetch();
    },
  });

  if (query.isPending)
    return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (query.isError) return <Alert variant="danger">{t('failed')}</Alert>;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="h4">
        {t('title')}
      </h1>
      <p className="text-body-secondary">{t('intro')}</p>
      {saved && (
        <Alert variant="success" data-testid="settings-saved">
          {t('saved')}
        </Alert>
      )}
      <SettingsForm
        key={query.data.updated_at}
        data={query.data}
        locale={locale}
        saving={save.isPending}
        serverErrors={errors}
        onSave={(changes) => save.mutate(changes)}
      />
    </section>
  );
}
