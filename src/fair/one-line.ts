// The first line of an error's message: what a toast, a status line or a CLI shows of a failure.

/** The first line of `e`'s message (of String(e) when `e` is not an Error). */
export function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}
