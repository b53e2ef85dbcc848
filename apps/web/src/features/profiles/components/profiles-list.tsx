import { PROFILE_TABS, PROFILES_PAGE_SIZES, type ProfileTab } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, Form, Nav, Pagination, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { pageWindow } from '../../../shared/ui/pager';
import { profilesQuery, type ProfilesQuery } from '../api';
import { profilesPath } from '../links';
import { ProfileRowItem } from './profile-row';

export type PageSize = (typeof PROFILES_PAGE_SIZES)[number];

interface ProfilesListProps {
  query: ProfilesQuery;
  /** A new page, page size or search; the page keeps these in its address. */
  onChange: (change: Partial<Pick<ProfilesQuery, 'page' | 'perPage' | 'q'>>) => void;
}

const RULES: Record<ProfileTab, string | null> = {
  online: 'list.onlineRule',
  new: 'list.newRule',
  top: 'list.topRule',
  search: 'list.searchHint',
};

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('profiles');
  const [typed, setTyped] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <Form className="profiles-search" onSubmit={submit} role="search">
      <Form.Label htmlFor="profiles-q" className="visually-hidden">
        {t('list.searchLabel')}
      </Form.Label>
      <Form.Control
        id="profiles-q"
        type="search"
        value={typed}
        maxLength={64}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={t('list.searchPlaceholder')}
        data-testid="profiles-search"
        autoFocus
      />
      <Button type="submit" data-testid="profiles-search-submit">
        {t('list.searchButton')}
      </Button>
    </Form>
  );
}

/** The profiles lists: tabs, the tab's rule, search, page size and pages. */
export function ProfilesList({ query, onChange }: ProfilesListProps) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const now = useNow(60_000);
  const searching = query.tab === 'search';
  const enabled = !searching || query.q.trim() !== '';
  const result = useQuery({ ...profilesQuery(query), enabled });
  const data = enabled ? result.data : undefined;
  const rule = RULES[query.tab];

  return (
    <section className="profiles-list" data-testid="profiles-list">
      <Nav variant="pills" className="profiles-tabs mb-3" as="ul">
        {PROFILE_TABS.map((tab) => (
          <Nav.Item as="li" key={tab}>
            <Nav.Link
              as={Link}
              to={profilesPath(locale, tab)}
              active={tab === query.tab}
              data-testid={`profiles-tab-${tab}`}
            >
              {t(`list.tabs.${tab}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {rule && (
        <p className="profiles-rule small text-body-secondary" data-testid="profiles-rule">
          {t(rule)}
        </p>
      )}
      <div className="profiles-controls">
        {searching && (
          // Keyed by the searched text: going back in history shows that search in the box.
          <SearchForm key={query.q} q={query.q} onSearch={(q) => onChange({ q, page: 1 })} />
        )}
        <Form.Group className="profiles-per-page" controlId="profiles-per-page">
          <Form.Label className="small mb-0">{t('list.perPage')}</Form.Label>
          <Form.Select
            size="sm"
            value={query.perPage}
            onChange={(event) =>
              onChange({ perPage: Number(event.target.value) as PageSize, page: 1 })
            }
            data-testid="profiles-per-page"
          >
            {PROFILES_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>

      {enabled && result.isLoading && (
        <div className="text-center py-4" role="status">
          <Spinner animation="border" size="sm" />
        </div>
      )}
      {enabled && result.isError && (
        <p className="text-danger" role="alert">
          {t('list.loadFailed')}
        </p>
      )}
      {data && data.rows.length === 0 && (
        <p className="text-body-secondary py-3" data-testid="profiles-empty">
          {searching ? t('list.notFound', { q: query.q }) : t('list.empty')}
        </p>
      )}
      {data && data.rows.length > 0 && (
        <>
          {data.total !== null && (
            <p className="small text-body-secondary mb-2" data-testid="profiles-total">
              {data.totalCapped
                ? t('list.totalCapped', { count: data.total })
                : t(searching ? 'list.total' : 'list.totalAll', { count: data.total })}
            </p>
          )}
          <ul className="profiles-rows list-unstyled" data-testid="profiles-rows">
            {data.rows.map((row) => (
              <ProfileRowItem
                key={row.user.id}
                // Everyone on the online tab is in a room now, whatever the row says.
                row={query.tab === 'online' ? { ...row, online: true } : row}
                now={now}
              />
            ))}
          </ul>
        </>
      )}
      {data && data.lastPage > 1 && (
        <nav aria-label={t('list.pages')} className="d-flex justify-content-center">
          <Pagination className="mb-0" data-testid="profiles-pages">
            <Pagination.Prev
              disabled={data.page <= 1}
              onClick={() => onChange({ page: data.page - 1 })}
              aria-label={t('list.prev')}
            />
            {pageWindow(data.page, data.lastPage).map((p, i) =>
              p === null ? (
                <Pagination.Ellipsis key={`gap-${i}`} disabled />
              ) : (
                <Pagination.Item
                  key={p}
                  active={p === data.page}
                  onClick={() => onChange({ page: p })}
                  data-testid={`profiles-page-${p}`}
                >
                  {p}
                </Pagination.Item>
              ),
            )}
            <Pagination.Next
              disabled={data.page >= data.lastPage}
              onClick={() => onChange({ page: data.page + 1 })}
              aria-label={t('list.next')}
            />
          </Pagination>
        </nav>
      )}
    </section>
  );
}
