import type { AgreementState } from '@chat/shared';
import type { AdminPagesServices } from './pages-services';
import type { UpdateState } from './releases.service';

/**
 * What init adds for this part: the agreement's current version and the one the caller
 * accepted, and whether the caller's app (`platform`, `version`) must update. `mobile`, the
 * older name, has no releases of its own.
 */
export async function initPagesState(
  services: AdminPagesServices | null,
  userId: number | null,
  query: { platform: string; version?: string | undefined },
): Promise<Partial<AgreementState & UpdateState>> {
  if (!services) return {};
  const [agreement, update] = await Promise.all([
    services.pages.agreementState(userId),
    services.releases.updateState(query.platform, query.version),
  ]);
  return { ...agreement, ...update };
}
