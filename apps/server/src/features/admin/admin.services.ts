import type { AdminChanges } from './admin-changes';
import type { AdminLogRepository } from './admin-log.repository';
import type { AdminPagesServices } from './pages/pages-services';

/**
 * The admin area's services as routes reach them (`app.deps.admin`). Each part of the area
 * (pages, releases, catalogues, settings, permissions, the dashboard) adds its own here.
 */
export class AdminServices {
  constructor(
    readonly changes: AdminChanges,
    readonly log: AdminLogRepository,
  ) {}

  /** Static pages and app releases (pages/register.ts); init reads them. */
  pages: AdminPagesServices | null = null;
}
