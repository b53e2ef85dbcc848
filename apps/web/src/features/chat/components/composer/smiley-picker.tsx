import type { Smiley } from '@chat/shared';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { onGridKeyDown } from '../../../../shared/hooks/grid-keys';
import { useSmileyName } from '../../../../shared/ui/smiley-name';
import { useRecentSmileys, useSmileyGroups } from '../../hooks/use-smileys';
import { PickerTab } from '../../../composer/picker-tab';
import { ClockIcon } from '../../../../shared/ui/icons';

const RECENT = 'recent';

/**
 * Smileys by group, plus the recently used ones, each named in the interface's language; a click
 * (or Enter) puts `-tag-` into the message, arrows move in the grid.
 */
export function SmileyPicker({ onPick }: { onPick: (tag: string) => void }) {
  const { t } = useTranslation('chat');
  const groups = useSmileyGroups();
  const recent = useRecentSmileys();
  const nameOf = useSmileyName();
  const [tab, setTab] = useState<string>(() =>
    recent.length > 0 ? RECENT : String(groups[0]?.id ?? RECENT),
  );
  const shown: readonly Smiley[] =
    tab === RECENT ? recent : (groups.find((g) => String(g.id) === tab)?.smileys ?? []);

  return (
    <div className="chat-smileys" data-testid="smiley-picker">
      <div
        className="chat-smileys-tabs"
        role="tablist"
        aria-label={t('composer.smileys')}
        onKeyDown={(event) => onGridKeyDown(event, '[role="tab"]', Number.MAX_SAFE_INTEGER)}
      >
        <PickerTab
          selected={tab === RECENT}
          onSelect={() => setTab(RECENT)}
          title={t('composer.recent')}
          testId="smiley-tab-recent"
        >
          <ClockIcon size={15} />
          <span className="visually-hidden">{t('composer.recent')}</span>
        </PickerTab>
        {groups.map((group) => (
          <PickerTab
            key={group.id}
            selected={tab === String(group.id)}
            onSelect={() => setTab(String(group.id))}
            testId={`smiley-tab-${group.id}`}
          >
            {group.name}
          </PickerTab>
        ))}
      </div>
      <div
        className="chat-smileys-grid"
        role="tabpanel"
        onKeyDown={(event) => onGridKeyDown(event, '.chat-smiley-btn')}
      >
        {shown.length === 0 && <p className="chat-smileys-empty">{t('composer.noRecent')}</p>}
        {shown.map((smiley) => (
          <button
            key={smiley.tag}
            type="button"
            className="chat-smiley-btn"
            aria-label={nameOf(smiley.tag)}
            title={nameOf(smiley.tag)}
            onClick={(event) => {
              if (event.detail !== 0) return onPick(smiley.tag);
              // Picked by Enter or Space (no pointer): the box takes the focus to put the caret
              // after the smiley; the keyboard comes back here at once, to pick several.
              const button = event.currentTarget;
              flushSync(() => onPick(smiley.tag));
              button.focus();
            }}
            data-testid={`smiley-${smiley.tag}`}
          >
            <img src={smiley.file} alt="" width={28} height={28} loading="lazy" />
          </button>
        ))}
      </div>
    </div>
  );
}
