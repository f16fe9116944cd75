import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { devicePushQuery, PUSH_BLOCKED, useTurnPushOff, useTurnPushOn } from '../push/api';

const NOT_SUPPORTED =
  "This browser can't show notifications from Core28. On an iPhone, add Core28 to your Home Screen first, then turn them on from there.";

/** Issue 21: notifications on this device, turned on and off here. */
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
      </CardContent>
    </Card>
  );
}
