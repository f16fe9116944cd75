import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { listenForInstallOffer } from './app/pwa/install-prompt';
import { registerServiceWorker } from './app/pwa/register';
import { AppRoutes } from './app/router';
import './app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

listenForInstallOffer();
registerServiceWorker();
