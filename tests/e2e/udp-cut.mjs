// A real cut of one page's WebRTC links (P6.1): UDP on `lo` throttled to nothing with `tc`
// (an htb class of 8 bit/s behind a one-packet queue: the kernel has no drop action here),
// except between the UDP ports of the links that do not touch the page cut off. It works only
// inside the namespace loopback-only.mjs makes (`lo` alone, ours to shape). Signalling is TCP
// and stays up, as in a real split. The ports come from the pages themselves: every
// RTCPeerConnection a page makes is remembered (`recordPeerConnections`), and its selected
// candidate pair read from getStats.
import { execFileSync } from 'node:child_process';

/** Before a page loads: keep every RTCPeerConnection it makes in window.__pcs. */
export async function recordPeerConnections(context) {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    if (!Native || window.__pcs) return;
    const made = [];
    window.__pcs = made;
    window.RTCPeerConnection = class extends Native {
      constructor(...args) {
        super(...args);
        made.push(this);
      }
    };
  });
}

/** A page's live links: per open peer connection, its selected pair's local and remote UDP port and bytes received. */
export function links(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const pc of window.__pcs ?? []) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      for (const s of stats.values()) {
        if (s.type !== 'candidate-pair' || s.state !== 'succeeded' || !s.nominated) continue;
        const local = stats.get(s.localCandidateId);
        const remote = stats.get(s.remoteCandidateId);
        if (local && remote) out.push({ local: local.port, remote: remote.port, received: s.bytesReceived ?? 0 });
      }
    }
    return out;
  });
}

/** One `tc` command on lo, its words in one string. */
function tc(words) {
  execFileSync('tc', words.split(' '), { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Cuts every UDP flow on `lo` but those between the port pairs of `keep` ([a, b]: both
 * directions). Returns the heal, which removes the shaping.
 */
export function cutUdp(keep) {
  tc('qdisc add dev lo root handle 1: htb default 10 r2q 1000');
  tc('class add dev lo parent 1: classid 1:10 htb rate 10gbit');
  tc('class add dev lo parent 1: classid 1:20 htb rate 8bit ceil 8bit burst 1 cburst 1');
  tc('qdisc add dev lo parent 1:20 handle 20: pfifo limit 1');
  const udp = 'filter add dev lo parent 1: protocol ip prio';
  for (const [a, b] of keep)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ])
      tc(`${udp} 1 u32 match ip protocol 17 0xff match ip sport ${from} 0xffff match ip dport ${to} 0xffff flowid 1:10`);
  tc(`${udp} 2 u32 match ip protocol 17 0xff flowid 1:20`);
  return () => tc('qdisc del dev lo root');
}
