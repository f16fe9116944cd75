import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { shareImagePath } from './rounds-api';

type ShareNavigator = Navigator & {
  canShare?: (data: { files?: File[] }) => boolean;
  share?: (data: { files?: File[]; title?: string; text?: string }) => Promise<void>;
};

/** The share image as a file, or a download where the browser cannot share files. */
export async function shareRoundImage(number: number, programName: string) {
  const res = await fetch(shareImagePath(number));
  if (!res.ok) throw new Error('Failed to load your share image');
  const blob = await res.blob();
  const name = `core28-round-${number}.png`;
  const file = new File([blob], name, { type: 'image/png' });
  const nav = navigator as ShareNavigator;
  if (nav.share && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({
        files: [file],
        title: `${programName} · Round ${number}`,
        text: 'My round on Core28',
      });
    } catch (error) {
      // The member closed the share sheet: nothing to say.
      if ((error as Error).name !== 'AbortError') throw error;
    }
    return 'shared' as const;
  }
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded' as const;
}

/** The round's share image, with Share (the phone's share sheet) and a download link. */
export function ShareCard({ number, programName }: { number: number; programName: string }) {
  const [isBusy, setBusy] = useState(false);
  const src = shareImagePath(number);
  const onShare = async () => {
    setBusy(true);
    try {
      await shareRoundImage(number, programName);
    } catch (error) {
      toast.error('Error', { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="share-heading"
      className="grid gap-4 rounded-2xl bg-zinc-50 p-4 sm:grid-cols-[16rem_1fr] sm:items-center sm:gap-6 sm:p-6"
    >
      <img
        src={src}
        alt={`Your results of ${programName}, round ${number}`}
        width={1080}
        height={1350}
        loading="lazy"
        className="mx-auto aspect-[4/5] w-full max-w-64 rounded-xl bg-zinc-900 object-cover shadow-md"
      />
      <div className="grid content-center gap-3">
        <div>
          <h2 id="share-heading" className="text-lg font-bold">
            Share your round
          </h2>
          <p className="text-sm text-zinc-600">Your figures as an image, for a story or a friend.</p>
        </div>
        <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
          <Button size="lg" className="h-12" disabled={isBusy} onClick={() => void onShare()}>
            <Share2 aria-hidden /> Share
          </Button>
          <a
            href={src}
            download={`core28-round-${number}.png`}
            className="inline-flex min-h-11 items-center justify-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <Download className="size-4" aria-hidden /> Download image
          </a>
        </div>
      </div>
    </section>
  );
}
