import type { PagesAdminService } from './pages-admin.service';
import type { ReleasesService } from './releases.service';

/** What init reads of this part: the agreement's versions and whether an app must update. */
export interface AdminPagesServices {
  pages: PagesAdminService;
  releases: ReleasesService;
}
