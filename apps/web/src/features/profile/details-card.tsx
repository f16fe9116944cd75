import {
  AGE_BOUNDS,
  AVATAR_ERRORS,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  countryName,
  GENDER_LABELS,
  type Gender,
  type ProfileEditInput,
  ProfileEditSchema,
} from '@core28/core/profile';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { authKeys } from '../auth/api';
import { type ProfileData, profileQuery, uploadAvatar, useUpdateProfile } from './api';
import { detailsFields } from './form-fields';

type Profile = ProfileData['profile'];

export function Avatar({
  url,
  name,
  size = 'size-20',
}: {
  url: string | undefined;
  name: string;
  size?: string;
}) {
  return url ? (
    <img src={url} alt={`Avatar of ${name}`} className={`${size} rounded-full object-cover`} />
  ) : (
    <span className={`${size} grid place-items-center rounded-full bg-zinc-200 text-zinc-500`} aria-hidden>
      <UserRound className="size-1/2" />
    </span>
  );
}

function PhotoChange({ data }: { data: ProfileData }) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES)
      return toast.error(AVATAR_ERRORS.tooLarge.title, { description: AVATAR_ERRORS.tooLarge.message });
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return toast.error(AVATAR_ERRORS.invalidType.title, { description: AVATAR_ERRORS.invalidType.message });
    setProgress(0);
    try {
      const updated = await uploadAvatar(file, setProgress);
      queryClient.setQueryData(profileQuery().queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: authKeys.me }); // the header's photo
      toast.success('Photo updated');
    } catch {
      toast.error('Upload failed', { description: 'Failed to upload image. Please try again.' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const name = data.profile.firstName ?? data.profile.displayName ?? 'Member';
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar url={data.avatar?.url} name={name} />
      <div className="grid gap-1.5">
        <input
          ref={input}
          id="avatar-file"
          type="file"
          aria-label="Choose a profile photo"
          aria-describedby="avatar-hint"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          <Camera /> Change photo
        </Button>
        <p id="avatar-hint" className="text-xs text-zinc-500">
          JPG, PNG or GIF up to 5MB
        </p>
        {progress !== null && (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-2 w-48 overflow-hidden rounded-full bg-zinc-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
    </div>
  );
}

const formOf = (p: Profile): ProfileEditInput => ({
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  displayName: p.displayName ?? '',
  age: p.age ? String(p.age) : '',
  gender: p.gender ?? '',
  country: p.country ?? '',
  fitnessLevel: p.fitnessLevel ?? '',
  goals: p.goals as ProfileEditInput['goals'],
});

function DetailsForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useZodForm(ProfileEditSchema, { defaultValues: formOf(profile) });
  // A blank field is left as it is: only what is filled in is sent (a partial update, spec §3).
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success('Profile updated');
        onDone();
      },
      onError: (err) =>
        toast.error('Failed to update profile. Please try again.', { description: err.message }),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {detailsFields({
        form,
        idPrefix: 'edit-',
        isRequired: false,
        ageBounds: AGE_BOUNDS.profile,
        withDisplayName: true,
      })}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function DetailsCard({ data, email }: { data: ProfileData; email: string }) {
  const [isEditing, setIsEditing] = useState(false);

  const p = data.profile;
  const rows: [string, string][] = [
    ['Name', [p.firstName, p.lastName].filter(Boolean).join(' ') || '—'],
    ['Display name', p.displayName || '—'],
    ['Email', email],
    ['Age', p.age ? String(p.age) : '—'],
    ['Gender', p.gender ? GENDER_LABELS[p.gender as Gender] : '—'],
    ['Country', p.country ? countryName(p.country) : '—'],
    [
      'Fitness level',
      p.fitnessLevel ? p.fitnessLevel.charAt(0).toUpperCase() + p.fitnessLevel.slice(1) : '—',
    ],
    ['Goals', p.goals.length ? p.goals.join(', ') : '—'],
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Details</CardTitle>
        <CardDescription>Your personal information</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PhotoChange data={data} />
        {isEditing ? (
          <DetailsForm profile={data.profile} onDone={() => setIsEditing(false)} />
        ) : (
          <>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-zinc-500">{label}</dt>
                  <dd className="font-medium break-words">{value}</dd>
                </div>
              ))}
            </dl>
            <div>
              <Button variant="outline" onClick={() => setIsEditing(true)}>
                Edit Profile
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
