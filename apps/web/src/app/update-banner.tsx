import { useEffect, useState } from 'react';
import { Button, ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../features/session/store';
import { RefreshIcon } from '../lib/icons';
import { startFakeProgress } from './fake-progress';

export interface UpdateBannerProps {
  /** Injected so tests can see the reload without leaving the page. */
  reload?: () => void;
  random?: () => number;
}

const reloadPage = () => window.location.reload();

export function UpdateBanner({ reload = reloadPage, random }: UpdateBannerProps) {
  const { t } = useTranslation();
  const required = useSessionStore((s) => s.isUpdateRequired);
  const [progress, setProgress] = useState<number | null>(null);
  const updating = progress !== null;

  useEffect(() => {
    if (!updating) return;
    return startFakeProgress({ onProgress: setProgress, onDone: reload, random });
  }, [updating, reload, random]);

  if (!required) return null;
  return (
    <div className="update-banner shadow" role="alert" data-testid="update-banner">
      <div className="container d-flex flex-wrap align-items-center gap-3 py-2">
        <div className="d-flex align-items-center gap-2 flex-grow-1">
          <RefreshIcon size={20} className="flex-none" />
          <span className="fw-medium">{t('shell:update.text')}</span>
        </div>
        {updating ? (
          <div className="d-flex align-items-center gap-2">
            <ProgressBar
              className="update-progress"
              now={progress}
              variant="light"
              aria-label={t('shell:update.progress')}
            />
            <span className="update-percent fw-semibold" data-testid="update-progress">
              {progress}%
            </span>
          </div>
        ) : (
          <Button variant="light" size="sm" className="fw-semibold" onClick={() => setProgress(0)}>
            {t('shell:update.button')}
          </Button>
        )}
      </div>
    </div>
  );
}
