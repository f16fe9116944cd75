import { adminHomeOf } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useViewer } from '@/lib/viewer';
import { invitationQuery, useAcceptInvitation } from './api';
import { rolesInWords } from './role-choice';

const STATES = {
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn by the owner.',
  expired: 'This invitation has expired. Ask the owner for a new one.',
};

/**
 * /team/join?token=…: the link of an invitation. Signed in with the invited address, one button
 * accepts; otherwise sign in, or create the account (confirm it, then open the link again).
 */
export default function JoinTeamPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isLoading, staff } = useViewer();
  const invitation = useQuery({ ...invitationQuery(token), enabled: token.length > 0 });
  const accept = useAcceptInvitation();
  const here = `${location.pathname}${location.search}`;

  const body = () => {
    if (!token || invitation.isError)
      return <ErrorAlert>This invitation link is not valid. Open the whole link from the e-mail.</ErrorAlert>;
    if (isLoading || invitation.isPending) return <PageSpinner />;
    const { email, roles, state } = invitation.data;
    if (state !== 'open') return <ErrorAlert>{STATES[state]}</ErrorAlert>;
    if (!user)
      return (
        <div className="grid gap-3">
          <p className="text-sm text-zinc-700">
            Sign in with <strong>{email}</strong> to accept. New to Core28? Create your account with that
            address, confirm it from your mailbox, then open this link again.
          </p>
          <Button asChild>
            <Link to="/auth" state={{ from: here }}>
              Sign in
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?action=signup" state={{ from: here }}>
              Create an account
            </Link>
          </Button>
        </div>
      );
    const isOtherAccount = user.email.toLowerCase() !== email.toLowerCase();
    return (
      <div className="grid gap-3">
        {isOtherAccount && (
          <ErrorAlert>
            This invitation is for {email}; you are signed in as {user.email}. Sign out and sign in with the
            invited address.
          </ErrorAlert>
        )}
        {accept.isError && <ErrorAlert>{accept.error.message}</ErrorAlert>}
        <Button
          disabled={isOtherAccount || accept.isPending || accept.isSuccess}
          onClick={() =>
            accept.mutate(token, {
              // The session's roles are read again first (the mutation's own onSuccess).
              onSuccess: () =>
                navigate(roles.includes('coach') ? '/admin/coach-profile' : (adminHomeOf(staff) ?? '/'), {
                  replace: true,
                }),
            })
          }
        >
          Accept and join the team
        </Button>
      </div>
    );
  };

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-zinc-50 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">Join the Core28 team</CardTitle>
          <CardDescription>
            {invitation.data ? `You are invited as ${rolesInWords(invitation.data.roles)}.` : 'An invitation'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{body()}</CardContent>
      </Card>
    </div>
  );
}
