// Development only: the page demo-gallery.html shows, every demonstration side by side (not part of
// the built app; e2e/tools/demo-shots.ts photographs it at each key pose).
import { createRoot } from 'react-dom/client';
import '@/app.css';
import { ExerciseDemo } from '../exercise-demo';
import { DEMOS } from './library';

const params = new URLSearchParams(location.search);
const width = Number(params.get('w') ?? 240);
const keys = params.get('keys')?.split(',') ?? [...Object.keys(DEMOS), 'no-such-demo'];

createRoot(document.getElementById('root')!).render(
  <main className="flex flex-wrap gap-3 p-3">
    {keys.map((key) => (
      <figure key={key} style={{ width }}>
        <ExerciseDemo demoKey={key} label={key} />
        <figcaption className="text-xs text-zinc-600">{key}</figcaption>
      </figure>
    ))}
  </main>,
);
