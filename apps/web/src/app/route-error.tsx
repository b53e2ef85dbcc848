import { useEffect, useState } from 'react';
import { Button, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunk } from '../lib/chunk-reload';
import { Splash } from './splash';

/**
 * What a page that failed shows in its place. A page's code that failed to load (a deployment
 * replaced it) reloads the page once to get the new build; if that does not help, or anything
 * else went wrong, the person is told so and offered a reload, the navbar still there.
 */
export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadForChunk());
  useEffect(() => {
    if (!reloading) console.error('route failed', error);
  }, [error, reloading]);
  if (reloading) return <Splash />;
  return (
    <Container className="py-5 text-center" role="alert" data-testid="route-error">
      <h1 className="h4 mb-3">{t('routeError.title')}</h1>
      <p className="text-body-secondary">{t(chunk ? 'routeError.chunk' : 'routeError.other')}</p>
      <Button onClick={() => window.location.reload()} data-testid="route-error-reload">
        {t('routeError.reload')}
      </Button>
    </Container>
  );
}
