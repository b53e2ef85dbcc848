import type { ComponentType } from 'react';
import type { IconProps } from '../../../lib/icons';

interface ToggleButtonProps {
  pressed: boolean;
  label: string;
  onIcon: ComponentType<IconProps>;
  offIcon: ComponentType<IconProps>;
  onToggle: () => void;
  /** Kept focusable (and its reason read with it) rather than `disabled`. */
  disabled?: boolean;
  describedBy?: string;
  testId: string;
  /**
   * `device` (the default): off is the state to notice (a muted microphone); `share`: off is
   * the usual state, and on is the one to notice.
   */
  kind?: 'device' | 'share';
}

/** A microphone, camera or screen switch: one name, its state told by aria-pressed. */
export function ToggleButton(props: ToggleButtonProps) {
  const { pressed, label, onIcon: On, offIcon: Off, onToggle, disabled = false } = props;
  return (
    <button
      type="button"
      className={`video-control${state(props.kind ?? 'device', pressed)}`}
      aria-pressed={pressed}
      aria-label={label}
      aria-disabled={disabled || undefined}
      aria-describedby={props.describedBy}
      title={label}
      onClick={disabled ? undefined : onToggle}
      data-testid={props.testId}
    >
      {pressed ? <On size={20} /> : <Off size={20} />}
    </button>
  );
}

function state(kind: 'device' | 'share', pressed: boolean): string {
  if (kind === 'share') return pressed ? ' is-sharing' : '';
  return pressed ? ' is-on' : ' is-off';
}
