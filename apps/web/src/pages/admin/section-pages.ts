import type { AdminSection } from '@chat/shared';
import { lazy, type ComponentType } from 'react';
import { AdminLog } from '../../features/admin/components/admin-log';
import { FontsSection } from '../../features/admin/catalog/fonts-section';
import { SmileysSection } from '../../features/admin/catalog/smileys-section';
import { FramesSection } from '../../features/admin/media/frames-section';
import { SoundsSection } from '../../features/admin/media/sounds-section';
import { AgreementSection } from '../../features/admin/pages/agreement-section';
import { AppReleasesSection } from '../../features/admin/pages/app-releases-section';
import { PermissionsSection } from '../../features/admin/settings/permissions-section';
import { SettingsSection } from '../../features/admin/settings/settings-section';
import type { SectionProps } from '../../features/admin/sections';

type SectionPage = ComponentType<SectionProps>;

// The sections with charts (gifts and their statistics, the dashboard) bring recharts: a chunk
// of their own. The rest are one chunk with the admin page: each lazy chunk also lengthens the
// list of chunks the first page's code carries for preloading.
const charted = <K extends string>(load: () => Promise<Record<K, SectionPage>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/**
 * Each admin section's page (features/admin/...): one line per section. The menu lists only
 * the sections here that the person's permissions open.
 */
export const SECTION_PAGES: Partial<Record<AdminSection, SectionPage>> = {
  settings: SettingsSection,
  permissions: PermissionsSection,
  smileys: SmileysSection,
  fonts: FontsSection,
  frames: FramesSection,
  sounds: SoundsSection,
  gifts: charted(() => import('../../features/admin/gifts/gifts-section'), 'GiftsSection'),
  agreement: AgreementSection,
  'app-releases': AppReleasesSection,
  log: AdminLog,
};

/** The admin area's index: how the site is doing at a glance. */
export const DASHBOARD: SectionPage | null = charted(
  () => import('../../features/admin/gifts/dashboard'),
  'DashboardPage',
);
