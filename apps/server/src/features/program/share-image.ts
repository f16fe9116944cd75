import { escapeHtml } from '../../platform/html.ts';
import type { getRoundResults } from './rounds.ts';

// A round's share image: a 1080 × 1350 PNG (the portrait size the social apps show whole), drawn
// as SVG and rendered by sharp, so it needs no browser. The member's name is not on it: what is
// shared is the work, and the member chooses where it goes.

type Results = Awaited<ReturnType<typeof getRoundResults>>;

const WIDTH = 1080;
const HEIGHT = 1350;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const hoursAndMinutes = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
};

/** The figures the image shows, in the order it shows them (the test reads them too). */
export function shareFigures({ round, results }: Results) {
  return [
    { label: 'days done', value: `${results.daysDone} of ${results.length}` },
    { label: 'time trained', value: hoursAndMinutes(results.totalSeconds) },
    { label: 'reps', value: results.totalReps.toLocaleString('en-US') },
    { label: 'best streak', value: `${results.bestStreak} ${results.bestStreak === 1 ? 'day' : 'days'}` },
  ].map((figure) => ({ ...figure, title: `${round.program.name} · Round ${round.number}` }));
}

/** `yyyy-MM-dd` as "December 30, 2026", in English whatever the server's locale. */
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** A figure's size: its tile is 420 px wide, 340 for the text; DejaVu Sans Bold is ~0.7 em a character. */
const valueSize = (value: string) => Math.min(84, Math.floor(340 / (value.length * 0.7)));

export function shareSvg(results: Results): string {
  const figures = shareFigures(results);
  const title = escapeHtml(`${results.round.program.name}`);
  const subtitle = escapeHtml(
    `Round ${results.round.number}${results.round.finishedOn ? ` · finished ${longDate(results.round.finishedOn)}` : ''}`,
  );
  const cells = figures
    .map((figure, i) => {
      const x = 90 + (i % 2) * 460;
      const y = 560 + Math.floor(i / 2) * 300;
      return `<g transform="translate(${x} ${y})">
        <rect width="420" height="250" rx="36" fill="#ffffff" fill-opacity="0.08"/>
        <text x="40" y="130" font-size="${valueSize(figure.value)}" font-weight="700" fill="#ffffff">${escapeHtml(figure.value)}</text>
        <text x="40" y="195" font-size="38" fill="#fdba74">${escapeHtml(figure.label)}</text>
      </g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1c1917"/><stop offset="1" stop-color="#7c2d12"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    <text x="90" y="170" font-size="44" font-weight="700" fill="#fb923c" letter-spacing="6">CORE28</text>
    <text x="90" y="330" font-size="96" font-weight="700" fill="#ffffff">${title}</text>
    <text x="90" y="420" font-size="48" fill="#e7e5e4">${subtitle}</text>
    ${cells}
    <text x="90" y="1260" font-size="36" fill="#d6d3d1">Train your core, one day at a time.</text>
  </svg>`;
}

/** The PNG of a round's results. */
export async function roundShareImage(results: Results): Promise<Buffer> {
  // sharp (a native library) is loaded at the first image, as for avatars.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(shareSvg(results)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
