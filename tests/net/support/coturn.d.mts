// Types of coturn.mjs (Debian's coturn on 127.0.0.1 for the TURN tests).
export interface Coturn {
  pid: number;
  port: number;
  /** The turn: url a player types into the ICE servers setting. */
  url: string;
  user: string;
  credential: string;
  realm: string;
  /** coturn's log so far (verbose: allocations, permissions, channel binds, refused credentials). */
  log(): string;
  /** Stops coturn by its PID and removes its files. */
  stop(): Promise<void>;
}

export function turnserverPath(): string | null;
export function startCoturn(options: { user?: string; credential: string; realm?: string; relayPorts?: number }): Promise<Coturn>;
