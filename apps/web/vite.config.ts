import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadedDependencies } from './src/app/pwa/module-preload.ts';

// The framework every page runs on, in one chunk of its own. Left to itself, Rolldown spreads it
// over a handful of small shared chunks and reshuffles them whenever a module the landing page
// shares with a lazy page is added or moved (moving three header components added
// 0.3–2 KB gzip to /). One chunk keeps what / loads stable, and cached across deploys.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx|tailwind-merge|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared))[\\/.]/;

// The installable app. The service worker is ours (src/sw/service-worker.ts, built with
// Workbox's modules); the plugin builds it, injects the precache list and writes the manifest.
// The precache is the app shell and the member's pages with the exercise demonstrations, never
// the admin area or the marketing pages' extras (docs/decisions/0015).
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  // Registered by app/pwa/register.ts after the page has loaded, in prompt mode: a new version
  // waits until the member presses Reload.
  injectRegister: false,
  registerType: 'prompt',
  manifest: {
    id: '/',
    name: 'Core28 — 28-Day Core Training',
    short_name: 'Core28',
    description: 'Your 28-day core program: guided sessions, progress and coaching, on and offline.',
    start_url: '/program',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#dc2626',
    background_color: '#ffffff',
    categories: ['health', 'fitness'],
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['index.html', 'assets/*.{js,css}', 'icon-192.png', 'favicon.svg'],
    // The admin area and the visitors' reading pages stay out; any asset a page fetches is kept when first used (sw.ts).
    globIgnores: [
      'assets/admin-*', // every chunk of features/admin (adminChunkNames below) and the admin-… pages
      'assets/{about,privacy,terms,legal,contact,blog,article,program-info,progress-info}-page-*',
      'assets/article-html-*',
    ],
  },
});

// The assets are compressed once, at build time (brotli at its best level, and gzip for
// clients without brotli), and the server sends those files (site/static.ts) instead of
// compressing each response. Files under 1 KB and those that would not shrink are left as they are.
const precompress = compression({
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  include: /\.(js|mjs|css|svg|webmanifest|json|txt|xml)$/,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
});

// The admin area's chunks are named admin-… so the precache leaves them out by one
// pattern (its dashboard, users, member and analytics pages are named like members' pages).
const ADMIN_FEATURE = `${path.sep}src${path.sep}features${path.sep}admin${path.sep}`;
const isAdminModule = (id: string) => path.normalize(id).includes(ADMIN_FEATURE);
const adminChunkNames = (chunk: { name: string; facadeModuleId: string | null; moduleIds: string[] }) =>
  (chunk.facadeModuleId ? isAdminModule(chunk.facadeModuleId) : chunk.moduleIds.every(isAdminModule)) &&
  chunk.moduleIds.length > 0 &&
  !chunk.name.startsWith('admin-')
    ? 'assets/admin-[name]-[hash].js'
    : 'assets/[name]-[hash].js';

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, precompress],
  resolve: {
    // react-router 8's package exports give its production build to every condition but
    // `development`, so a production build no longer needs an alias to leave its dev warnings out.
    alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    modulePreload: { resolveDependencies: preloadedDependencies },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
        chunkFileNames: adminChunkNames,
      },
    },
  },
});
