import type { NickStyle } from '@chat/shared';
import { Nick } from '../../chat/components/common/nick';
import { useFontFamily } from '../../chat/hooks/use-fonts';
import { useChatStore } from '../../chat/store';

/** A nick in its owner's style outside the chat screen, as the viewer's chat settings allow. */
export function StyledNick({ nick, className }: { nick: NickStyle; className?: string }) {
  const showGradients = useChatStore((s) => s.settings.show_gradients);
  const fontFamily = useFontFamily(nick.font_id);
  return (
    <Nick nick={nick} showGradients={showGradients} fontFamily={fontFamily} className={className} />
  );
}
