import { Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../../profiles/components/profiles-list';

interface PagerProps {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  testId?: string;
}

/** Pages of a moderation or complaints list; nothing when there is one page. */
export function Pager({ page, lastPage, onPage, testId = 'pager' }: PagerProps) {
  const { t } = useTranslation('complaints');
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t('list.pages')} className="d-flex justify-content-center">
      <Pagination className="mb-0" data-testid={testId}>
        <Pagination.Prev
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('list.prev')}
        />
        {pageWindow(page, lastPage).map((p, i) =>
          p === null ? (
            <Pagination.Ellipsis key={`gap-${i}`} disabled />
          ) : (
            <Pagination.Item
              key={p}
              active={p === page}
              onClick={() => onPage(p)}
              data-testid={`${testId}-${p}`}
            >
              {p}
            </Pagination.Item>
          ),
        )}
        <Pagination.Next
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
          aria-label={t('list.next')}
        />
      </Pagination>
    </nav>
  );
}
