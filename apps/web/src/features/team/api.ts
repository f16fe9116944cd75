import type { GrantableRole } from '@core28/core/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from '@/lib/api';
import { viewerKeys } from '@/lib/viewer';

export const teamKeys = {
  team: ['admin', 'team'] as const,
  coachProfile: ['admin', 'coach-profile'] as const,
  invitation: (token: string) => ['team', 'invitation', token] as const,
};

export const teamQuery = () =>
  queryOptions({
    queryKey: teamKeys.team,
    queryFn: () => unwrap(api.admin.team.$get()),
    meta: { errorToast: { title: 'Failed to load the team' } },
  });

export type Team = InferResponseType<typeof api.admin.team.$get, 200>;
export type TeamMember = Team['members'][number];

function useTeamMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.team }),
  });
}

export const useInvite = () =>
  useTeamMutation((json: { email: string; roles: GrantableRole[] }) =>
    unwrap(api.admin.team.invitations.$post({ json })),
  );

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => unwrap(api.admin.team.invitations[':id'].$delete({ param: { id } })));

export const useUpdateTeamMember = () =>
  useTeamMutation(({ userId, ...json }: { userId: string; roles?: GrantableRole[]; seats?: number }) =>
    unwrap(api.admin.team.members[':userId'].$patch({ param: { userId }, json })),
  );

export const useRemoveFromTeam = () =>
  useTeamMutation((userId: string) =>
    unwrap(api.admin.team.members[':userId'].$delete({ param: { userId } })),
  );

// ---- a coach's own profile ----

export const coachProfileQuery = () =>
  queryOptions({
    queryKey: teamKeys.coachProfile,
    queryFn: () => unwrap(api.admin['coach-profile'].$get()),
    meta: { errorToast: { title: 'Failed to load your coach profile' } },
  });

export type CoachProfile = InferResponseType<(typeof api.admin)['coach-profile']['$get'], 200>;

export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { name: string; bio: string }) => unwrap(api.admin['coach-profile'].$put({ json })),
    onSuccess: (profile) => queryClient.setQueryData(teamKeys.coachProfile, profile),
  });
}

/** The photo as multipart/form-data (the typed client sends JSON only). */
export async function uploadCoachPhoto(file: File): Promise<CoachProfile> {
  const form = new FormData();
  form.set('file', file);
  const res = await fetch('/api/admin/coach-profile/photo', { method: 'POST', body: form });
  const body = (await res.json().catch(() => null)) as
    | (CoachProfile & { error?: { code?: string; message?: string } })
    | null;
  if (!res.ok)
    throw new ApiError(res.status, body?.error?.code ?? 'UNKNOWN', body?.error?.message ?? 'Upload failed');
  return body as CoachProfile;
}

// ---- an invitation's link ----

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: () => unwrap(api.team.invitations.preview.$get({ query: { token } })),
    retry: false,
  });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.team.invitations.accept.$post({ json: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewerKeys.me }),
  });
}
