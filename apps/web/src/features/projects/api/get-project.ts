/** GET api/book/{id}/ (bearer, owner): one project, to prefill the design form when a project is edited. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Project } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';

export const getProject = (id: number, signal?: AbortSignal) =>
  api.get(`/api/book/${id}/`, { schema: Project, signal });

export const getProjectQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: ['projects', 'one', id],
    queryFn: ({ signal }) => getProject(id as number, signal),
    enabled: id !== null,
  });

export const useProject = (id: number | null) => useQuery(getProjectQueryOptions(id));
