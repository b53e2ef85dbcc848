import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { loadInit } from './features/session/init';
import { startI18n } from './i18n/i18n';
import { setSanctionHandler } from './lib/api';
import { reloadForChunk } from './lib/chunk-reload';
import { resolveLocale } from './lib/locale-path';

// A call refused because of my sanction: the sanctions feature learns why (loaded when needed).
setSanctionHandler(
  (code) => void import('./features/sanctions/my-ban').then((m) => m.sanctionRefused(code)),
);

// The language must be right before the first call: init answers in it (X-Localization).
const translated = startI18n(resolveLocale(window.location.pathname).locale);
void loadInit();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Created now, so that the first route's code and texts load alongside the shell's texts.
const router = createRouter();

// A lazy chunk of an older build, gone after a deployment: one reload fetches the new build (the
// route's error screen shows if that did not help). Vite's preload helper announces the failure.
// A page's own code is left to its route's error screen, which reloads once the address is the
// new page's: reloading now would reload the page being left.
window.addEventListener('vite:preloadError', () => {
  if (router.state.navigation.state === 'idle') reloadForChunk();
});

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// The shell's texts first, so that no key is ever painted; without them the site still opens.
void translated
  .catch((error: unknown) => console.error('translations failed to load', error))
  .then(() => render(root));
