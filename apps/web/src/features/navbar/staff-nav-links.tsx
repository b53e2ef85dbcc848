import { AdminNavLink } from './admin-nav-link';
import { ModerationNavLink } from './moderation-nav-link';

/** "Moderation" and "Admin area" in the navbar, each for those whose permissions open it. */
export function StaffNavLinks() {
  return (
    <>
      <ModerationNavLink />
      <AdminNavLink />
    </>
  );
}
