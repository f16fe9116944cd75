import { GRANTABLE_ROLES, type GrantableRole } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { MailPlus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { teamQuery, useInvite, useRevokeInvitation } from './api';
import { RoleChoice, rolesInWords } from './role-choice';
import { TeamMemberCard } from './team-member-card';

const dateFormat = { format: (value: Date | number) => formatDate(value, 'shortMonthDay') };

/** /admin/team (the owner's): who is on the team, how each coach is doing, and invitations. */
export default function TeamPage() {
  const team = useQuery(teamQuery());
  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Team</h1>
        <p className="text-zinc-600">
          Coaches and editors, their members and seats, and how quickly members hear back
          {team.data ? ` (target: ${team.data.replyTargetHours} h)` : ''}.
        </p>
      </header>
      {team.isError && <LoadError retryLabel="Retry loading the team" onRetry={() => team.refetch()} />}
      <section aria-labelledby="team-members" className="grid gap-3">
        <h2 id="team-members" className="text-lg font-bold">
          Members of the team
        </h2>
        <div className="grid gap-3 lg:grid-cols-2">
          {(team.data?.members ?? []).map((member) => (
            <TeamMemberCard key={member.userId} member={member} />
          ))}
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <InviteForm />
        <OpenInvitations invitations={team.data?.invitations ?? []} />
      </div>
    </div>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<GrantableRole[]>(['coach']);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, roles },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${email}`);
          setEmail('');
        },
      },
    );
  };
  return (
    <Card className="grid content-start gap-4 p-4">
      <h2 className="text-lg font-bold">Invite someone</h2>
      <form className="grid gap-4" onSubmit={onSubmit} aria-label="Invite someone">
        <Field id="invite-email" label="E-mail">
          <Input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <RoleChoice
          idPrefix="invite-role"
          legend="Roles"
          roles={GRANTABLE_ROLES}
          chosen={roles}
          onChange={setRoles}
        />
        {invite.isError && <ErrorAlert>{invite.error.message}</ErrorAlert>}
        <Button
          type="submit"
          disabled={invite.isPending || roles.length === 0}
          className="justify-self-start"
        >
          <MailPlus /> Send invitation
        </Button>
        <p className="text-xs text-zinc-600">
          The link works once, for 7 days, and only for this address. A new coach starts with no seats.
        </p>
      </form>
    </Card>
  );
}

function OpenInvitations({
  invitations,
}: {
  invitations: { id: string; email: string; roles: string[]; expiresAt: string }[];
}) {
  const revoke = useRevokeInvitation();
  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="text-lg font-bold">Open invitations</h2>
      {invitations.length === 0 && <p className="text-sm text-zinc-600">No invitation is waiting.</p>}
      <ul className="grid gap-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex items-center justify-between gap-3 rounded-lg border border-zinc-200 p-3"
          >
            <div className="min-w-0">
              <p className="truncate font-semibold">{invitation.email}</p>
              <p className="text-xs text-zinc-600">
                {rolesInWords(invitation.roles)} · until {dateFormat.format(new Date(invitation.expiresAt))}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Withdraw the invitation to ${invitation.email}`}
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(invitation.id, { onSuccess: () => toast.success('Invitation withdrawn') })
              }
            >
              <X /> Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
