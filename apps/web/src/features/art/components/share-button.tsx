import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../../toasts/store';

/** Copies the post's address; says so, or shows the address to copy by hand. */
export function ShareButton({ path }: { path: string }) {
  const { t } = useTranslation('art');
  const copy = async () => {
    const url = new URL(path, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      pushToast({ text: t('share.copied'), variant: 'primary' });
    } catch {
      window.prompt(t('share.manual'), url);
    }
  };
  return (
    <Button variant="outline-primary" size="sm" onClick={() => void copy()} data-testid="art-share">
      {t('share.copy')}
    </Button>
  );
}
