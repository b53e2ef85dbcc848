import { ART_SORTS, type ArtSort } from '@chat/shared';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** New, top (likes of the month) and discussed: the current one pressed, kept in the address. */
export function SortTabs({ sort, onSort }: { sort: ArtSort; onSort: (sort: ArtSort) => void }) {
  const { t } = useTranslation('art');
  return (
    <Nav variant="pills" as="ul" className="art-sort" aria-label={t('sort.label')}>
      {ART_SORTS.map((key) => (
        <Nav.Item as="li" key={key}>
          <Nav.Link
            as="button"
            type="button"
            active={key === sort}
            aria-pressed={key === sort}
            onClick={() => onSort(key)}
            data-testid={`art-sort-${key}`}
          >
            {t(`sort.${key}`)}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
