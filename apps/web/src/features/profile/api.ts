import type { ProfileCompletionInput, ProfileUpdateInput } from '@core28/core/profile';
import { AVATAR_URL_REFRESH_RATIO, AVATAR_URL_TTL_SECONDS } from '@core28/core/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, postJson, unwrap } from '@/lib/api';
import { authKeys } from '../auth/api';
import { subscriptionKeys } from '../subscriptions/api';

export const profileKeys = { profile: ['profile'] as const };

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.profile,
    queryFn: () => unwrap(api.profile.$get()),
    // spec §9: the signed avatar link lives 3600 s and is refreshed at 90 % of its life.
    staleTime: AVATAR_URL_TTL_SECONDS * AVATAR_URL_REFRESH_RATIO * 1000,
    refetchInterval: AVATAR_URL_TTL_SECONDS * AVATAR_URL_REFRESH_RATIO * 1000,
  });

export type ProfileData = InferResponseType<typeof api.profile.$get, 200>;

function useInvalidateAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
      queryClient.invalidateQueries({ queryKey: authKeys.me }),
    ]);
}

export function useUpdateProfile() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (json: ProfileUpdateInput) => unwrap(api.profile.$patch({ json })),
    onSuccess: invalidate,
  });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (json: ProfileCompletionInput) => unwrap(api.profile.complete.$post({ json })),
    onSuccess: async () => {
      // spec §4: success refreshes the subscription state.
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: subscriptionKeys.state })]);
    },
  });
}

/** Sends the photo with XMLHttpRequest so the page can show upload progress. */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): Promise<ProfileData> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/profile/avatar');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.response as ProfileData);
      const body = xhr.response as { error?: { code?: string; message?: string } } | null;
      reject(
        new ApiError(xhr.status, body?.error?.code ?? 'UNKNOWN', body?.error?.message ?? 'Upload failed'),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Could not reach the server.'));
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  postJson('/api/auth/change-password', { ...body, revokeOtherSessions: true });

export const sendVerificationEmail = (email: string) =>
  postJson('/api/auth/send-verification-email', { email, callbackURL: '/auth?confirmed=true' });

export const deleteAccount = (password: string) => unwrap(api.profile.delete.$post({ json: { password } }));
