import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { QuickEntry } from './features/shell/QuickEntry';
import { parseWindowQuery } from '../shared/window-query';
import './styles.css';
import './styles/controls.css';
import './styles/chat.css';
import './styles/pages.css';
import './styles/agents.css';
import './styles/registry.css';
import './styles/questions.css';
import './styles/chat-controls.css';
import './styles/composer.css';
import './styles/layout.css';
import './styles/resources.css';
import './styles/skills.css';
import './styles/projects.css';
import './styles/inspector.css';
import './styles/apps.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {parseWindowQuery(location.search).quickEntry ? <QuickEntry /> : <App />}
  </StrictMode>,
);
