import { registerOfflineShell } from './app/register-offline-shell';
import { startApp } from './app/start-app';
import { keepVisitSource } from './lib/keep-visit-source';
import './styles.css';

keepVisitSource(location.search);
// A public page the server drew (decision 0022) comes with its markup and the data it was drawn with.
void startApp(document.getElementById('root')!, 'hydrate');
registerOfflineShell();
