import { ART_SORTS, type ArtSort } from '@chat/shared';
import { useListParams } from '../../shared/hooks/use-list-params';

const isSort = (v: string | undefined): v is ArtSort =>
  (ART_SORTS as readonly string[]).includes(v ?? '');

/** A gallery's order from the address (`?sort=`), so that a sorted gallery can be linked. */
export function useSortParam(): [ArtSort, (sort: ArtSort) => void] {
  const params = useListParams();
  const sort = params.text('sort');
  return [
    isSort(sort) ? sort : 'new',
    (next) => params.set({ sort: next === 'new' ? undefined : next }),
  ];
}
