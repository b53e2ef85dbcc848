import { SEARCH_COUNT_CAP, SEARCH_SCOPES, SEARCH_SORTS, type SearchScope } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { searchPath, type SearchParams } from '../links';

interface SearchTabsProps {
  params: SearchParams;
  /** Hits per scope; a scope not counted yet shows no number. */
  totals: Partial<Record<SearchScope, number>> | null;
}

/** Forum / Chat / People with their counts, and the order; each a link keeping the query. */
export function SearchTabs({ params, totals }: SearchTabsProps) {
  const { t } = useTranslation('search');
  const locale = useLocale();
  const count = (scope: SearchScope) => {
    const n = totals?.[scope];
    if (n === undefined) return null;
    // The server counts one past the cap to say there are more (API.md "Search").
    return n > SEARCH_COUNT_CAP ? t('countMany', { count: SEARCH_COUNT_CAP }) : String(n);
  };
  return (
    <div className="search-tabs-row">
      <nav aria-label={t('tabsLabel')}>
        <ul className="nav nav-pills search-tabs" data-testid="search-tabs">
          {SEARCH_SCOPES.map((scope) => {
            const n = count(scope);
            const active = scope === params.in;
            return (
              <li className="nav-item" key={scope}>
                <Link
                  className={`nav-link${active ? ' active' : ''}`}
                  to={searchPath(locale, { q: params.q, in: scope, sort: params.sort })}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`search-tab-${scope}`}
                >
                  {t(`tabs.${scope}`)}
                  {n !== null && (
                    <span className="search-tab-count" data-testid={`search-tab-count-${scope}`}>
                      {n}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <nav aria-label={t('sortLabel')}>
        <ul className="nav search-sort" data-testid="search-sort">
          {SEARCH_SORTS.map((sort) => {
            const active = sort === params.sort;
            return (
              <li className="nav-item" key={sort}>
                <Link
                  className={`nav-link${active ? ' active' : ''}`}
                  to={searchPath(locale, { q: params.q, in: params.in, sort })}
                  aria-current={active ? 'true' : undefined}
                  data-testid={`search-sort-${sort}`}
                >
                  {t(`sort.${sort}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
