import type { ComponentType } from 'react';
import { BusiestRooms } from '../../features/home/components/busiest-rooms';
import type { HomeSectionProps } from '../../features/home/home-section';

/**
 * The home page's sections below the welcome, in order. The latest forum threads and art join
 * as one line each when those features land (their data in GET /api/home's answer); a section
 * with nothing to show renders nothing.
 */
export const HOME_SECTIONS: readonly ComponentType<HomeSectionProps>[] = [BusiestRooms];
