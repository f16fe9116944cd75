import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The framework every page runs on, in one chunk of its own. Left to itself, Rolldown spreads it
// over a handful of small shared chunks and reshuffles them whenever a module the landing page
// shares with a lazy page is added or moved (issue 16: moving three header components added
// 0.3–2 KB gzip to /). One chunk keeps what / loads stable, and cached across deploys.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|sonner|clsx|tailwind-merge|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared))[\\/.]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } } },
  },
});
