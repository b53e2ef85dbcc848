import { isHexColor, isLightColor, type NickStyle } from '@chat/shared';
import type { CSSProperties } from 'react';

/**
 * The inline style of a nick (spec section 3: color, gradient, font, weight, italic). Colours are
 * checked because they are user-chosen: a bad value is dropped, not passed to the page.
 */
export function nickCss(nick: NickStyle, showGradients: boolean, fontFamily?: string | null) {
  const style: CSSProperties = {};
  const gradient = nick.gradient.filter(isHexColor);
  const useGradient = showGradients && nick.has_gradient && gradient.length >= 2;
  if (useGradient) {
    style.backgroundImage = `linear-gradient(90deg, ${gradient.join(', ')})`;
  } else if (nick.color !== null && isHexColor(nick.color)) {
    style.color = nick.color;
    // A pale nick on the white page needs an outline to stay readable.
    if (isLightColor(nick.color)) style.textShadow = '0 0 1px rgba(31, 29, 43, 0.55)';
  }
  if (fontFamily) style.fontFamily = fontFamily;
  if (nick.weight !== null) style.fontWeight = nick.weight;
  if (nick.italic) style.fontStyle = 'italic';
  return { style, gradient: useGradient };
}

interface NickProps {
  nick: NickStyle;
  showGradients: boolean;
  fontFamily?: string | null;
  className?: string;
}

/**
 * A nick in the user's own style; the text is a React text node, never markup, in a <bdi> so
 * that right-to-left letters in it cannot reorder the text around it.
 */
export function Nick({ nick, showGradients, fontFamily, className }: NickProps) {
  const { style, gradient } = nickCss(nick, showGradients, fontFamily);
  const classes = ['chat-nick', gradient ? 'chat-nick-gradient' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <bdi className={classes} style={style} data-gradient={gradient ? 'true' : undefined}>
      {nick.nick}
    </bdi>
  );
}
