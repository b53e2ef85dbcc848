import { Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The pages around the current one, with the first and the last always reachable. */
export function pageWindow(page: number, last: number): (number | null)[] {
  const shown = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - (sorted[i - 1] ?? p) > 1) out.push(null);
    out.push(p);
  });
  return out;
}

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
