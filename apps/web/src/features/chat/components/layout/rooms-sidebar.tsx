import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOutIcon } from '../../../../shared/ui/icons';
import { AddRoomMenu } from '../rooms/add-room-menu';
import { RoomTabs } from '../rooms/room-tabs';

interface RoomsSidebarProps {
  onCreate: () => void;
  onLeaveChat: () => void;
}

/** The wide screen's left column: my rooms, "+", and "Leave chat" at the bottom. */
export function RoomsSidebar({ onCreate, onLeaveChat }: RoomsSidebarProps) {
  const { t } = useTranslation('chat');
  return (
    <nav className="chat-rooms" aria-labelledby="chat-rooms-title">
      <div className="chat-panel-head">
        <h2 id="chat-rooms-title" className="chat-panel-title">
          {t('rooms.title')}
        </h2>
        <AddRoomMenu onCreate={onCreate} />
      </div>
      <div className="chat-rooms-scroll">
        <RoomTabs vertical />
      </div>
      <div className="chat-rooms-foot">
        <button
          type="button"
          className="chat-leave-btn"
          onClick={onLeaveChat}
          data-testid="leave-chat"
        >
          <LogOutIcon size={16} />
          <span>{t('leave.button')}</span>
        </button>
      </div>
    </nav>
  );
}

/** Whether a sideways scroller has more to show before and after what is in view. */
function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const update = () => {
      // Right to left, scrollLeft runs from 0 down to negative numbers.
      const scrolled = Math.abs(element.scrollLeft);
      const rest = element.scrollWidth - element.clientWidth - scrolled;
      const next = { before: scrolled > 1, after: rest > 1 };
      setEdges((now) => (now.before === next.before && now.after === next.after ? now : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // Tabs come and go, and names change: the content's width with them.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resized?.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      element.removeEventListener('scroll', update);
      resized?.disconnect();
      changed.disconnect();
    };
  }, [ref]);
  return edges;
}

/**
 * The phone's room strip: tabs that scroll sideways, "+" at the end. Its edges fade where more
 * tabs are hidden, so that it shows it scrolls.
 */
export function RoomsStrip({ onCreate }: { onCreate: () => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scrollRef);
  return (
    <nav className="chat-rooms-strip">
      <div
        ref={scrollRef}
        className="chat-rooms-strip-scroll"
        data-more-before={edges.before}
        data-more-after={edges.after}
        data-testid="room-tabs-scroll"
      >
        <RoomTabs vertical={false} />
      </div>
      <AddRoomMenu onCreate={onCreate} className="chat-rooms-strip-add" />
    </nav>
  );
}
