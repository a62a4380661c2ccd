import { useEffect, useState } from 'react';
import { useBasename, useDataProvider } from 'react-admin';
import type { Catalogue, Provider } from './model.ts';

/** A path of the back office (react-admin runs under the basename `/admin`). */
export function useTo() {
  const base = useBasename();
  return (path: string) => `${base}${path}`;
}

export function useCatalogue() {
  const dp = useDataProvider<Provider>();
  const [cat, setCat] = useState<Catalogue>();
  useEffect(() => {
    let alive = true;
    dp.call<{ data: Catalogue }>('/admin/report').then(
      (r) => alive && setCat(r.data),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dp]);
  return cat;
}
