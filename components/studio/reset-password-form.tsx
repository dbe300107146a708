'use client';

import { usePasswordResetMutation } from '@/lib/client/auth/password-reset-mutation';
import { TokenPasswordForm } from './kit/token-password-form';

export function ResetPasswordForm() {
  return (
    <TokenPasswordForm
      namespace="ResetPassword"
      idPrefix="reset"
      mutation={usePasswordResetMutation()}
    />
  );
}
