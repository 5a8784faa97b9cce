/** GET api/book/dropdown-data/ (bearer): the categories (with description and calculator) and languages of /start-project. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';

export const getDropdownData = (signal?: AbortSignal) => api.call(projectRoutes.dropdownData, {}, { signal });

export const getDropdownDataQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'dropdown-data'],
    queryFn: ({ signal }) => getDropdownData(signal),
    staleTime: 10 * 60_000,
  });

export const useDropdownData = () => useQuery(getDropdownDataQueryOptions());
