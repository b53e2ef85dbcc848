import {
  FORUM_PAGE_SIZES,
  FORUM_THREAD_SORTS,
  type ForumCategory,
  type ForumThreadSort,
} from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Form, Nav, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useOwnTitle } from '../../../app/route-title';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { Pager } from '../../../shared/ui/pager';
import { categoryQuery, type CategoryQuery } from '../api';
import { ThreadRow } from './thread-row';

const isSort = (v: string | undefined): v is ForumThreadSort =>
  (FORUM_THREAD_SORTS as readonly string[]).includes(v ?? '');
const pageSize = (v: number | undefined): number =>
  (FORUM_PAGE_SIZES as readonly number[]).includes(v ?? 0) ? (v as number) : FORUM_PAGE_SIZES[0];

/** The category's query from the address: `?sort&page&per_page`. */
export function useCategoryQuery(slug: string) {
  const params = useListParams();
  const sort = params.text('sort');
  const query: CategoryQuery = {
    slug,
    sort: isSort(sort) ? sort : 'activity',
    page: params.page,
    perPage: pageSize(params.number('per_page')),
  };
  return { query, set: params.set };
}

interface ThreadListProps {
  slug: string;
  /** Above the list, beside the sort tabs: "New thread" or why not. */
  actions: (category: ForumCategory) => ReactNode;
}

/** A category's threads: pinned first, sort tabs, page size and pages. */
export function ThreadList({ slug, actions }: ThreadListProps) {
  const { t } = useTranslation('forum');
  const { query, set } = useCategoryQuery(slug);
  const result = useQuery(categoryQuery(query));
  const data = result.data;
  const toTop = () => window.scrollTo?.({ top: 0 });
  useOwnTitle(data?.category.name);
  if (result.error instanceof ApiError && result.error.status === 404)
    return (
      <section className="forum-threads" data-testid="forum-category-missing">
        <h1 className="h3">{t('categoryMissing')}</h1>
      </section>
    );

  return (
    <section className="forum-threads" data-testid="forum-threads">
      {data && (
        <header className="forum-category-head mb-3">
          <h1 className="h3 mb-1">{data.category.name}</h1>
          {data.category.description && (
            <p className="text-body-secondary mb-2">{data.category.description}</p>
          )}
          {actions(data.category)}
        </header>
      )}
      <div className="forum-list-controls">
        <Nav variant="pills" as="ul" className="forum-sorts" aria-label={t('sort.label')}>
          {FORUM_THREAD_SORTS.map((sort) => (
            <Nav.Item as="li" key={sort}>
              <Nav.Link
                as="button"
                type="button"
                active={sort === query.sort}
                aria-pressed={sort === query.sort}
                onClick={() => set({ sort: sort === 'activity' ? undefined : sort })}
                data-testid={`forum-sort-${sort}`}
              >
                {t(`sort.${sort}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Form.Group className="forum-per-page" controlId="forum-per-page">
          <Form.Label className="small mb-0">{t('perPage')}</Form.Label>
          <Form.Select
            size="sm"
            value={query.perPage}
            onChange={(e) => {
              const size = Number(e.target.value);
              set({ per_page: size === FORUM_PAGE_SIZES[0] ? undefined : size });
            }}
            data-testid="forum-per-page"
          >
            {FORUM_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {result.isLoading && (
        <div className="text-center py-4" role="status">
          <Spinner animation="border" size="sm" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      )}
      {result.isError && !data && (
        <p className="text-danger" role="alert">
          {t('loadFailed')}
        </p>
      )}
      {data && data.data.length === 0 && (
        <p className="text-body-secondary py-3" data-testid="forum-threads-empty">
          {data.meta.current_page > 1 ? t('pageEmpty') : t('noThreads')}
        </p>
      )}
      {data && data.data.length > 0 && (
        <ul className="forum-thread-rows list-unstyled" data-testid="forum-thread-rows">
          {data.data.map((thread) => (
            <ThreadRow key={thread.id} thread={thread} />
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={data.meta.current_page}
          lastPage={data.meta.last_page}
          onPage={(page) => {
            set({ page });
            toTop();
          }}
          testId="forum-pages"
        />
      )}
    </section>
  );
}
