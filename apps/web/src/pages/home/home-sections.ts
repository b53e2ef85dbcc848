import { lazy, type ComponentType } from 'react';
import type { HomeSectionProps } from '../../features/home/home-section';
import { loadNamespaces } from '../../i18n/i18n';

type Section = ComponentType<HomeSectionProps>;

/** A section as a chunk of its own, fetched while the overview is (never before first paint). */
const section = (load: () => Promise<Section>): Section =>
  lazy(() => load().then((component) => ({ default: component })));

/**
 * The home page's sections below the welcome, in order;
 * a section with nothing to show renders nothing. None is part of the first paint's scripts
 * (scripts/check-bundle-size.mjs).
 */
export const HOME_SECTIONS: readonly Section[] = [
  section(() => import('../../features/home/components/busiest-rooms').then((m) => m.BusiestRooms)),
  section(() =>
    import('../../features/home/components/latest-threads').then((m) => m.LatestThreads),
  ),
  section(() =>
    Promise.all([import('../../features/art/components/latest-art'), loadNamespaces(['art'])]).then(
      ([m]) => m.LatestArt,
    ),
  ),
];
