'use client';

import { TokenPasswordForm } from '@/components/studio/kit/token-password-form';
import { useInviteAcceptMutation } from '@/lib/client/users/invite-accept-mutation';

/** Sets the password of an invited user, which makes them active; then they can sign in. */
export function AcceptInviteForm() {
  return (
    <TokenPasswordForm
      namespace="AcceptInvite"
      idPrefix="invite"
      mutation={useInviteAcceptMutation()}
    />
  );
}
