import { defineConfig } from 'vitest/config';

/**
 * Tests on wall-clock time — real WebRTC, TURN, signalling and LAN servers — run one file at
 * a time, first, with the machine to themselves. Everything else runs on simulated time or
 * none, so its files run two at a time (this machine has two cores) after them.
 */
const REAL_TIME = [
  'tests/net/hostile-peers.test.ts',
  'tests/net/hostile-webrtc.test.ts',
  'tests/net/lobby-admission.test.ts',
  'tests/net/mesh-webrtc.test.ts',
  'tests/net/peerjs-transport.test.ts',
  'tests/net/split-webrtc.test.ts',
  'tests/net/turn-relay.test.ts',
  'tests/cli/lan.test.ts',
  'tests/cli/signalling-plugin.test.ts',
];

const shared = { environment: 'node', testTimeout: 60_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // the second reporter fails a whole-suite run when a rule of docs/rules-spec.md is in no passed test's title
    reporters: ['default', './tests/support/rule-coverage-reporter.ts'],
    projects: [
      {
        test: { ...shared, name: 'real-time', include: REAL_TIME, maxWorkers: 1, sequence: { groupOrder: 0 } },
      },
      {
        test: {
          ...shared,
          name: 'simulated',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...REAL_TIME],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
