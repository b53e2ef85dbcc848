import type { ReactNode } from 'react';

export interface PickerTabProps {
  selected: boolean;
  onSelect: () => void;
  testId: string;
  title?: string;
  children: ReactNode;
}

/** One tab of a picker's tab row (the smileys' groups, the GIFs' categories). */
export function PickerTab({ selected, onSelect, testId, title, children }: PickerTabProps) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      className="chat-smileys-tab"
      onClick={onSelect}
      title={title}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
