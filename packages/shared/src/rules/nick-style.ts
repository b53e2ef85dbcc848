import { isLightColor } from './color';
import { isBasicNickColor, isPaletteColor } from './palette';

/**
 * A gradient has 2..8 colours; "number of colours 0" (the spec) means no gradient, and then any
 * colours sent along are ignored (the editor keeps them while the gradient is off).
 */
export const GRADIENT_MIN = 2;
export const GRADIENT_MAX = 8;
export const NICK_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

/** Why a colour cannot style a nick, or null when it can (message keys of the API). */
export function nickColorProblem(value: unknown): 'nick.color_invalid' | 'nick.color_light' | null {
  if (!isPaletteColor(value)) return 'nick.color_invalid';
  return isLightColor(value) ? 'nick.color_light' : null;
}

export interface NickStyleInput {
  color: string | null;
  has_gradient: boolean;
  gradient: readonly string[];
  weight: number | null;
}

/**
 * Checks a whole nick style; answers the message keys per field (empty when it is fine).
 * The font is checked by the server against its catalogue.
 */
export function nickStyleProblems(style: NickStyleInput): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (style.color !== null) {
    const problem = nickColorProblem(style.color);
    if (problem) problems.color = [problem];
  }
  if (style.has_gradient) {
    if (style.gradient.length < GRADIENT_MIN || style.gradient.length > GRADIENT_MAX)
      problems.gradient = ['nick.gradient_size'];
    else {
      const problem = style.gradient.map(nickColorProblem).find((p) => p !== null);
      if (problem) problems.gradient = [problem];
    }
  }
  if (style.weight !== null && !(NICK_WEIGHTS as readonly number[]).includes(style.weight))
    problems.weight = ['invalid_value'];
  return problems;
}

/** The premium permissions a nick style needs: a gradient, and colours beyond the basic rows. */
export function nickStylePerks(
  style: Pick<NickStyleInput, 'color' | 'has_gradient' | 'gradient'>,
): ('nick.gradient' | 'nick.palette_extended')[] {
  const perks: ('nick.gradient' | 'nick.palette_extended')[] = [];
  if (style.has_gradient) perks.push('nick.gradient');
  const colors = [
    ...(style.color === null ? [] : [style.color]),
    ...(style.has_gradient ? style.gradient : []),
  ];
  if (colors.some((c) => !isBasicNickColor(c))) perks.push('nick.palette_extended');
  return perks;
}
