import type { PushSubscriptionInput } from '@core28/core/push';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

// Web Push on this browser. The browser holds the subscription (its push service's
// endpoint and keys); the server keeps a copy per member to send to.

export const pushKeys = { device: ['push', 'device'] as const, devices: ['push', 'devices'] as const };

/** This browser: it cannot show pushes, the member blocked them, or they are off or on. */
export type DevicePush = 'unsupported' | 'blocked' | 'off' | 'on';

const isSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The server's key for an endpoint: the first 16 hex digits of its SHA-256. */
async function endpointKeyOf(endpoint: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export const devicePushQuery = () =>
  queryOptions({
    queryKey: pushKeys.device,
    queryFn: async (): Promise<DevicePush> => {
      if (!isSupported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'blocked';
      const subscription = await currentSubscription();
      if (!subscription) return 'off';
      // Removed from the list (here or on another device): the server sends it nothing any more.
      const { devices } = await unwrap(api.push.devices.$get());
      const key = await endpointKeyOf(subscription.endpoint);
      return devices.some((device) => device.endpointKey === key) ? 'on' : 'off';
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The VAPID key as the PushManager takes it (URL-safe base64 to bytes). */
function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

export const PUSH_BLOCKED = "Notifications are blocked for Core28 in this browser's settings.";

export function useTurnPushOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error(PUSH_BLOCKED);
      const { publicKey } = await unwrap(api.push.key.$get());
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      const json = subscription.toJSON() as PushSubscriptionInput;
      try {
        await unwrap(api.push.subscriptions.$post({ json }));
      } catch (error) {
        await subscription.unsubscribe();
        throw error;
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushKeys.device });
      void queryClient.invalidateQueries({ queryKey: pushKeys.devices });
    },
  });
}

export function useTurnPushOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await unwrap(api.push.subscriptions.remove.$post({ json: { endpoint: subscription.endpoint } }));
      await subscription.unsubscribe();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushKeys.device });
      void queryClient.invalidateQueries({ queryKey: pushKeys.devices });
    },
  });
}

/** Every device the member turned notifications on in (at most ten: a new one replaces the oldest). */
export const pushDevicesQuery = () =>
  queryOptions({
    queryKey: pushKeys.devices,
    queryFn: () => unwrap(api.push.devices.$get()),
  });

/** Removes one device; when it is this browser, its subscription goes too, so it reads as off. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: { id: number; endpointKey: string }) => {
      const answer = await unwrap(api.push.devices[':id'].remove.$post({ param: { id: String(device.id) } }));
      const subscription = isSupported() ? await currentSubscription() : null;
      if (subscription && (await endpointKeyOf(subscription.endpoint)) === device.endpointKey)
        await subscription.unsubscribe();
      return answer;
    },
    onSuccess: (answer) => queryClient.setQueryData(pushKeys.devices, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device }),
  });
}

/** The push service's host as a person knows it. */
export function pushServiceName(host: string) {
  if (host === 'fcm.googleapis.com') return 'Chrome or Android';
  if (host.endsWith('push.apple.com')) return 'Safari, iPhone or iPad';
  if (host.endsWith('mozilla.com')) return 'Firefox';
  if (host.endsWith('notify.windows.com')) return 'Edge on Windows';
  return host;
}

/**
 * Sign-out: this browser stops receiving the member's pushes at once. The server forgets the
 * subscription when the push service next answers 410 for it.
 */
export async function forgetDevicePush() {
  if (!isSupported()) return;
  await (await currentSubscription())?.unsubscribe();
}
