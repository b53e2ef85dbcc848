import type { NickStyle } from '@chat/shared';
import { useFontFamily } from '../../hooks/use-fonts';
import { useChat } from '../chat-context';
import { Nick } from './nick';

/** A nick styled by its owner and shown as the viewer's settings allow (gradients on or off). */
export function ChatNick({ nick, className }: { nick: NickStyle; className?: string }) {
  const showGradients = useChat((s) => s.settings.show_gradients);
  const fontFamily = useFontFamily(nick.font_id);
  return (
    <Nick nick={nick} showGradients={showGradients} fontFamily={fontFamily} className={className} />
  );
}
