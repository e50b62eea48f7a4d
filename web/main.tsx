import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, createPreparingHistory } from './app/navigation';
import { AppRoutes, prepareRoute } from './app/router';
import './styles.css';

const history = createPreparingHistory(prepareRoute);

// The first page's code is in before the first render, as after every navigation; the server's
// HTML names it for early download (server/http/page-html.ts), and its data is requested now.
void prepareRoute(history.location.pathname)
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppRouter history={history}>
          <AppRoutes />
        </AppRouter>
      </StrictMode>,
    );
  });
