import { createRoot } from 'react-dom/client';

// The reference for page speed: the least a Vite + React page can be.
createRoot(document.getElementById('root')!).render(
  <main>
    <h1>Hello</h1>
    <p>A blank Vite + React page.</p>
  </main>,
);
