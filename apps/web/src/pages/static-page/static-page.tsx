import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { PageContent } from '../../features/pages/page-content';
import { usePage } from '../../features/pages/use-page';
import { NotFoundPage } from '../not-found/not-found-page';

/** /page/:slug — an admin-editable text page (privacy policy and others). */
export function StaticPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const state = usePage(slug);
  useOwnTitle(state.missing ? t('titles:notFound') : state.page?.title);
  if (state.missing) return <NotFoundPage />;
  return <StaticPageView state={state} />;
}

export function StaticPageView({
  state,
  footer,
}: {
  state: ReturnType<typeof usePage>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container className="py-5">
      <Card className="static-page-card border-0 shadow-sm mx-auto">
        <Card.Body className="p-4 p-md-5">
          {state.page && <h1 className="h2 mb-4">{state.page.title}</h1>}
          <PageContent
            state={state}
            missingText={t('pages:static.missing')}
            failedText={t('pages:static.loadFailed')}
          />
          {footer}
        </Card.Body>
      </Card>
    </Container>
  );
}
