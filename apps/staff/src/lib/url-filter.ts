import { useSearchParams } from 'react-router';

/**
 * A list's filter held in the URL (`?status=failed`), so a reload or a shared link shows the same
 * list: setting one drops the list's page (`?<page>=3`), as another filter is another list.
 */
export function useUrlFilter<K extends string>(pageKey: string) {
  const [params, setParams] = useSearchParams();
  const setFilter = (key: K, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete(pageKey);
        return next;
      },
      { replace: true },
    );
  return [params, setFilter] as const;
}
