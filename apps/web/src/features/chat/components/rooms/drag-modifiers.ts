import type { Modifier } from '@dnd-kit/core';

// A tab moves only along its list, so a dragged tab never wanders over the messages.
export const lockToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
export const lockToHorizontalAxis: Modifier = ({ transform }) => ({ ...transform, y: 0 });
