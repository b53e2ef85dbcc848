import { SmileyButton } from '../../features/chat/components/composer/smiley-button';
import { rememberSmiley } from '../../features/chat/hooks/use-smileys';

/** The editor's smiley picker (the chat's), inserting the spec's `-tag-` at the caret. */
export function SmileyTools({ insert }: { insert: (text: string) => void }) {
  return (
    <SmileyButton
      onPick={(tag) => {
        rememberSmiley(tag);
        insert(`-${tag}-`);
      }}
    />
  );
}
