import type { MyTab } from './tabs';
import { GuestNotice } from './guest-notice';
import { ProfileTab } from './profile/profile-tab';
import { PhotosTab } from './photos/photos-tab';
import { NickTab } from './nick/nick-tab';
import { FramesTab } from './frames/frames-tab';
import { FriendsTab } from './friends/friends-tab';
import { NotificationsList } from '../notifications/components/notifications-list';
import { IgnoredTab } from './ignored/ignored-tab';
import { PrivacyTab } from './privacy/privacy-tab';
import { PasswordTab } from './password/password-tab';
import { SecurityTab } from './security/security-tab';
import { DeleteAccountTab } from './delete/delete-account-tab';
import { ChatSettingsTab } from './chat-settings/chat-settings-tab';

/** One tab's body; a guest sees why a registered-only tab is empty. */
export function MyTabContent({ tab, locked }: { tab: MyTab; locked: boolean }) {
  if (locked) return <GuestNotice />;
  switch (tab) {
    case 'profile':
      return <ProfileTab />;
    case 'photos':
      return <PhotosTab />;
    case 'nick':
      return <NickTab />;
    case 'frames':
      return <FramesTab />;
    case 'friends':
      return <FriendsTab />;
    case 'notifications':
      return <NotificationsList />;
    case 'ignored':
      return <IgnoredTab />;
    case 'privacy':
      return <PrivacyTab />;
    case 'password':
      return <PasswordTab />;
    case 'security':
      return <SecurityTab />;
    case 'delete':
      return <DeleteAccountTab />;
    case 'chat':
      return <ChatSettingsTab />;
  }
}
