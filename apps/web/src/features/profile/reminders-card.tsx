import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  PUSH_KINDS,
  ReminderSettingsSchema,
} from '@core28/core/notifications';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import {
  browserTimeZone,
  type NotificationSettings,
  notificationSettingsQuery,
  useUpdateNotificationSettings,
} from './api';

/** Every zone this browser knows (IANA names), the member's own first if it is not among them. */
function timeZoneOptions(current: string | null) {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const list = all.includes('UTC') ? all : ['UTC', ...all];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/** The member's day, the reminder's hour and one switch per kind of e-mail. */
export function RemindersCard() {
  const settings = useQuery(notificationSettingsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders and e-mails</CardTitle>
        <CardDescription>Your program day starts at midnight in your time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="h-40 animate-pulse rounded-lg bg-zinc-100" />
        ) : settings.isError ? (
          <LoadError message="Failed to load your reminder settings." onRetry={() => settings.refetch()} />
        ) : (
          <div className="grid gap-6">
            <DayAndTimeForm
              // The zone recorded from this browser meanwhile is what the form shows already: no reset.
              key={`${settings.data.timeZone ?? browserTimeZone()}-${settings.data.reminderTime}`}
              settings={settings.data}
            />
            <EmailSwitches settings={settings.data} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DayAndTimeForm({ settings }: { settings: NotificationSettings }) {
  const form = useZodForm(ReminderSettingsSchema, {
    defaultValues: {
      timeZone: settings.timeZone ?? browserTimeZone() ?? 'UTC',
      reminderTime: settings.reminderTime,
    },
  });
  const { errors } = form.formState;
  const [timeZone, reminderTime] = form.watch(['timeZone', 'reminderTime']);
  const update = useUpdateNotificationSettings();
  // Against the saved values: a zone not saved yet (this browser's, shown) may be saved as it is.
  const isChanged = timeZone !== settings.timeZone || reminderTime !== settings.reminderTime;
  const detected = browserTimeZone();

  const onSubmit = form.handleSubmit((values) =>
    // The promise, not mutate's callbacks: saving re-keys this form (new values), and callbacks of
    // an unmounted observer are not called.
    update.mutateAsync(values).then(
      () => toast.success('Reminder settings saved'),
      (err: Error) => toast.error('Could not save your reminder settings', { description: err.message }),
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        id="time-zone"
        label="Time zone"
        error={errors.timeZone?.message}
        hint={
          detected && detected !== timeZone ? (
            <button
              type="button"
              className="text-brand-700 underline"
              onClick={() =>
                form.setValue('timeZone', detected, { shouldValidate: form.formState.isSubmitted })
              }
            >
              Use this device's time zone ({detected})
            </button>
          ) : undefined
        }
      >
        <Select {...form.register('timeZone')}>
          {timeZoneOptions(settings.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="reminder-time"
        label="Workout reminder time"
        hint="Any minute of the day, in your time zone."
        error={errors.reminderTime?.message}
      >
        <Input type="time" required {...form.register('reminderTime')} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={!isChanged || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save reminder settings'}
        </Button>
      </div>
    </form>
  );
}

function EmailSwitches({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const onToggle = (kind: NotificationKind, channel: 'email' | 'push', isOn: boolean) =>
    update.mutate(
      { [channel]: { [kind]: isOn } },
      {
        onSuccess: () =>
          toast.success(
            `${NOTIFICATION_LABELS[kind].title}${channel === 'push' ? ' as push' : ''}: ${isOn ? 'on' : 'off'}`,
          ),
        onError: (err) => toast.error('Could not save your choice', { description: err.message }),
      },
    );
  return (
    <>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">E-mail me about</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            id={`notify-${kind}`}
            title={NOTIFICATION_LABELS[kind].title}
            description={NOTIFICATION_LABELS[kind].description}
            checked={settings.email[kind]}
            disabled={update.isPending}
            onChange={(isOn) => onToggle(kind, 'email', isOn)}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Push notification instead of e-mail</legend>
        <p className="text-xs text-zinc-600">
          Sent to the devices where notifications are on (Notifications on this device); without one, the
          e-mail goes as usual.
        </p>
        {PUSH_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            id={`push-${kind}`}
            title={NOTIFICATION_LABELS[kind].title}
            accessibleName={`${NOTIFICATION_LABELS[kind].title} as push notification`}
            checked={settings.push[kind]}
            disabled={update.isPending}
            onChange={(isOn) => onToggle(kind, 'push', isOn)}
          />
        ))}
      </fieldset>
    </>
  );
}

function SwitchRow(props: {
  id: string;
  title: string;
  /** When the title alone names another switch too (the e-mail one of the same kind). */
  accessibleName?: string;
  description?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const { id, title, description } = props;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {title}
        </label>
        {description && (
          <p id={`${id}-hint`} className="text-xs text-zinc-600">
            {description}
          </p>
        )}
      </div>
      <Switch.Root
        id={id}
        aria-label={props.accessibleName}
        aria-describedby={description ? `${id}-hint` : undefined}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        // The button is 44 × 44 to tap (WCAG 2.5.5); the track drawn inside it stays 24 px tall.
        className="group -my-2.5 grid size-11 shrink-0 place-items-center disabled:opacity-60"
      >
        <span className="relative block h-6 w-11 rounded-full bg-zinc-300 transition-colors group-data-[state=checked]:bg-brand-600">
          <Switch.Thumb className="mt-0.5 block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </span>
      </Switch.Root>
    </div>
  );
}
