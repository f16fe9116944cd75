import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/lib/toast';
import { calendarLinkQuery, useResetCalendarLink } from './api';

/** The 28 days as a private calendar feed, with a reset that ends the old link. */
export function CalendarCard() {
  const link = useQuery(calendarLinkQuery());
  const reset = useResetCalendarLink();
  const onCreate = (isReset: boolean) =>
    reset.mutate(undefined, {
      onSuccess: () =>
        toast.success(
          isReset ? 'New calendar link made; the old one no longer works' : 'Calendar link ready',
        ),
      onError: (err) => toast.error('Could not make a calendar link', { description: err.message }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your program in your calendar</CardTitle>
        <CardDescription>
          One all-day event per program day, with its exercise and a link to the session.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {link.isPending ? (
          <div className="h-16 animate-pulse rounded-lg bg-zinc-100" />
        ) : link.isError ? (
          <LoadError message="Failed to load your calendar link." onRetry={() => link.refetch()} />
        ) : link.data.url && link.data.webcalUrl ? (
          <div className="grid gap-4">
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <a href={link.data.webcalUrl}>
                  <CalendarPlus className="size-4" aria-hidden /> Add to calendar
                </a>
              </Button>
              <Button variant="outline" disabled={reset.isPending} onClick={() => onCreate(true)}>
                <RefreshCw className="size-4" aria-hidden /> Reset link
              </Button>
            </div>
            <Field
              id="calendar-url"
              label="Private calendar link"
              hint="Anyone with this link can see your program days. Reset it if you shared it by mistake."
            >
              <Input readOnly value={link.data.url} onFocus={(e) => e.currentTarget.select()} />
            </Field>
          </div>
        ) : (
          <Button disabled={reset.isPending} onClick={() => onCreate(false)}>
            <CalendarPlus className="size-4" aria-hidden /> Add to calendar
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
