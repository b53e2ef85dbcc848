import { IM_PRIVACY } from '@chat/shared';
import { useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../../toasts/store';
import { myApi } from '../api';
import { useMyProfile, useSetMyProfile } from '../use-my-profile';

/** Who may write to me privately: everyone, or friends only. Saved as soon as it is chosen. */
export function PrivacyTab() {
  const { t } = useTranslation('my');
  const profile = useMyProfile();
  const setProfile = useSetMyProfile();
  const [busy, setBusy] = useState(false);
  if (profile.isPending) return <Spinner size="sm" aria-label={t('loading')} />;
  const value = profile.data?.im_privacy ?? 'all';

  const choose = async (next: (typeof IM_PRIVACY)[number]) => {
    setBusy(true);
    try {
      setProfile(await myApi.saveProfile({ im_privacy: next }));
      pushToast({ text: t('saved'), variant: 'primary' });
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form data-testid="privacy-tab">
      <p className="fw-medium mb-2">{t('privacy.question')}</p>
      {IM_PRIVACY.map((option) => (
        <Form.Check
          key={option}
          type="radio"
          id={`im-privacy-${option}`}
          name="im_privacy"
          label={t(`privacy.${option}`)}
          checked={value === option}
          disabled={busy}
          onChange={() => void choose(option)}
          data-testid={`im-privacy-${option}`}
        />
      ))}
    </Form>
  );
}
