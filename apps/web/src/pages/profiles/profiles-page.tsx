import '../../styles/chat-messages.css';
import '../../styles/chat-users.css';
import '../../styles/im.css';
import '../../styles/profiles.css';
import { PROFILE_TABS, PROFILES_PAGE_SIZES, type ProfileTab } from '@chat/shared';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { profilesPath } from '../../features/profiles/links';
import { useLocale } from '../../lib/use-locale';
import type { ProfilesQuery } from '../../features/profiles/api';
import { ProfilesList, type PageSize } from '../../features/profiles/components/profiles-list';
import { NotFoundPage } from '../not-found/not-found-page';

const isTab = (v: string | undefined): v is ProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(v ?? '');
const pageSize = (v: string | null): PageSize => {
  const n = Number(v);
  return (PROFILES_PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : 50;
};
const pageOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** /{locale}/profiles/{tab}?page&per_page&q (no tab: the first): who is online, new, the month's top, search. */
export function ProfilesPage() {
  const { t } = useTranslation('profiles');
  const { tab } = useParams();
  const [params, setParams] = useSearchParams();
  const locale = useLocale();
  // `/profiles` alone is the list people mean: its first tab, the address then saying which.
  if (tab === undefined) return <Navigate to={profilesPath(locale, PROFILE_TABS[0])} replace />;
  if (!isTab(tab)) return <NotFoundPage />;
  const query: ProfilesQuery = {
    tab,
    page: pageOf(params.get('page')),
    perPage: pageSize(params.get('per_page')),
    q: tab === 'search' ? (params.get('q') ?? '').slice(0, 64) : '',
  };
  const onChange = (change: Partial<Pick<ProfilesQuery, 'page' | 'perPage' | 'q'>>) => {
    const next = { ...query, ...change };
    const search = new URLSearchParams();
    if (next.page > 1) search.set('page', String(next.page));
    if (next.perPage !== 50) search.set('per_page', String(next.perPage));
    if (tab === 'search' && next.q) search.set('q', next.q);
    setParams(search);
    window.scrollTo?.({ top: 0 });
  };
  return (
    <Container className="py-4 profiles-container">
      <h1 className="h3 mb-3">{t('list.title')}</h1>
      <ProfilesList query={query} onChange={onChange} />
    </Container>
  );
}
