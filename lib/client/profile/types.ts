import type { CurrentUser } from '../auth/types';

/** The profile fields `GET /api/users/me` also answers. */
export interface Profile extends CurrentUser {
  language?: string | null;
}

export interface ProfilePatch {
  first_name?: string | null;
  last_name?: string | null;
  language?: string | null;
  password?: string;
  current_password?: string;
}

/** What the caller's policies at the active scope allow in the studio. */
export interface MyAccess {
  admin: boolean;
  app: boolean;
}
