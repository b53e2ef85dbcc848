import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import type { Paged } from '../../../shared/paged';
import { Pager } from '../../../shared/ui/pager';

interface PagedListProps<T> {
  /** The list's query as TanStack Query answers it. */
  result: { isLoading: boolean; data?: Paged<T> | undefined };
  /** Shown, with this test id, when the page has no rows. */
  empty: string;
  emptyTestId: string;
  onPage: (page: number) => void;
  /** The rows, drawn only when there are some. */
  children: ReactNode;
}

/** A paged list of a /moderation tab: loading, empty, the rows, and the pages. */
export function PagedList<T>({ result, empty, emptyTestId, onPage, children }: PagedListProps<T>) {
  const data = result.data;
  return (
    <>
      {result.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {data && data.rows.length === 0 && (
        <p className="text-body-secondary" data-testid={emptyTestId}>
          {empty}
        </p>
      )}
      {data && data.rows.length > 0 && children}
      {data && <Pager page={data.page} lastPage={data.lastPage} onPage={onPage} />}
    </>
  );
}
