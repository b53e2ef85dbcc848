import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { loadInit } from './features/session/init';
import { i18n } from './i18n/i18n';
import { resolveLocale } from './lib/locale-path';

// The language must be right before the first call: init answers in it (X-Localization).
void i18n.changeLanguage(resolveLocale(window.location.pathname).locale);
void loadInit();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
