import type { HomeOverview } from '@chat/shared';

/**
 * What each section of the home page gets: the overview, null until it has come. A section with
 * nothing to show renders nothing (no empty "coming soon").
 */
export interface HomeSectionProps {
  overview: HomeOverview | null;
}
