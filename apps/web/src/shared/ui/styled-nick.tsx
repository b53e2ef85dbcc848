import type { NickStyle } from '@chat/shared';
import { useFontFamily } from '../hooks/use-fonts';
import { useShowGradients } from '../hooks/use-show-gradients';
import { Nick } from './nick';

/**
 * A nick in its owner's style, as the viewer's chat settings allow (gradients on or off).
 * `showGradients` overrides the setting: the chat screen passes its own store's.
 */
export function StyledNick({
  nick,
  className,
  showGradients,
}: {
  nick: NickStyle;
  className?: string | undefined;
  showGradients?: boolean | undefined;
}) {
  const setting = useShowGradients();
  const fontFamily = useFontFamily(nick.font_id);
  return (
    <Nick
      nick={nick}
      showGradients={showGradients ?? setting}
      fontFamily={fontFamily}
      className={className}
    />
  );
}
