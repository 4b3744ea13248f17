// The seed a bot seat chooses with: a pure function of the game and the moment, so the
// same game replays the same bot moves on any device (and on every peer, P2.6).
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { GameState } from '../engine';

export function botSeed(gameId: string, state: Pick<GameState, 'turn' | 'seat' | 'phase'>): number {
  const h = sha256(utf8ToBytes(`sw-bot-seed|${gameId}|${state.turn}|${state.seat}|${state.phase}`));
  return ((h[0] << 24) | (h[1] << 16) | (h[2] << 8) | h[3]) >>> 0;
}
