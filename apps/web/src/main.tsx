import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { listenForInstallOffer } from './app/pwa/install-prompt';
import { registerServiceWorker } from './app/pwa/register';
import { router } from './app/router';
import './app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

listenForInstallOffer();
registerServiceWorker();
