// The rules page loads when it is first opened, not with the game (it is mostly text).
let loading: Promise<unknown> | null = null;

export function loadRules(): Promise<unknown> {
  loading ??= import('./sw-rules');
  return loading;
}
