import type { Viewer } from '@core28/core/navigation';
import {
  type ComponentProps,
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useViewer, wasSignedIn } from '@/lib/viewer';

// The entry's side of member-chrome.tsx: each part renders only for a signed-in account. The chunk
// is fetched at start on a browser where someone was signed in last time (beside the framework, so
// it is there when `me` answers), else once `me` answers.

type Chrome = typeof import('./member-chrome');
let loaded: Chrome | null = null;
const chrome = () => import('./member-chrome').then((module) => (loaded = module));
if (wasSignedIn()) void chrome();

type PartName = 'NewsBell' | 'UpgradeBanner' | 'MemberTabs' | 'OfflineSync' | 'RecordTimeZone';
const lazyPart = (name: PartName) =>
  lazy(async () => ({ default: (await chrome())[name] as ComponentType<object> }));
const LAZY: Record<PartName, ComponentType<object>> = {
  NewsBell: lazyPart('NewsBell'),
  UpgradeBanner: lazyPart('UpgradeBanner'),
  MemberTabs: lazyPart('MemberTabs'),
  OfflineSync: lazyPart('OfflineSync'),
  RecordTimeZone: lazyPart('RecordTimeZone'),
};

/** A part of the chunk: rendered directly once it is loaded, through `lazy` before. */
function Part<N extends PartName>({ name, props }: { name: N; props: ComponentProps<Chrome[N]> }) {
  // Chosen once per mount: switching between the two would mount the part again.
  const [Component] = useState(() => (loaded?.[name] as ComponentType<object> | undefined) ?? LAZY[name]);
  return createElement(Component, props as object);
}

function SignedIn({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { user } = useViewer();
  return user ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}

/** The header's bell; its 44 px are held while the chunk loads, so the header does not move. */
export const MemberBell = () => (
  <SignedIn fallback={<span className="size-11 shrink-0" aria-hidden />}>
    <Part name="NewsBell" props={{}} />
  </SignedIn>
);

export const MemberBanner = ({ untilTrained }: { untilTrained: (banner: ReactNode) => ReactNode }) => (
  <SignedIn>
    <Part name="UpgradeBanner" props={{ untilTrained }} />
  </SignedIn>
);

export const MemberTabBar = ({ viewer }: { viewer: Viewer }) => (
  <SignedIn>
    <Part name="MemberTabs" props={{ viewer }} />
  </SignedIn>
);

/** Writes queued offline, sent when the connection comes back (inside the router: its badge links). */
export const MemberOfflineSync = () => (
  <SignedIn>
    <Part name="OfflineSync" props={{}} />
  </SignedIn>
);

export const MemberTimeZone = () => (
  <SignedIn>
    <Part name="RecordTimeZone" props={{}} />
  </SignedIn>
);

/** What the tab bar takes of the screen's foot: the page is padded by as much (see RootLayout). */
export const TAB_BAR_SPACE = 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0';
