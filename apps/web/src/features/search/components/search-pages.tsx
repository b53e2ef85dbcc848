import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from '../../../shared/ui/pager';

interface SearchPagesProps {
  page: number;
  lastPage: number;
  /** The address of a page of these results. */
  hrefOf: (page: number) => string;
}

/**
 * Pages of results as links (each page has its address, and opens in a new tab as people
 * expect of search results); nothing when there is one page.
 */
export function SearchPages({ page, lastPage, hrefOf }: SearchPagesProps) {
  const { t } = useTranslation('search');
  if (lastPage <= 1) return null;
  const item = (target: number, label: string, text: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-hidden="true">
          {text}
        </span>
      ) : (
        <Link className="page-link" to={hrefOf(target)} aria-label={label}>
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label={t('pages')} className="d-flex justify-content-center mt-3">
      <ul className="pagination mb-0 flex-wrap" data-testid="search-pages">
        {item(page - 1, t('prev'), '‹', page <= 1)}
        {pageWindow(page, lastPage).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
              <Link
                className="page-link"
                to={hrefOf(p)}
                aria-label={t('page', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                data-testid={`search-page-${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {item(page + 1, t('next'), '›', page >= lastPage)}
      </ul>
    </nav>
  );
}
