import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';

export interface SkipLink {
  label: string;
  target: RefObject<HTMLElement | null>;
}

/** The skip links a page offers at the top of the shell, before its own "Skip to content". */
export const useSkipLinks = create<{ links: ReadonlyMap<string, SkipLink> }>()(() => ({
  links: new Map(),
}));

/**
 * Offers a skip link to this element while it is mounted (the chat's message box: from the top
 * of the page, Tab and Enter reach it). One link per key: the last one mounted wins.
 */
export function useSkipLink(key: string, label: string, target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const link = { label, target };
    useSkipLinks.setState((s) => ({ links: new Map(s.links).set(key, link) }));
    return () =>
      useSkipLinks.setState((s) => {
        if (s.links.get(key) !== link) return s;
        const links = new Map(s.links);
        links.delete(key);
        return { links };
      });
  }, [key, label, target]);
}
