/** Query keys for users; the scope is part of each key so nothing is shared across scopes. */
export interface UsersListParams {
  search: string;
  status: string | null;
  role: string | null;
  page: number;
  limit: number;
}

export const usersKeys = {
  all: ['users'] as const,
  lists: (scope: string | null) => [...usersKeys.all, scope, 'list'] as const,
  list: (scope: string | null, params: UsersListParams) =>
    [...usersKeys.lists(scope), params] as const,
  options: (scope: string | null, search: string) =>
    [...usersKeys.all, scope, 'options', search] as const,
  detail: (scope: string | null, id: string) => [...usersKeys.all, scope, 'detail', id] as const,
};
