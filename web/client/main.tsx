import { render } from 'preact';
import { App } from './app.js';
import './style.css';

render(<App />, document.getElementById('app')!);

// Push needs the worker; registering early lets the settings page subscribe at once.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
