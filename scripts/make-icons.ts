// The app icons of the manifest, made from apps/web/pwa/icon.svg with sharp:
// `npx tsx scripts/make-icons.ts` after changing the drawing; the PNGs are committed.
import path from 'node:path';
import sharp from 'sharp';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
const SOURCE = path.join(WEB, 'pwa/icon.svg');

for (const size of [192, 512]) {
  await sharp(SOURCE, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(WEB, `public/icon-${size}.png`));
}
// iOS takes the apple-touch-icon (180 px) and rounds its corners itself.
await sharp(SOURCE, { density: 300 })
  .resize(180, 180)
  .png()
  .toFile(path.join(WEB, 'public/apple-touch-icon.png'));
