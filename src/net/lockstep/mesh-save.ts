// The save of an online game on this device (not the replay): this peer's identity and
// chain secret, the start record or the lobby, every item held and the peers' addresses,
// plus a small journal of this seat's own items since the last full save (so after a
// crash it never signs a different item under a number it already used, P5.1).
import { fromHex, toHex } from '../../fair/hex';
import type { GameStore, StoredGame } from '../../session/game-store';
import type { Clock } from '../clock';
import { parseStrictJson } from '../../fair/strict-json';
import { encodeFrame, MAX_NAME_CHARS, parseFrame, type Frame, type Item, type LobbySeat, type LobbyState, type StartRecord } from '../wire';

export const MESH_SAVE_FORMAT = 'carcassonne-sw-mesh-save';
/** Version 2: items of wire version 7 (a move carries its time-bank claim); a version-1 save's items no longer pass the wire. */
const MESH_SAVE_VERSION = 2;

export interface SavedMesh {
  format: string;
  version: number;
  gameId: string;
  secretKey: string;
  name: string;
  seat: number | null;
  secret: string | null;
  start: StartRecord | null;
  lobby: LobbyState | null;
  items: Item[];
  peers: { pub: string; id: string }[];
  /** The lobby's invitation (the host's, or the one a guest's join link carried); null once irrelevant or unknown. */
  invite: string | null;
}

/** What a save holds, from the session's parts. */
export interface MeshSaveParts {
  gameId: string;
  secretKey: string;
  name: string;
  seat: number | null;
  secret: Uint8Array | null;
  start: StartRecord | null;
  lobby: LobbyState | null;
  items: Item[];
  addresses: ReadonlyMap<string, string>;
  invite: string | null;
}

export function meshSave(p: MeshSaveParts): SavedMesh {
  return {
    format: MESH_SAVE_FORMAT,
    version: MESH_SAVE_VERSION,
    gameId: p.gameId,
    secretKey: p.secretKey,
    name: p.name,
    seat: p.seat,
    secret: p.secret ? toHex(p.secret) : null,
    start: p.start,
    lobby: p.lobby,
    items: p.items,
    peers: [...p.addresses].map(([pub, id]) => ({ pub, id })),
    invite: p.invite,
  };
}

/** What the home screen lists of a game kept here: each seat a bot's, this device's or a remote player's, and the turn. */
export function saveSummary(
  gameId: string,
  roster: readonly LobbySeat[],
  mySeat: number | null,
  turn: number,
): Omit<StoredGame, 'updatedAt'> {
  const seats = roster.map((r, i) => ({
    colour: r.colour,
    who: r.bot ? ('bot' as const) : i === mySeat ? ('me' as const) : ('remote' as const),
    label: r.bot ?? r.name ?? '',
  }));
  return { gameId, kind: 'online', turn, seats };
}

/** The chain secret of a save (checked as 64 hex digits by parseMeshSave). */
export function savedSecret(saved: SavedMesh): Uint8Array | null {
  return saved.secret ? fromHex(saved.secret, 32, 'the stored secret') : null;
}

/** The save of online game `gameId` kept in `store`, with its journal (throws if this device keeps none). */
export function loadMeshSave(store: GameStore | null | undefined, gameId: string): SavedMesh {
  const text = store?.load(gameId);
  if (!text) throw new Error(`no online game ${gameId} is kept on this device`);
  return parseMeshSave(text, store?.loadAux(gameId) ?? null);
}

/** A mesh save from this device's storage; its items are checked again as they are replayed. */
export function parseMeshSave(text: string, journal: string | null = null): SavedMesh {
  const raw = parseStrictJson(text, { maxBytes: 16 * 1024 * 1024, maxDepth: 12 }) as unknown as SavedMesh;
  if (!raw || raw.format !== MESH_SAVE_FORMAT) throw new Error('not an online game of this app');
  if (raw.version !== MESH_SAVE_VERSION)
    throw new Error('an online game kept by an older version of this app: its peers spoke an older protocol, so it cannot go on here');
  if (!/^[0-9a-f]{64}$/.test(raw.secretKey)) throw new Error('the stored identity is damaged');
  if (raw.secret !== null && !/^[0-9a-f]{64}$/.test(raw.secret)) throw new Error('the stored secret is damaged');
  // Items and the start record pass the wire's own grammar again.
  const start = raw.start ? (parseFrame(encodeFrame({ t: 'start', start: raw.start })) as Extract<Frame, { t: 'start' }>).start : null;
  let extra: Item[] = [];
  try {
    extra = journal ? (parseStrictJson(journal, { maxBytes: 1024 * 1024, maxDepth: 10 }) as unknown as Item[]) : [];
  } catch {
    extra = []; // a torn journal write: those items come back from the other peers
  }
  const items = [...(raw.items ?? []), ...(Array.isArray(extra) ? extra : [])].map(
    (it) => (parseFrame(encodeFrame({ t: 'item', item: it })) as Extract<Frame, { t: 'item' }>).item,
  );
  const lobby = raw.lobby ? (parseFrame(encodeFrame({ t: 'lobby', lobby: raw.lobby })) as Extract<Frame, { t: 'lobby' }>).lobby : null;
  const peers = Array.isArray(raw.peers)
    ? raw.peers.filter((p) => p && /^[0-9a-f]{64}$/.test(p.pub) && typeof p.id === 'string' && p.id.length <= 64)
    : [];
  const seat = raw.seat === null || (Number.isSafeInteger(raw.seat) && raw.seat >= 0 && raw.seat < 6) ? raw.seat : null;
  const invite = typeof raw.invite === 'string' && /^[0-9a-f]{32}$/.test(raw.invite) ? raw.invite : null;
  return {
    ...raw,
    seat,
    start,
    items,
    lobby,
    peers,
    invite,
    name: typeof raw.name === 'string' ? raw.name.slice(0, MAX_NAME_CHARS) : 'player',
  };
}

/**
 * Keeping an online game on this device: writes are coalesced (one per burst of steps, a
 * second after the first), and this seat's own items go to the journal at once, before
 * they leave (after a crash it must never sign a different item under the same number).
 * A write the storage refuses (QuotaExceededError, a private window) is caught and
 * reported; the last good save stays where it was (a failed setItem changes nothing, and
 * the journal is cleared only after a full save that went through).
 */
export class MeshPersistence {
  private timer: unknown = null;
  /** This seat's items since the last full save. */
  private journal: Item[] = [];
  /** Why the last write failed (null once one goes through again). */
  private failure: string | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly store: GameStore | null | undefined,
    private readonly snapshot: () => { summary: Omit<StoredGame, 'updatedAt'>; text: string } | null,
    private readonly onFailure: (line: string | null) => void = () => {},
  ) {}

  /** Why this device could not keep the game lately, or null. */
  get problem(): string | null {
    return this.failure;
  }

  /** A full save soon (one per burst). */
  schedule(): void {
    if (!this.store || this.timer !== null) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, 1000);
  }

  /** A full save now; the journal starts again empty once it went through. */
  flush(): void {
    const store = this.store;
    const snap = store ? this.snapshot() : null;
    if (!store || !snap) return;
    this.stop();
    if (!this.attempt('the game', () => store.save(snap.summary, snap.text))) return;
    this.journal = [];
    this.attempt('the journal', () => store.saveAux(snap.summary.gameId, '[]'));
  }

  /** One of this seat's own items, kept before it is sent. */
  journalItem(gameId: string, item: Item): void {
    this.journal.push(item);
    const store = this.store;
    if (store) this.attempt('the journal', () => store.saveAux(gameId, JSON.stringify(this.journal)));
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs one write; a refusal is reported once until a write goes through again. Whether it went through. */
  private attempt(what: string, write: () => void): boolean {
    try {
      write();
    } catch (e) {
      const name = e instanceof Error ? e.name : 'Error';
      const line = `this device could not save ${what} (${name === 'QuotaExceededError' ? 'storage full' : name}); the last save is kept`;
      if (this.failure === null) this.onFailure(line);
      this.failure = line;
      return false;
    }
    if (this.failure !== null) {
      this.failure = null;
      this.onFailure(null);
    }
    return true;
  }
}
