import './styles/nunito.css';
import './styles/nunito-fallback.css';
import './styles/mantine-base.css';
import './styles/brand.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition, so React renders the app in short slices that let the browser in between (a
// phone's main thread is never blocked for the whole first render); index.html's loading screen
// shows until it is done.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
