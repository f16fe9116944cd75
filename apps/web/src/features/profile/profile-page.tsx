import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useViewer } from '@/lib/viewer';
import { CredentialsCard, MyDataCard, StatsCard } from './account-cards';
import { calendarLinkQuery, notificationSettingsQuery, profileQuery } from './api';
import { CalendarCard } from './calendar-card';
import { Avatar, DetailsCard } from './details-card';
import { detailsFormKey } from './details-form-key';
import { PushCard } from './push-card';
import { RemindersCard } from './reminders-card';
import { ThemeCard } from './theme-card';
import { TwoFactorCard } from './two-factor-card';
import { VerifyEmailCard } from './verify-email-card';

export default function ProfilePage() {
  const { user, staff } = useViewer();
  const profile = useQuery({ ...profileQuery(), enabled: user !== null });
  // The cards that load their own data are asked for at once and awaited with the profile, so the
  // page appears whole instead of growing under the member's eyes (layout shift).
  const reminders = useQuery({ ...notificationSettingsQuery(), enabled: user !== null });
  const calendar = useQuery({ ...calendarLinkQuery(), enabled: user !== null });

  if (!user)
    return <p className="px-4 py-16 text-center text-zinc-600">Please log in to view your profile.</p>;
  if (profile.isPending || reminders.isPending || calendar.isPending) return <PageSpinner />;
  if (profile.isError)
    return (
      <LoadError message="Failed to load your profile." onRetry={() => profile.refetch()} className="py-16" />
    );

  const data = profile.data;
  const name =
    [data.profile.firstName, data.profile.lastName].filter(Boolean).join(' ') ||
    data.profile.displayName ||
    'Your profile';
  return (
    <div className="bg-zinc-50">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <header className="flex items-center gap-4">
          <Avatar url={data.avatar?.url} name={name} size="size-16" />
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{name}</h1>
            <p className="text-sm text-zinc-600">
              Member since {formatDate(data.profile.registrationDate, 'long')}
            </p>
          </div>
        </header>
        {!user.emailVerified && <VerifyEmailCard email={user.email} />}
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <DetailsCard key={detailsFormKey(data.profile)} data={data} email={user.email} />
          <div className="grid content-start gap-6">
            <StatsCard stats={data.stats} />
            {data.hasPassword && <CredentialsCard email={user.email} />}
            {data.hasPassword && <TwoFactorCard isOn={user.twoFactorEnabled} isStaff={staff !== null} />}
            <PushCard />
            <ThemeCard />
          </div>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <RemindersCard />
          <CalendarCard />
        </div>
        <MyDataCard hasPassword={data.hasPassword} />
      </div>
    </div>
  );
}
