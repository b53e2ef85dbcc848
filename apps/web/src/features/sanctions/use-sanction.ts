import type { BanPeriodKey, BanReason, BanType, SanctionSummary, TabooTopic } from '@chat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agreeWith } from '../../i18n/gender';
import { useChatStore } from '../chat/store';
import { pushToast } from '../toasts/store';
import { giveBan, giveWarning, sanctionKeys, setTroll } from './api';

/** The dialog's choice of sanction: a Ban record's type, or a warning. */
export type SanctionKind = BanType | 'warning';

export interface SanctionTarget {
  userId: number;
  nick: string;
  /** Opened from a message: it is kept as the evidence. */
  messageId?: number;
}

export interface SanctionChoice {
  kind: SanctionKind;
  period: BanPeriodKey;
  reason: BanReason;
  taboo?: TabooTopic;
  comment: string;
}

/** The person as the dialog's summary loaded them (their gender makes "получила кляп"). */
function summaryUser(client: ReturnType<typeof useQueryClient>, userId: number) {
  return client.getQueryData<SanctionSummary>(sanctionKeys.summary(userId))?.user ?? null;
}

/**
 * Gives the sanction chosen in the dialog. This tab hears no echo of its own actions (X-Socket-ID),
 * so the chat is cleaned here as `UserBanned` cleans it in the other tabs.
 */
export function useGiveSanction(target: SanctionTarget, onDone: () => void) {
  const { t } = useTranslation('sanctions');
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (choice: SanctionChoice) => {
      const comment = choice.comment.trim();
      const common = {
        user_id: target.userId,
        reason: choice.reason,
        ...(choice.taboo ? { taboo: choice.taboo } : {}),
        ...(comment ? { comment } : {}),
        ...(target.messageId !== undefined ? { message_id: target.messageId } : {}),
      };
      if (choice.kind === 'warning') {
        await giveWarning(common);
        return;
      }
      const ban = await giveBan({ ...common, type: choice.kind, period: choice.period });
      useChatStore.getState().userBanned({
        id: ban.id,
        user_id: ban.user_id,
        type: ban.type,
        type_id: ban.type_id,
        expires_at: ban.expires_at,
      });
    },
    onSuccess: (_data, choice) => {
      pushToast({
        text: t(`dialog.done.${choice.kind}`, {
          nick: target.nick,
          ...agreeWith(summaryUser(client, target.userId)),
        }),
        variant: 'primary',
      });
      void client.invalidateQueries({ queryKey: sanctionKeys.summary(target.userId) });
      onDone();
    },
  });
}

/** Marks or unmarks a troll; the chat's list follows at once (no echo to this tab). */
export function useToggleTroll(target: SanctionTarget) {
  const { t } = useTranslation('sanctions');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (troll: boolean) => setTroll(target.userId, troll),
    onSuccess: (_data, troll) => {
      useChatStore.getState().trollUpdated({ user_id: target.userId, troll });
      pushToast({
        text: t(troll ? 'dialog.trolled' : 'dialog.untrolled', { nick: target.nick }),
        variant: 'primary',
      });
      void client.invalidateQueries({ queryKey: sanctionKeys.summary(target.userId) });
    },
  });
}
