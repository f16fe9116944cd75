import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MemberOfflineSync } from './app/member-parts';
import { Providers } from './app/providers';
import { listenForInstallOffer } from './app/pwa/install-prompt';
import { registerServiceWorker } from './app/pwa/register';
import { AppRoutes } from './app/router';
import './app.css';
import { startTheme } from './lib/theme';

startTheme();

// The first render is a transition, so React renders it in slices and yields to the
// browser between them (no long task). React Router's data router rendered its first page that
// way; its declarative mode renders it in one task (~200 ms at Lighthouse's 4× slowdown).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
          {/* Inside the router: its badge links to the plans when a write waits for one. */}
          <MemberOfflineSync />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);

listenForInstallOffer();
registerServiceWorker();
