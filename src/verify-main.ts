// The standalone verify page (verify.html): mounts <sw-verify-page> in the stored or the
// browser's language and registers the offline service worker like the game page.
import { registerAppUpdates } from './app-updates';
import { initLanguage, t } from './ui/i18n';
import './ui/sw-verify-page';

initLanguage();
document.title = `${t('verifyReplay')} — ${t('appTitle')}`;
document.body.append(document.createElement('sw-verify-page'));
registerAppUpdates();
