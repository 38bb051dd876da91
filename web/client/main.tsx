import { render } from 'preact';
import { App } from './app.js';
import { startI18n } from './i18n.js';
import './style.css';

// The first paint is already in the reader's language: its catalog loads before anything renders.
await startI18n();
render(<App />, document.getElementById('app')!);

// Push needs the worker; registering early lets the settings page subscribe at once.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
