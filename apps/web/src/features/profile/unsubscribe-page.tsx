import { useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { unsubscribeQuery, useUnsubscribe } from './api';

/**
 * The page behind an e-mail's visible unsubscribe link. It works signed out (the link's
 * signed token says who and which kind) and asks once, so a link scanner's visit changes nothing.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const target = useQuery({ ...unsubscribeQuery(token), enabled: token !== '' });
  const unsubscribe = useUnsubscribe(token);

  const frame = (children: React.ReactNode) => (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <MailX className="size-12 text-brand-600" aria-hidden />
      {children}
    </section>
  );
  if (!token || target.isError)
    return frame(
      <>
        <h1 className="text-2xl font-bold">This unsubscribe link is not valid</h1>
        <p className="text-zinc-600">Choose which e-mails you get on your profile instead.</p>
        <Button asChild>
          <Link to="/profile">Go to your profile</Link>
        </Button>
      </>,
    );
  if (target.isPending) return <PageSpinner />;
  const title = target.data.title.toLowerCase();
  if (unsubscribe.isSuccess || !target.data.isOn)
    return frame(
      <>
        <h1 className="text-2xl font-bold">You are unsubscribed</h1>
        <p className="text-zinc-600">
          You will no longer get {title} e-mails. Everything else stays as it was; you can turn them back on
          in your profile.
        </p>
        <Button asChild variant="outline">
          <Link to="/profile">Go to your profile</Link>
        </Button>
      </>,
    );
  return frame(
    <>
      <h1 className="text-2xl font-bold">Unsubscribe from {title} e-mails?</h1>
      <p className="text-zinc-600">Only this kind of e-mail stops; your other choices stay as they are.</p>
      {unsubscribe.isError && <ErrorAlert>{unsubscribe.error.message}</ErrorAlert>}
      <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </>,
  );
}
