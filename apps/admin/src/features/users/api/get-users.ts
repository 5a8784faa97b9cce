/** GET api/users/admin/users/: every account that is not deleted (admin only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminListUsersResponse } from '@bindery/contracts/admin/users';
import { api } from '../../../lib/api-client';

export const getUsers = async (signal?: AbortSignal) =>
  (await api.get('/api/users/admin/users/', { schema: AdminListUsersResponse, signal })).data;

export const getUsersQueryOptions = () => queryOptions({ queryKey: ['admin', 'users'], queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(getUsersQueryOptions());
