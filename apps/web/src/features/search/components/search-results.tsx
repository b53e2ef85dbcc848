import { SEARCH_COUNT_CAP, SEARCH_QUERY_MAX } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useLocale } from '../../../lib/use-locale';
import { searchQuery, searchTotalsQuery } from '../api';
import { searchPath, type SearchParams } from '../links';
import { SearchHitItem } from './search-hit';
import { SearchPages } from './search-pages';
import { SearchTabs } from './search-tabs';

/** The results of a search the address names: tabs, order, hits and pages, or why there are none. */
export function SearchResults({ params }: { params: SearchParams }) {
  const { t } = useTranslation('search');
  const locale = useLocale();
  // Told here without asking: the server would refuse it (422) in fewer words.
  const tooLong = params.q.length > SEARCH_QUERY_MAX;
  const result = useQuery({ ...searchQuery(params), enabled: !tooLong });
  const counted = useQuery({ ...searchTotalsQuery(params.q), enabled: !tooLong });
  const data = tooLong ? undefined : result.data;
  // The open tab's count comes with its hits, the others' once a query.
  const totals =
    data && !result.isPlaceholderData
      ? { ...counted.data, [params.in]: data.total }
      : (counted.data ?? null);

  if (tooLong)
    return (
      <p className="alert alert-warning" role="alert" data-testid="search-too-long">
        {t('tooLong', { max: SEARCH_QUERY_MAX, length: params.q.length })}
      </p>
    );

  const refused = result.error instanceof ApiError && result.error.status === 422;
  return (
    <section className="search-results" aria-busy={result.isFetching}>
      <SearchTabs params={params} totals={totals} />
      {result.isLoading && (
        <div className="text-center py-4" role="status" data-testid="search-loading">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span className="visually-hidden">{t('searching')}</span>
        </div>
      )}
      {result.isError && !data && (
        <div className="alert alert-danger" role="alert" data-testid="search-error">
          <p className="mb-2">{t(refused ? 'refused' : 'failed')}</p>
          {!refused && (
            <Button variant="outline-danger" size="sm" onClick={() => void result.refetch()}>
              {t('retry')}
            </Button>
          )}
        </div>
      )}
      {data && data.hits.length === 0 && (
        <div className="search-none" data-testid="search-no-results">
          <p className="mb-1">{t(`noResults.${params.in}`, { q: params.q })}</p>
          <p className="small text-body-secondary mb-0">{t('noResultsTip')}</p>
        </div>
      )}
      {data && data.hits.length > 0 && (
        <>
          <p className="small text-body-secondary mb-2" role="status" data-testid="search-found">
            {data.total > SEARCH_COUNT_CAP
              ? t('foundMany', { count: SEARCH_COUNT_CAP })
              : t('found', { count: data.total })}
          </p>
          <ol
            className={`search-hits list-unstyled${result.isPlaceholderData ? ' is-stale' : ''}`}
            data-testid="search-hits"
          >
            {data.hits.map((hit) => (
              <SearchHitItem key={`${hit.type}-${hit.id}`} hit={hit} />
            ))}
          </ol>
          <SearchPages
            page={data.page}
            lastPage={data.lastPage}
            hrefOf={(page) => searchPath(locale, { ...params, page })}
          />
        </>
      )}
    </section>
  );
}
