// The tokens, then the base rules, first: feature stylesheets, bundled after them, win over the base rules.
import '@/styles/tokens.css';
import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks the #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
