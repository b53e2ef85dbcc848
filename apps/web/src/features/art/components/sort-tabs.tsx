import { ART_SORTS, type ArtSort } from '@chat/shared';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** New, top (likes of the month) and discussed: links in the address, one of them current. */
export function SortTabs({ sort, onSort }: { sort: ArtSort; onSort: (sort: ArtSort) => void }) {
  const { t } = useTranslation('art');
  return (
    <Nav
      variant="pills"
      className="art-sort"
      activeKey={sort}
      onSelect={(key) => key !== null && onSort(key as ArtSort)}
      aria-label={t('sort.label')}
      as="nav"
    >
      {ART_SORTS.map((key) => (
        <Nav.Item key={key}>
          <Nav.Link
            as="button"
            eventKey={key}
            aria-current={key === sort ? 'true' : undefined}
            data-testid={`art-sort-${key}`}
          >
            {t(`sort.${key}`)}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
