import '../../styles/search.css';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';
import { readSearchParams, searchPath } from '../../features/search/links';
import { useLocale } from '../../lib/use-locale';

/** /{locale}/search?q&in&sort&page: one search over the forum, the chat and people. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const locale = useLocale();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const params = readSearchParams(query);
  return (
    <Container className="py-4 search-page">
      <h1 className="h3 mb-3">{t('title')}</h1>
      {/* Keyed by the query: back in history, the field shows that search again. */}
      <SearchForm
        key={params.q}
        q={params.q}
        onSearch={(q) => void navigate(searchPath(locale, { ...params, q, page: 1 }))}
      />
      {params.q === '' ? (
        <p className="search-none mt-4" data-testid="search-empty">
          {t('empty')}
        </p>
      ) : (
        <SearchResults params={params} />
      )}
    </Container>
  );
}
