import { GRANTABLE_ROLES, type GrantableRole } from '@core28/core/staff';
import { Pencil, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { type TeamMember, useRemoveFromTeam, useUpdateTeamMember } from './api';
import { RoleChoice, rolesInWords } from './role-choice';

const isGrantable = (role: string): role is GrantableRole =>
  (GRANTABLE_ROLES as readonly string[]).includes(role);

/** "1 h 30 min", "45 min": a first-reply time in words. */
export function minutesInWords(minutes: number) {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

export function CoachPhoto({
  name,
  url,
  size = 'size-12',
}: {
  name: string;
  url: string | null;
  size?: string;
}) {
  return url ? (
    <img src={url} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${size} grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-700`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function Figure({ label, value, warn = false }: { label: string; value: string; warn?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600">{label}</dt>
      <dd className={warn ? 'font-bold text-red-700' : 'font-semibold'}>{value}</dd>
    </div>
  );
}

/** One person on the team: roles, load and reply times, and the owner's changes. */
export function TeamMemberCard({ member }: { member: TeamMember }) {
  const { user } = useViewer();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const isOwner = member.roles.includes('owner');
  const isCoach = member.seats !== null;
  return (
    <Card className="grid gap-3 p-4" role="article" aria-labelledby={`team-${member.userId}`}>
      <div className="flex items-start gap-3">
        <CoachPhoto name={member.name} url={member.photoUrl} />
        <div className="min-w-0 flex-1">
          <h3 id={`team-${member.userId}`} className="truncate font-bold">
            {member.name}
          </h3>
          <p className="truncate text-sm text-zinc-600">{member.email}</p>
          <p className="text-sm font-medium text-brand-700">{rolesInWords(member.roles)}</p>
        </div>
      </div>
      {isCoach && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Figure label="Members" value={String(member.members)} />
          <Figure label="Seats (free)" value={`${member.seats} (${member.freeSeats})`} />
          <Figure label="Open conversations" value={String(member.openConversations)} />
          <Figure
            label="Median first reply (30 days)"
            value={
              member.medianFirstReplyMinutes === null ? '—' : minutesInWords(member.medianFirstReplyMinutes)
            }
          />
          <Figure
            label="Waiting past target"
            value={String(member.overdueConversations)}
            warn={member.overdueConversations > 0}
          />
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setEditing(true)}
          aria-label={`Edit ${member.name}`}
        >
          <Pencil /> Roles and seats
        </Button>
        {!isOwner && member.userId !== user?.id && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setRemoving(true)}
            aria-label={`Remove ${member.name}`}
          >
            <UserMinus /> Remove from team
          </Button>
        )}
      </div>
      {editing && <EditDialog member={member} onClose={() => setEditing(false)} />}
      {removing && <RemoveDialog member={member} onClose={() => setRemoving(false)} />}
    </Card>
  );
}

function EditDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const update = useUpdateTeamMember();
  const [roles, setRoles] = useState<GrantableRole[]>(member.roles.filter(isGrantable));
  const [seats, setSeats] = useState(String(member.seats ?? 0));
  const isOwner = member.roles.includes('owner');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { userId: member.userId, roles, ...(roles.includes('coach') ? { seats: Number(seats) } : {}) },
      {
        onSuccess: (result) => {
          toast.success(
            result.reassigned ? `Saved; ${result.reassigned} members moved to other coaches` : 'Saved',
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="text-xl font-bold">{member.name}</DialogTitle>
        <DialogDescription className="text-sm text-zinc-600">
          {isOwner
            ? 'You stay the owner; choose what else you do.'
            : 'What they may do, and how many members they take.'}
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={onSubmit}>
          <RoleChoice
            idPrefix="edit-role"
            legend="Roles"
            roles={GRANTABLE_ROLES}
            chosen={roles}
            onChange={setRoles}
          />
          {roles.includes('coach') && (
            <Field id="seats" label="Seats" hint="How many 1-on-1 Burn members they coach (0 to 10,000).">
              <Input
                type="number"
                min={0}
                max={10000}
                value={seats}
                onChange={(e) => setSeats(e.target.value)}
              />
            </Field>
          )}
          {update.isError && <ErrorAlert>{update.error.message}</ErrorAlert>}
          <Button type="submit" disabled={update.isPending || (!isOwner && roles.length === 0)}>
            Save
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const remove = useRemoveFromTeam();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="text-xl font-bold">Remove {member.name} from the team?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-zinc-600">
          {member.members
            ? `Their ${member.members} members go to the coaches with the most free seats first. `
            : ''}
          Their account stays a member account, and their replies keep their name.
        </DialogDescription>
        {remove.isError && (
          <div className="mt-3">
            <ErrorAlert>{remove.error.message}</ErrorAlert>
          </div>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(member.userId, {
                onSuccess: () => {
                  toast.success(`${member.name} is no longer on the team`);
                  onClose();
                },
              })
            }
          >
            Remove
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
