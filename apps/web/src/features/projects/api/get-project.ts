/** GET api/book/{id}/ (bearer, owner): one project, to prefill the design form when a project is edited. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';

export const getProject = (id: number, signal?: AbortSignal) =>
  api.call(projectRoutes.get, { params: { id } }, { signal });

export const getProjectQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: ['projects', 'one', id],
    queryFn: ({ signal }) => getProject(id as number, signal),
    enabled: id !== null,
  });

export const useProject = (id: number | null) => useQuery(getProjectQueryOptions(id));
