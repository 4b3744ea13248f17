// Copying a link for the player: to the clipboard, or where the page may not (no clipboard
// permission, e.g. an insecure origin on a LAN), the text selected for a manual copy.

/** Copies `text`; true when the clipboard took it, else `input` (showing it) is selected. */
export async function copyText(text: string, input: HTMLInputElement | null | undefined): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return false;
  }
}
