import { useSearchParams } from 'react-router';

const positive = (v: string | null): number | undefined => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 && n < 2 ** 31 ? n : undefined;
};

/**
 * A moderation tab's page and filters live in the address (`?page&moderator_id…`), so that a
 * filtered list can be linked and survives a reload. Changing a filter goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const number = (name: string) => positive(params.get(name));
  const text = (name: string) => params.get(name) ?? undefined;
  const set = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    if (!('page' in change)) next.delete('page');
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined || value === '' || (name === 'page' && value === 1))
        next.delete(name);
      else next.set(name, String(value));
    }
    setParams(next);
  };
  return { page: number('page') ?? 1, number, text, set };
}
