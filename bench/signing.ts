// Ed25519 costs, side by side in one process: @noble/curves (the page, every test) and
// Node's built-in Ed25519 (the chaos harness, src/cli/native-ed25519.ts), signing and
// checking the same 200 item texts; and tools/verify.py's pure-Python check (RFC 8032),
// which bounds how long the independent verifier takes on a signed replay. Then in headless
// Chromium (tests/e2e/ed25519.mjs, 5 rounds): noble on the page's main thread beside the page's
// WebCrypto (src/net/fast-ed25519.ts, asynchronous), per honest check.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nativeEd25519 } from '../src/cli/native-ed25519';
import { nobleEd25519, signingMessage, type Ed25519Backend } from '../src/fair/signing';
import { seededBytes } from '../src/sim/mesh-sim';
import { CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { ed25519InChromium } from '../tests/e2e/ed25519.mjs';
import { chromium } from 'playwright-core';
import { median, type BenchRow } from './types';

const N = 200;

function timeEach(fn: (i: number) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

export default async function bench(): Promise<BenchRow[]> {
  const sk = seededBytes(1, 'bench signing');
  const pk = nobleEd25519.publicKey(sk);
  const msgs = Array.from({ length: N }, (_, i) =>
    signingMessage(
      'item',
      `{"a":1,"at":${100 + i},"body":{"entry":{"k":"place","r":1,"seat":1,"x":${i},"y":0},"k":"entry"},"g":"bench","h":null,"n":${i}}`,
    ),
  );
  const sigs = msgs.map((m) => nobleEd25519.sign(m, sk));
  const rows: { name: string; sign: number; verify: number }[] = [];
  // Alternate the two backends in rounds, so that load on the machine falls on both alike.
  const sign = new Map<Ed25519Backend, number[]>(),
    check = new Map<Ed25519Backend, number[]>();
  for (let round = 0; round < 3; round++) {
    for (const b of [nobleEd25519, nativeEd25519]) {
      sign.set(b, [...(sign.get(b) ?? []), ...timeEach((i) => b.sign(msgs[i], sk))]);
      check.set(b, [
        ...(check.get(b) ?? []),
        ...timeEach((i) => {
          if (!b.verify(sigs[i], msgs[i], pk)) throw new Error(`${b.name} refused an honest signature`);
        }),
      ]);
    }
  }
  for (const b of [nobleEd25519, nativeEd25519]) rows.push({ name: b.name, sign: median(sign.get(b)!), verify: median(check.get(b)!) });
  const [noble, node] = rows;
  const out: BenchRow[] = [
    { name: 'sign one item, @noble/curves', value: noble.sign, unit: 'ms', note: `median of ${3 * N}` },
    { name: 'check one signature, @noble/curves', value: noble.verify, unit: 'ms', note: `median of ${3 * N}` },
    { name: 'sign one item, node:crypto', value: node.sign, unit: 'ms', note: `median of ${3 * N}` },
    { name: 'check one signature, node:crypto', value: node.verify, unit: 'ms', note: `median of ${3 * N}` },
    { name: 'noble / node:crypto, sign', value: noble.sign / node.sign, unit: '×' },
    { name: 'noble / node:crypto, check', value: noble.verify / node.verify, unit: '×' },
  ];
  const tools = fileURLToPath(new URL('../tools', import.meta.url));
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const code = `import sys, time; sys.path.insert(0, ${JSON.stringify(tools)}); import verify as v
pk, sig, msg = '${hex(pk)}', '${hex(sigs[0])}', bytes.fromhex('${hex(msgs[0])}')
ts = []
for _ in range(40):
    t = time.perf_counter(); ok = v.ed_verify(pk, msg, sig); ts.append((time.perf_counter() - t) * 1000)
    assert ok
ts.sort(); print(ts[len(ts) // 2])`;
  const py = spawnSync('python3', ['-c', code], { encoding: 'utf8' });
  if (py.status === 0)
    out.push({
      name: 'check one signature, tools/verify.py (pure Python)',
      value: Number(py.stdout.trim()),
      unit: 'ms',
      note: 'median of 40',
    });
  out.push(...(await inChromium()));
  return out;
}

async function inChromium(): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const noble: number[] = [];
  const fast: number[] = [];
  try {
    for (let round = 0; round < 5; round++) {
      const r = await ed25519InChromium(browser);
      noble.push(r.nobleMs);
      fast.push(r.fastMs);
    }
  } finally {
    await browser.close();
  }
  const note = 'median of 5 rounds of 200 checks';
  return [
    { name: 'Chromium: check one signature, @noble/curves (main thread)', value: median(noble), unit: 'ms', note },
    { name: 'Chromium: check one signature, WebCrypto (200 at once)', value: median(fast), unit: 'ms', note },
    { name: 'Chromium: noble / WebCrypto, check', value: median(noble) / median(fast), unit: '×' },
  ];
}
