import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMemberDate } from '@/lib/member-date';
import { toast } from '@/lib/toast';
import {
  devicePushQuery,
  PUSH_BLOCKED,
  pushDevicesQuery,
  pushServiceName,
  useRemovePushDevice,
  useTurnPushOff,
  useTurnPushOn,
} from '../push/api';

const NOT_SUPPORTED =
  "This browser can't show notifications from Core28. On an iPhone, add Core28 to your Home Screen first, then turn them on from there.";

/** Notifications on this device, turned on and off here. */
export function PushCard() {
  const device = useQuery(devicePushQuery());
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const state = device.data;
  const onError = (error: Error) =>
    toast.error('Notifications', {
      description:
        error.message === PUSH_BLOCKED ? PUSH_BLOCKED : `Could not change notifications: ${error.message}`,
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications on this device</CardTitle>
        <CardDescription>
          Reminders and your coach's replies, as notifications on this phone or computer.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {state === 'unsupported' && <p className="text-sm text-zinc-600">{NOT_SUPPORTED}</p>}
        {state === 'blocked' && <p className="text-sm text-zinc-600">{PUSH_BLOCKED}</p>}
        {state === 'on' && (
          <>
            <p className="text-sm text-zinc-700">Notifications are on for this device.</p>
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={turnOff.isPending}
              onClick={() => turnOff.mutate(undefined, { onError })}
            >
              <BellOff className="size-4" aria-hidden /> Turn off notifications
            </Button>
          </>
        )}
        {state === 'off' && (
          <Button
            className="justify-self-start"
            disabled={turnOn.isPending}
            onClick={() =>
              turnOn.mutate(undefined, {
                onError,
                onSuccess: () => toast.success('Notifications are on for this device.'),
              })
            }
          >
            <Bell className="size-4" aria-hidden /> Turn on notifications
          </Button>
        )}
        <PushDevices />
      </CardContent>
    </Card>
  );
}

/** Every device with notifications on, this one or another: each can be removed from here. */
function PushDevices() {
  const devices = useQuery(pushDevicesQuery());
  const remove = useRemovePushDevice();
  const list = devices.data?.devices ?? [];
  if (list.length === 0) return null;
  return (
    <div className="grid gap-2 border-t border-zinc-200 pt-3">
      <h3 className="text-sm font-semibold">Devices with notifications on ({list.length} of 10)</h3>
      <ul className="grid gap-2">
        {list.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              {pushServiceName(device.host)}
              <span className="text-zinc-600"> · since {formatMemberDate(device.createdAt, null)}</span>
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={remove.isPending}
              aria-label={`Remove ${pushServiceName(device.host)}, since ${formatMemberDate(device.createdAt, null)}`}
              onClick={() =>
                remove.mutate(device, {
                  onSuccess: () =>
                    toast.success('Device removed', { description: 'It gets no more notifications.' }),
                  onError: (error) => toast.error('Notifications', { description: error.message }),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden /> Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
