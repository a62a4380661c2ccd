import { useEffect, useState } from 'react';
import { api } from '../../../common/api/client.ts';
import type { Cities, Countries } from '../../../common/api/types/info.ts';
import type { City, Country } from './model.ts';

/** Countries (GET /api/info/countries) and a country's cities (GET /api/info/cities). */
export function useReference(countryId: string) {
  const [countries, setCountries] = useState<Country[]>([]);
  const [cities, setCities] = useState<City[]>([]);
  useEffect(() => {
    api<Countries>('/api/info/countries').then(
      (r) => setCountries(r.data),
      () => setCountries([]),
    );
  }, []);
  useEffect(() => {
    setCities([]);
    if (countryId)
      api<Cities>('/api/info/cities', { query: { country_id: countryId } }).then(
        (r) => setCities(r.data),
        () => setCities([]),
      );
  }, [countryId]);
  return { countries, cities };
}
