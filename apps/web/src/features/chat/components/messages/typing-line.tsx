import { activeTypers, typingLabel, type TypingState } from '@chat/shared';
import { useLocale } from '../../../../lib/use-locale';
import { useNow } from '../../../../shared/hooks/use-now';
import { useChat } from '../chat-context';

const NOBODY: TypingState = [];

/**
 * "Anna is typing…" under the messages. The line keeps its height when empty, so the list does
 * not jump each time someone starts or stops typing.
 */
export function TypingLine({ roomId }: { roomId: number }) {
  const locale = useLocale();
  const typing = useChat((s) => s.typing[roomId] ?? NOBODY);
  // Typers expire without an event (a closed tab), so the label re-checks every second.
  const now = useNow(1000);
  const label = typingLabel(activeTypers(typing, now), locale);
  return (
    <div className="chat-typing" aria-live="polite" data-testid="typing">
      {label !== '' && (
        <>
          <span className="chat-typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {label}
        </>
      )}
    </div>
  );
}
