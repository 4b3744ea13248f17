// When the camera re-frames the board by itself (kept apart from three.js so it can be
// tested): the first view, and every time the board has grown since it was last framed,
// until the player moves the camera (F / Home hands it back). "Grown" is measured against
// the board as last *framed*, not as last *drawn*: at the end of an animation the table
// draws the new board (showState) before the next view arrives, and must still follow it.
export class CameraFollow {
  private framedTiles = -1;
  private userMoved = false;

  /** Whether a view of a board with `tiles` tiles should re-frame the camera. */
  shouldFrame(tiles: number): boolean {
    if (this.framedTiles < 0) return true;
    return tiles !== this.framedTiles && !this.userMoved;
  }

  /** Whether a resize or new insets should re-frame (only once framed, and not after the player took over). */
  get following(): boolean {
    return this.framedTiles >= 0 && !this.userMoved;
  }

  get framedOnce(): boolean {
    return this.framedTiles >= 0;
  }

  framed(tiles: number): void {
    this.framedTiles = tiles;
  }

  /** A real drag or zoom: the player takes over the camera. */
  userTookOver(): void {
    this.userMoved = true;
  }

  /** F / Home: back to the overview, following the board again. */
  resume(): void {
    this.userMoved = false;
  }
}
