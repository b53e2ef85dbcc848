import '../../styles/chat-messages.css';
import '../../styles/quotes.css';
import type { QuoteTab } from '@chat/shared';
import { QUOTE_TABS } from '@chat/shared';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { authPagePath } from '../../features/auth/next-path';
import { QuoteAlone } from '../../features/quotes/components/quote-alone';
import { QuotesList } from '../../features/quotes/components/quotes-list';
import { messageOf, pageOf, quotesPath, tabOf } from '../../features/quotes/links';
import { useCan } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';

/**
 * /{locale}/quote/{tab?}?page: the chat's lines people kept. Best and new for everyone with a
 * session (guests too: they read the chat), mine for those who may keep quotes.
 */
export function QuotesPage() {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSessionStore((s) => s.userData !== null);
  const canKeep = useCan('quote.add');
  const { tab: asked } = useParams();
  const [search] = useSearchParams();
  const tabs: readonly QuoteTab[] = canKeep ? QUOTE_TABS : QUOTE_TABS.filter((x) => x !== 'mine');
  const tab = tabs.find((x) => x === tabOf(asked)) ?? 'best';
  const page = pageOf(search.get('page'));
  // A search hit leads to one quote: `?message={id}`.
  const single = messageOf(search.get('message'));

  return (
    <Container className="py-4 quotes-page" data-testid="quotes-page">
      <h1 className="h3 mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-3">{t('lead')}</p>
      {!signedIn ? (
        <div data-testid="quotes-signed-out">
          <p className="text-body-secondary">{t('signIn')}</p>
          <Link
            to={authPagePath(locale, 'login', location.pathname)}
            className="btn btn-primary"
            data-testid="quotes-sign-in"
          >
            {t('signInButton')}
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label={t('tabsLabel')}>
            <ul className="nav nav-pills mb-3 quotes-tabs" data-testid="quotes-tabs">
              {tabs.map((key) => (
                <li className="nav-item" key={key}>
                  <Link
                    className={`nav-link${key === tab ? ' active' : ''}`}
                    to={quotesPath(locale, key)}
                    aria-current={key === tab ? 'page' : undefined}
                    data-testid={`quotes-tab-${key}`}
                  >
                    {t(`tabs.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {single !== null ? (
            <>
              <QuoteAlone messageId={single} canKeep={canKeep} />
              <Link to={quotesPath(locale, tab)} data-testid="quotes-all">
                {t('one.all')}
              </Link>
            </>
          ) : (
            <QuotesList
              tab={tab}
              page={page}
              canKeep={canKeep}
              onPage={(next) => {
                void navigate(quotesPath(locale, tab, next));
                window.scrollTo?.({ top: 0 });
              }}
            />
          )}
        </>
      )}
    </Container>
  );
}
