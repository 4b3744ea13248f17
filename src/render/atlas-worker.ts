// Paints the tile atlas off the main thread: started by atlas-pixels.ts, answers one message
// with the atlas's pixels, bottom row first as WebGL wants them, and every mipmap level below.
// Plain pixels, not an ImageBitmap: WebGL uploads an ImageBitmap with the page waiting on the GPU
// process (~600 ms on SwiftShader), an array in bands the page copies a few at a time (tile-atlas.ts).
// The pixels are kept in IndexedDB after the first paint, so a reload or the next game reads them
// instead of painting again (0.5–1.5 s of a core here), under this worker's own address: a build
// that paints differently is a new worker file, and never reads an older build's atlas.
import { atlasSize, flippedPixels, mipChain, paintAtlas } from './atlas-paint';
import { DESIGNS } from './tile-layout';

/** `levels`: the atlas, then each mipmap level down to 1 px; `cached`: read from IndexedDB, not painted. */
export type AtlasReply = { levels: Uint8Array<ArrayBuffer>[]; size: number; paintMs: number; cached: boolean } | { error: string };

const DB = 'sw-tile-atlas';
const STORE = 'atlas';
const KEY = 'levels';
const VERSION = self.location.href;

/** Every level one after another in one Blob: IndexedDB keeps a Blob as a file, read back in one piece. */
interface Kept {
  version: string;
  size: number;
  pixels: Blob;
}

/** Bytes of level `i` of a `size` px atlas. */
const levelBytes = (size: number, i: number) => (size >> i) * (size >> i) * 4;

/** The cache, or null where IndexedDB is missing, refused or broken (then the atlas is painted every time). */
function openCache(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** This build's atlas if the cache holds it, whole and of the right size. */
function read(db: IDBDatabase, size: number): Promise<Uint8Array<ArrayBuffer>[] | null> {
  return new Promise((resolve) => {
    try {
      const req = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
      req.onsuccess = () => {
        const kept = req.result as Kept | undefined;
        let total = 0;
        for (let i = 0; size >> i > 0; i++) total += levelBytes(size, i);
        if (kept?.version !== VERSION || kept.size !== size || !(kept.pixels instanceof Blob) || kept.pixels.size !== total)
          return resolve(null);
        kept.pixels.arrayBuffer().then(
          (buffer) => {
            const levels: Uint8Array<ArrayBuffer>[] = [];
            for (let i = 0, at = 0; size >> i > 0; at += levelBytes(size, i), i++)
              levels.push(new Uint8Array(buffer, at, levelBytes(size, i)));
            resolve(levels);
          },
          () => resolve(null),
        );
      };
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/**
 * Keeps the atlas for the next time (IndexedDB copies it now: the levels may be handed over right
 * after); settles once written or refused (a full disk: painted again next time, nothing else).
 */
function keep(db: IDBDatabase, size: number, levels: Uint8Array<ArrayBuffer>[]): Promise<void> {
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put({ version: VERSION, size, pixels: new Blob(levels) } satisfies Kept, KEY);
      tx.oncomplete = () => resolve();
      tx.onabort = () => resolve();
      tx.onerror = (e) => {
        e.preventDefault();
        resolve();
      };
    } catch {
      resolve();
    }
  });
}

/** The message: `fresh` paints even when the cache holds the atlas (benches). */
export interface AtlasAsk {
  fresh?: boolean;
}

self.onmessage = async (e: MessageEvent<AtlasAsk | null>) => {
  try {
    const t0 = performance.now();
    const size = atlasSize(DESIGNS.length);
    const db = await openCache();
    let levels = db && !e.data?.fresh ? await read(db, size) : null;
    const cached = levels !== null;
    let kept: Promise<void> = Promise.resolve();
    if (!levels) {
      const canvas = new OffscreenCanvas(size, size);
      levels = mipChain(flippedPixels(paintAtlas(canvas.getContext('2d')!), size), size);
      if (db) kept = keep(db, size, levels);
    }
    const reply: AtlasReply = { levels, size, paintMs: performance.now() - t0, cached };
    (self as unknown as Worker).postMessage(
      reply,
      [...new Set(levels.map((l) => l.buffer))], // one buffer for them all when read from the cache
    );
    await kept; // the worker ends itself once the atlas is written (the page does not end it: the write would be lost)
  } catch (e) {
    (self as unknown as Worker).postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies AtlasReply);
  }
  self.close();
};
