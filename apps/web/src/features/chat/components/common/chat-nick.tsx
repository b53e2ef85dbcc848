import type { NickStyle } from '@chat/shared';
import { StyledNick } from '../../../../shared/ui/styled-nick';
import { useChat } from '../chat-context';

/** A nick on the chat screen: the gradients setting comes from the screen's own store. */
export function ChatNick({ nick, className }: { nick: NickStyle; className?: string }) {
  const showGradients = useChat((s) => s.settings.show_gradients);
  return <StyledNick nick={nick} showGradients={showGradients} className={className} />;
}
