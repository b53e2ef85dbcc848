import { CHAT_CHANNEL, userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Wallets and premium. */
export function economyRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('wallet.changed', ({ userId, wallet }) => {
    rt.send(userChannel(userId), 'BalanceUpdated', wallet);
  });
  events.on('premium.changed', ({ userId, premium }) => {
    rt.send(userChannel(userId), 'MyPremiumUpdated', { premium, wallet: null });
    rt.send(CHAT_CHANNEL, 'PremiumUpdated', { user_id: userId, data: premium });
  });
}
