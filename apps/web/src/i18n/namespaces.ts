import type { resources } from './resources';

export type Namespace = keyof (typeof resources)['ru'];

/**
 * What the shell itself says (navbar, splash, cookie notice, toasts, API errors): loaded before
 * the first render. Every other namespace comes with the route or the dialog that uses it.
 */
export const SHELL_NAMESPACES: Namespace[] = ['common', 'titles', 'shell', 'errors'];
