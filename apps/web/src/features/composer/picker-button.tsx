import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Overlay, Popover } from 'react-bootstrap';

/** Where an opened picker puts the focus, the first of these it has. */
const START = ['[data-picker-start]', 'input', '[role="tabpanel"] button', 'button'];

export interface PickerButtonProps {
  label: string;
  /** Classes besides `chat-composer-btn` (and `is-open` while the picker shows). */
  className?: string;
  testId: string;
  popoverId: string;
  popoverClassName: string;
  /** What the button shows (an icon, a word). */
  face: ReactNode;
  /** The picker; `close` hides it (after a pick that ends the choosing). */
  children: (close: () => void) => ReactNode;
}

/**
 * A button of the message box that opens a picker above it (smileys, GIFs). The open picker
 * has the focus; Escape closes it and returns the focus here.
 */
export function PickerButton({
  label,
  className,
  testId,
  popoverId,
  popoverClassName,
  face,
  children,
}: PickerButtonProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const picker = useRef<HTMLDivElement>(null);
  // Opened, the picker takes the focus: its field or first item, unless it has placed it itself.
  useEffect(() => {
    const root = picker.current;
    if (!open || root === null || root.contains(document.activeElement)) return;
    const first = START.map((selector) => root.querySelector<HTMLElement>(selector)).find(Boolean);
    first?.focus({ preventScroll: true });
  }, [open]);
  return (
    <>
      <button
        ref={target}
        type="button"
        className={`chat-composer-btn${className ? ` ${className}` : ''}${open ? ' is-open' : ''}`}
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid={testId}
      >
        {face}
      </button>
      <Overlay target={target} show={open} placement="top-start" rootClose onHide={close}>
        <Popover
          className={popoverClassName}
          id={popoverId}
          onKeyDown={(event) => {
            // Escape closes the picker and gives the focus back to its button.
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
            target.current?.focus();
          }}
        >
          <div ref={picker}>{children(close)}</div>
        </Popover>
      </Overlay>
    </>
  );
}
