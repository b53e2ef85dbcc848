import type { Gender } from '@chat/shared';
import type { TFunction } from 'i18next';
import { agreeWith } from '../../../i18n/gender';
import { deviceLabel } from '../../../shared/device-label';
import type { NotificationView } from '../describe';

/** The sentence a notification shows, in the interface language (plain text, never markup). */
export function notificationText(view: NotificationView, t: TFunction<'notifications'>): string {
  // The person by nick, the verb agreeing with their gender; nobody named is "Кто-то", which
  // takes the masculine ("Кто-то подарил"), not the neutral "Пользователь … подарил".
  const who = (view: { nick: string; gender: Gender | null }) =>
    view.nick
      ? { nick: view.nick, ...agreeWith(view) }
      : { nick: t('someone'), ...agreeWith({ gender: 'male' }) };
  switch (view.type) {
    case 'friend_request':
    case 'friend_accepted':
    case 'partner_request':
    case 'partner_confirmed':
      return t(`text.${view.type}`, who(view));
    case 'mention':
      return view.room
        ? t('text.mention', { ...who(view), room: view.room })
        : t('text.mentionChat', who(view));
    case 'forum_reply':
    case 'forum_mention':
      return t(`text.${view.type}`, { ...who(view), subject: view.subject });
    case 'art_like':
    case 'art_comment':
      // One person so far is named; more are counted ("5 people liked …").
      return view.count > 1 || !view.nick
        ? t(`text.${view.type}Many`, { count: view.count, title: view.title })
        : t(`text.${view.type}`, { ...who(view), title: view.title });
    case 'new_device': {
      const device =
        (view.parts && deviceLabel(view.parts, t)) || view.device || t('text.unknownDevice');
      return view.ip
        ? t('text.new_device', { device, ip: view.ip })
        : t('text.new_deviceNoIp', { device });
    }
    case 'password_reset': {
      const device =
        (view.parts && deviceLabel(view.parts, t)) || view.device || t('text.unknownDevice');
      return view.ip
        ? t('text.password_reset', { device, ip: view.ip })
        : t('text.password_resetNoIp', { device });
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
          ? t('text.giftPremium', { ...who(view), plan })
          : t('text.giftPremiumNoPlan', who(view));
      }
      // Nobody named: an anonymous gift has its own sentence ("от анонима").
      if (!view.nick)
        return view.gift
          ? t('text.giftAnonymous', { gift: view.gift })
          : t('text.giftAnonymousNoName');
      return view.gift
        ? t('text.gift', { ...who(view), gift: view.gift })
        : t('text.giftNoName', who(view));
    case 'gift_coins':
      return view.amount === null
        ? t('text.gift_coinsNoAmount', who(view))
        : t('text.gift_coins', { ...who(view), count: view.amount });
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
