import { useRef, useState, type ReactNode } from 'react';
import { Overlay, Popover } from 'react-bootstrap';

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

/** A button of the message box that opens a picker above it (smileys, GIFs). */
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
        <Popover className={popoverClassName} id={popoverId}>
          {children(close)}
        </Popover>
      </Overlay>
    </>
  );
}
