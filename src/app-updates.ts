/// <reference types="vite-plugin-pwa/vanillajs" />
// Offline play and updates (Workbox through vite-plugin-pwa): registers the generated
// service worker, which precaches the game page, the verify page, the bot worker and the
// icons on the first visit, so hotseat, solo, the rules and the verifier work with no
// network afterwards. When a new version is deployed, <sw-update-prompt> asks before
// reloading (a game in progress is saved after every step, so reloading loses nothing).
import { registerSW } from 'virtual:pwa-register';
import './ui/sw-update-prompt';

export function registerAppUpdates(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const prompt = document.createElement('sw-update-prompt');
  document.body.append(prompt);
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => prompt.show(() => update(true)),
    onOfflineReady: () => prompt.offlineReady(),
  });
}
