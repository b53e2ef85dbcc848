import '../../styles/chat-messages.css';
import '../../styles/im.css';
import '../../styles/profiles.css';
import '../../styles/notifications.css';
import '../../styles/balance.css';
// The navbar's parts that only a signed-in person sees, with the stores behind them (the chat's
// and the messenger's unread counts, the bell, the wallet): a chunk of their own, so that a
// visitor's first page does not load them. signed-in-loader.ts fetches it.
import { followAgreement } from '../admin/pages/agreement-version';

// Loaded once someone is signed in: their agreement's version is followed from then on.
followAgreement();

export { BalanceNav } from '../balance/components/balance-nav';
export { ChatNavLink } from './chat-nav-link';
export { ImNavLink } from './im-nav-link';
export { StaffNavLinks } from './staff-nav-links';
export { NotificationBell } from './notification-bell';
export { UnreadTitle } from './unread-title';
export { UserMenu } from './user-menu';
