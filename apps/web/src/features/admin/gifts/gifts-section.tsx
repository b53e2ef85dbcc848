import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SectionProps } from '../sections';
import { useLocale } from '../../../lib/use-locale';
import { adminPath } from '../sections';
import { GiftCatalogue } from './gift-catalogue';
import { GiftStatisticsPage } from './gift-statistics';

/** /admin/gifts (the catalogue) and /admin/gifts/statistics. */
export function GiftsSection({ sub }: SectionProps) {
  const { t } = useTranslation('admin-gifts');
  const locale = useLocale();
  const statistics = sub === 'statistics';
  return (
    <>
      <Nav variant="tabs" className="mb-3" as="ul">
        <Nav.Item as="li">
          <Nav.Link
            as={Link}
            to={adminPath(locale, 'gifts')}
            active={!statistics}
            data-testid="gifts-tab-catalogue"
          >
            {t('tabs.catalogue')}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item as="li">
          <Nav.Link
            as={Link}
            to={adminPath(locale, 'gifts', 'statistics')}
            active={statistics}
            data-testid="gifts-tab-statistics"
          >
            {t('tabs.statistics')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {statistics ? <GiftStatisticsPage /> : <GiftCatalogue />}
    </>
  );
}
