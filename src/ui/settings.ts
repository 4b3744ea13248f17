// Player preferences kept on this device (localStorage), read once per game screen.
const ONE_CLICK_KEY = 'carcassonne-sw.one-click';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** One-click play: a click places the tile and a spot click deploys, with no confirmation or take-back. */
export function oneClickPlay(): boolean {
  return storage()?.getItem(ONE_CLICK_KEY) === '1';
}

export function setOneClickPlay(on: boolean): void {
  try {
    if (on) storage()?.setItem(ONE_CLICK_KEY, '1');
    else storage()?.removeItem(ONE_CLICK_KEY);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
