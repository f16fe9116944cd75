import { COACH_BIO_MAX } from '@core28/core/team';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/lib/toast';
import { coachProfileQuery, teamKeys, uploadCoachPhoto, useSaveCoachProfile } from './api';
import { CoachPhoto } from './team-member-card';

/** /admin/coach-profile: how a coach's members see them (name, photo, a short bio). */
export default function CoachProfilePage() {
  const profile = useQuery(coachProfileQuery());
  const save = useSaveCoachProfile();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [bio, setBio] = useState('');
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState('');
  useEffect(() => {
    if (!profile.data) return;
    setName(profile.data.name);
    setBio(profile.data.bio);
  }, [profile.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name, bio }, { onSuccess: () => toast.success('Profile saved') });
  };
  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setPhotoError('');
    try {
      queryClient.setQueryData(teamKeys.coachProfile, await uploadCoachPhoto(file));
      toast.success('Photo saved');
    } catch (err) {
      setPhotoError((err as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="grid max-w-2xl gap-6 p-4 sm:p-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">My coach profile</h1>
        <p className="text-zinc-600">
          Your members see your name and photo on every reply, and your bio on their 1-on-1 page.
        </p>
      </header>
      {profile.isError && (
        <LoadError retryLabel="Retry loading your profile" onRetry={() => profile.refetch()} />
      )}
      <Card className="grid gap-5 p-4 sm:p-6">
        <div className="flex items-center gap-4">
          <CoachPhoto name={name || '?'} url={profile.data?.photoUrl ?? null} size="size-20" />
          <div className="grid gap-1">
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 px-3 py-2 text-sm font-semibold hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-brand-600">
              <Camera className="size-4" aria-hidden /> {uploading ? 'Uploading…' : 'Choose a photo'}
              <input
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                className="sr-only"
                aria-label="Photo"
                disabled={uploading}
                onChange={(e) => void onPhoto(e.target.files?.[0])}
              />
            </label>
            <p className="text-xs text-zinc-600">JPG, PNG, GIF or WebP; cropped to a square.</p>
          </div>
        </div>
        {photoError && <ErrorAlert>{photoError}</ErrorAlert>}
        <form className="grid gap-4" onSubmit={onSubmit} aria-label="Coach profile">
          <Field id="coach-name" label="Name">
            <Input required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="coach-bio" label="Short bio" hint={`${bio.length} / ${COACH_BIO_MAX} characters`}>
            <Textarea
              rows={5}
              maxLength={COACH_BIO_MAX}
              value={bio}
              onChange={(e) => setBio(e.target.value)}
            />
          </Field>
          {save.isError && <ErrorAlert>{save.error.message}</ErrorAlert>}
          <Button type="submit" disabled={save.isPending || !profile.data} className="justify-self-start">
            Save profile
          </Button>
        </form>
      </Card>
    </div>
  );
}
