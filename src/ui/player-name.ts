// The name this player goes by online, remembered on this device.
export const NAME_KEY = 'carcassonne-sw.player-name';

export function storedName(): string {
  try {
    return (globalThis.localStorage?.getItem(NAME_KEY) ?? '').slice(0, 32);
  } catch {
    return '';
  }
}

export function keepName(name: string): void {
  try {
    globalThis.localStorage?.setItem(NAME_KEY, name);
  } catch {
    // the name then lasts for this page only
  }
}
