import type { TFunction } from 'i18next';
import type { NotificationView } from '../describe';

/** The sentence a notification shows, in the interface language (plain text, never markup). */
export function notificationText(view: NotificationView, t: TFunction<'notifications'>): string {
  const nickOf = (nick: string) => nick || t('someone');
  switch (view.type) {
    case 'friend_request':
    case 'friend_accepted':
    case 'partner_request':
    case 'partner_confirmed':
      return t(`text.${view.type}`, { nick: nickOf(view.nick) });
    case 'mention':
      return view.room
        ? t('text.mention', { nick: nickOf(view.nick), room: view.room })
        : t('text.mentionChat', { nick: nickOf(view.nick) });
    case 'new_device': {
      const device = view.device || t('text.unknownDevice');
      return view.ip
        ? t('text.new_device', { device, ip: view.ip })
        : t('text.new_deviceNoIp', { device });
    }
    case 'sign_in_locked':
      return view.minutes === null
        ? t('text.sign_in_lockedNoTime')
        : t('text.sign_in_locked', { minutes: view.minutes });
    case 'bonus':
      return view.amount === null
        ? t('text.bonusNoAmount')
        : t('text.bonus', { count: view.amount });
    case 'gift':
      if (view.premium !== null) {
        const plan = t(`text.premiumPlan.${view.premium}`, { defaultValue: '' });
        return plan
          ? t('text.giftPremium', { nick: nickOf(view.nick), plan })
          : t('text.giftPremiumNoPlan', { nick: nickOf(view.nick) });
      }
      // Nobody named: its own sentence (in Russian "Кто-то" takes "подарил", not "подарил(а)").
      if (!view.nick)
        return view.gift
          ? t('text.giftAnonymous', { gift: view.gift })
          : t('text.giftAnonymousNoName');
      return view.gift
        ? t('text.gift', { nick: view.nick, gift: view.gift })
        : t('text.giftNoName', { nick: view.nick });
    case 'gift_coins':
      return view.amount === null
        ? t('text.gift_coinsNoAmount', { nick: nickOf(view.nick) })
        : t('text.gift_coins', { nick: nickOf(view.nick), count: view.amount });
    case 'invoice':
      return view.amount === null
        ? t('text.invoiceNoAmount')
        : t('text.invoice', { count: view.amount });
    case 'warning':
      return view.comment
        ? t('text.warningComment', { reason: view.reason, comment: view.comment })
        : t('text.warning', { reason: view.reason });
    case 'complaint':
      if (view.comment) return t('text.complaintComment');
      return t(view.appeal ? 'text.appealResolved' : 'text.complaintResolved', {
        status: t(`text.complaintStatus.${view.status}`, { defaultValue: view.status }),
      });
    case 'content':
      if (view.status === 'refused') {
        return view.reason
          ? t(`text.contentRefused.${view.subject}`, { reason: view.reason })
          : t(`text.contentRefusedNoReason.${view.subject}`);
      }
      return t(`text.contentAccepted.${view.subject}`);
    case 'generic':
      return view.text || t('text.generic');
  }
}
