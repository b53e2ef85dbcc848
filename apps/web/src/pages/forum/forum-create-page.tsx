import './forum-styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Alert, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { authPagePath } from '../../features/auth/next-path';
import { categoriesQuery, forumApi, forumKeys } from '../../features/forum/api';
import { ForumEditor } from '../../features/forum/components/forum-editor';
import { forumPath, forumThreadPath } from '../../features/forum/links';
import { isRegistered } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';
import { GagBanner } from '../../features/sanctions/components/gag-banner';
import { useLocale } from '../../lib/use-locale';
import { SmileyTools } from './smiley-tools';

/** `/{locale}/forum/create/{categorySlug}`: a new thread (subject and first post). */
export function ForumCreatePage() {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { categorySlug = '' } = useParams();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery());
  const registered = useSessionStore((s) => s.userData !== null && isRegistered(s.userData));
  const text = useRef<HTMLTextAreaElement>(null);
  const category = categories.data?.find((c) => c.slug === categorySlug);
  useOwnTitle(category ? t('create.title', { category: category.name }) : null);

  let body;
  if (categories.isLoading)
    body = (
      <div className="text-center py-4" role="status">
        <Spinner animation="border" size="sm" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  else if (categories.isError)
    body = (
      <p className="text-danger" role="alert">
        {t('loadFailed')}
      </p>
    );
  else if (category === undefined)
    body = (
      <h1 className="h3" data-testid="forum-category-missing">
        {t('categoryMissing')}
      </h1>
    );
  else if (!registered)
    body = (
      <Alert variant="info" data-testid="forum-create-guest">
        {t('reply.guest')}{' '}
        <Link to={authPagePath(locale, 'login', location.pathname)}>{t('signIn')}</Link>
      </Alert>
    );
  else if (!category.can_start)
    body = (
      <>
        <GagBanner />
        <Alert variant="secondary" data-testid="forum-create-denied">
          {t('create.denied')}
        </Alert>
      </>
    );
  else
    body = (
      <ForumEditor
        kind="thread"
        draftId={category.id}
        withSubject
        Tools={SmileyTools}
        textareaRef={text}
        submitLabel={t('create.send')}
        testId="forum-create"
        onSend={async ({ draft, attachments, clientId }) => {
          const thread = await forumApi.createThread(category.slug, {
            subject: draft.subject,
            text: draft.text,
            attachments: attachments.map((a) => a.id),
            client_id: clientId,
          });
          void queryClient.invalidateQueries({ queryKey: forumKeys.all });
          void navigate(forumThreadPath(locale, thread.slug));
        }}
      />
    );

  return (
    <Container className="py-4 forum-page forum-create">
      {category && (
        <>
          <nav aria-label={t('breadcrumb')} className="small mb-1">
            <Link to={forumPath(locale)}>{t('title')}</Link>
            {' › '}
            <Link to={forumPath(locale, category.slug)}>{category.name}</Link>
          </nav>
          <h1 className="h3 mb-3">{t('create.heading')}</h1>
        </>
      )}
      {body}
    </Container>
  );
}
