// A host on `transport` of a base game with two open seats (red, the host's, and black),
// kept in memory: the lobby the WebRTC tests ask players to join.
import { defaultOptions } from '../../../src/engine';
import { MeshSession } from '../../../src/net/mesh-session';
import type { Transport } from '../../../src/net/transport';
import { MemoryStorage } from '../../../src/sim/mesh-sim';
import { GameStore } from '../../../src/session/game-store';

export function twoSeatHost(transport: Transport): MeshSession {
  return MeshSession.host(
    { transport, name: 'host', store: new GameStore(new MemoryStorage()) },
    {
      options: defaultOptions(),
      seats: [
        { colour: 'red', bot: null },
        { colour: 'black', bot: null },
      ],
      hostColour: 'red',
    },
  );
}
