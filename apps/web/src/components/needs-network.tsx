import { WifiOff } from 'lucide-react';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { isReachable, useOnline } from '@/lib/use-online';

/**
 * A page that cannot work without the server (checkout, coaching, the admin area) says
 * so while the browser is offline, instead of failing, and comes back by itself with the network.
 */
export function NeedsNetwork({ what, children }: { what: string; children: ReactNode }) {
  const isOnline = useOnline();
  if (isOnline) return children;
  return (
    <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <WifiOff className="size-8 text-zinc-400" aria-hidden />
      <h1 className="text-xl font-semibold">You're offline</h1>
      <p className="text-zinc-600">
        {what} needs an internet connection. It will be back here as soon as you're online; your program and
        sessions keep working offline.
      </p>
    </div>
  );
}

/**
 * A route's error boundary: a page whose code could not be fetched, because the browser
 * is offline and the page was never kept, says it needs the network (and loads by itself when the
 * connection is back), instead of a blank screen. Any other failure offers a reload. Another page
 * (a link in the header) clears the error, as React Router's error elements did.
 */
export function RouteErrorBoundary({ what, children }: { what?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary what={what} pathname={pathname}>
      {children}
    </ErrorBoundary>
  );
}

type BoundaryProps = { what?: string; pathname: string; children: ReactNode };
/** What was thrown, and on which page (filled in at the render that shows it). */
type BoundaryState = { error: { thrown: unknown; pathname: string } | null };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(thrown: unknown): BoundaryState {
    return { error: { thrown, pathname: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    if (!state.error) return null;
    if (!state.error.pathname) return { error: { ...state.error, pathname: props.pathname } };
    return state.error.pathname === props.pathname ? null : { error: null };
  }

  override render() {
    const { error } = this.state;
    return error ? <RouteError what={this.props.what} error={error.thrown} /> : this.props.children;
  }
}

function RouteError({ what = 'This page', error }: { what?: string; error: unknown }) {
  const [wasOffline] = useState(() => !isReachable());
  if (wasOffline)
    return (
      <NeedsNetwork what={what}>
        <ReloadWhenReachable />
      </NeedsNetwork>
    );
  console.error(error);
  return <LoadError message="This page could not be loaded." onRetry={() => window.location.reload()} />;
}

/**
 * Back online: reloads once the server answers (the browser says `online` a moment before its
 * requests go through), asking every second until then.
 */
function ReloadWhenReachable() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      timer = setTimeout(probe, 1_000);
    };
    const probe = () =>
      void fetch('/api/health', { cache: 'no-store' }).then(
        (res) => (res.ok ? window.location.reload() : retry()),
        retry,
      );
    probe();
    return () => clearTimeout(timer);
  }, []);
  return null;
}
