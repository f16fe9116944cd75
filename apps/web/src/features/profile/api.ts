import { AVATAR_URL_REFRESH_RATIO, AVATAR_URL_TTL_SECONDS } from '@core28/core/avatar';
import type { NotificationSettingsInput } from '@core28/core/notifications';
import type { ProfileCompletionInput, ProfileUpdateInput } from '@core28/core/profile';
import { isValidTimeZone } from '@core28/core/time-zone';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect, useRef } from 'react';
import { ApiError, api, postJson, unwrap } from '@/lib/api';
import { dataChanged, onDataChanged } from '@/lib/data-changed';
import { useViewer, viewerKeys } from '@/lib/viewer';
import { authKeys } from '../auth/api';

export const profileKeys = { profile: ['profile'] as const };

// The profile's figures (days done, the streak) follow the member's program.
onDataChanged('profile', (queryClient) => queryClient.invalidateQueries({ queryKey: profileKeys.profile }));

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
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: viewerKeys.subscription })]);
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

// ---- reminders, e-mail choices, time zone and the calendar feed ----

export const notificationKeys = {
  settings: ['notifications'] as const,
  calendar: ['calendar-link'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: () => unwrap(api.notifications.$get()),
    meta: { errorToast: { title: 'Error', description: 'Failed to load your reminder settings' } },
  });
export type NotificationSettings = InferResponseType<typeof api.notifications.$get, 200>;

/** The member's day follows the time zone: everything that shows a day is read again. */
function useInvalidateDays() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.settings }),
      queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
      queryClient.invalidateQueries({ queryKey: authKeys.me }),
      dataChanged(queryClient, 'program', 'exercises'),
    ]);
}

export function useUpdateNotificationSettings() {
  const invalidate = useInvalidateDays();
  return useMutation({
    mutationFn: (json: NotificationSettingsInput) => unwrap(api.notifications.$put({ json })),
    onSuccess: invalidate,
  });
}

export const browserTimeZone = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : null;
};

/**
 * At sign-up or the first sign-in the browser's time zone becomes the member's (the server keeps
 * one already set). Once per page load, for a signed-in member without one.
 */
export function useRecordTimeZone() {
  const { profile } = useViewer();
  const queryClient = useQueryClient();
  const isMissing = profile !== null && profile.timeZone === null;
  const hasTried = useRef(false);
  useEffect(() => {
    if (hasTried.current) return;
    const timeZone = browserTimeZone();
    if (!isMissing || !timeZone) return;
    hasTried.current = true;
    api.notifications['time-zone']
      .$post({ json: { timeZone } })
      // The day may move: the program and what shows a day are read again. Not the session
      // (/api/me): this runs at page load, beside whatever the page itself does with it.
      .then((res) => {
        if (!res.ok) return;
        void dataChanged(queryClient, 'program', 'exercises');
        for (const key of [profileKeys.profile, notificationKeys.settings])
          void queryClient.invalidateQueries({ queryKey: key });
      })
      .catch(() => undefined); // tried again at the next page load
  }, [isMissing, queryClient]);
}

export const calendarLinkQuery = () =>
  queryOptions({
    queryKey: notificationKeys.calendar,
    queryFn: () => unwrap(api.calendar.link.$get()),
    meta: { errorToast: { title: 'Error', description: 'Failed to load your calendar link' } },
  });

export function useResetCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.calendar.link.$post()),
    onSuccess: (link) => queryClient.setQueryData(notificationKeys.calendar, link),
  });
}

export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => unwrap(api.notifications.unsubscribe.$get({ query: { token } })),
    retry: false,
  });

export const useUnsubscribe = (token: string) =>
  useMutation({ mutationFn: () => unwrap(api.notifications.unsubscribe.$post({ query: { token } })) });
