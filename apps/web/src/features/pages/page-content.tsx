import { Alert, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '../../shared/ui/server-html';
import { PageBody } from './page-body';
import type { usePage } from './use-page';

interface PageContentProps {
  state: ReturnType<typeof usePage>;
  missingText: string;
  failedText: string;
}

/** The body of a static page with its loading, missing and failed states. */
export function PageContent({ state, missingText, failedText }: PageContentProps) {
  const { t } = useTranslation();
  if (state.isLoading) {
    return (
      <Placeholder as="div" animation="glow" aria-busy="true" aria-label={t('common:loading')}>
        <Placeholder xs={10} className="mb-2" />
        <Placeholder xs={8} className="mb-2" />
        <Placeholder xs={11} className="mb-2" />
        <Placeholder xs={6} />
      </Placeholder>
    );
  }
  if (state.missing) return <Alert variant="secondary">{missingText}</Alert>;
  if (state.failed || !state.page) return <Alert variant="warning">{failedText}</Alert>;
  // The server's sanitized rendering of the Markdown (features/admin/pages/page-markdown.ts).
  if (state.page.html !== undefined)
    return <ServerHtml html={state.page.html} className="page-body" />;
  return <PageBody body={state.page.body} />;
}
