import { MODERATION_TABS, type ModerationTab, type Permission } from '@chat/shared';

/** The permission each tab of /moderation needs: a tab is shown only to those who have it. */
export const TAB_PERMISSION: Readonly<Record<ModerationTab, Permission>> = {
  bans: 'banlist.view',
  queue: 'content.moderate',
  complaints: 'complaint.handle',
  log: 'moderation.log',
};

/** Every permission that opens some part of the moderation area (the navbar's entry). */
export const MODERATION_PERMISSIONS: readonly Permission[] = Object.values(TAB_PERMISSION);

export function permittedTabs(permissions: readonly string[]): ModerationTab[] {
  return MODERATION_TABS.filter((tab) => permissions.includes(TAB_PERMISSION[tab]));
}
