// Steps of online play through the UI, shared by the online e2e and the online bench:
// the host creates a game from the home form, a guest joins by the link and takes a colour.

/** On the home screen: seats as given ('human' or a bot level per seat after the first), then Create an online game; resolves to the join link. */
export async function createOnlineGame(page, base, controllers) {
  await page.goto(`${base}?e2e`);
  for (let i = 2; i < controllers.length; i++) await page.locator('sw-home button[data-add-seat]').click();
  for (const [i, c] of controllers.entries()) if (i > 0) await page.locator(`sw-home .seat[data-seat="${i}"] select[data-controller]`).selectOption(c);
  await page.locator('sw-home button[data-start-online]').click();
  const input = page.locator('sw-lobby [data-testid="join-link"]');
  await input.waitFor({ timeout: 30_000 });
  return input.inputValue();
}

/** The page a guest opens: the join link with the test hook on. */
export const guestUrl = (link) => link.replace('#', '?e2e#');

/** A guest opens the link, gives a name, joins as a player and takes `colour`; resolves once the host's lobby shows it (ms taken). */
export async function joinAndSit(guest, host, link, name, colour) {
  const t0 = Date.now();
  await guest.goto(guestUrl(link));
  await guest.locator('sw-join [data-testid="join-name"]').fill(name);
  await guest.locator('sw-join [data-testid="join-play"]').click();
  await guest.locator(`sw-lobby [data-testid="take-${colour}"]`).click({ timeout: 30_000 });
  await host.locator(`sw-lobby li[data-colour="${colour}"] .fp`).waitFor({ timeout: 30_000 });
  return Date.now() - t0;
}

/** Chromium flags and context options for WebRTC between pages on 127.0.0.1. */
export const WEBRTC_ARGS = ['--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'];
export const WEBRTC_CONTEXT = { permissions: ['camera', 'microphone'] };
