// Shared geometries of the pieces on the table: meeple figures, equipment markers, the
// seat-letter label atlas (the colour-blind cue), planets' banded surface.
import * as THREE from 'three';
import { paintTexture } from './canvas-texture';
import { COLOURS, type Colour } from '../engine';
import { SEAT_HEX, SEAT_INK, SEAT_LETTER } from './palette';

/** Height of a small meeple in board units (a tile is 1); a large one is LARGE_SCALE times that. */
export const MEEPLE_HEIGHT = 0.3;
export const LARGE_SCALE = 1.45;

export function meepleGeometry(): THREE.BufferGeometry {
  const s = new THREE.Shape();
  s.moveTo(-0.42, 0);
  s.lineTo(-0.12, 0);
  s.lineTo(0, 0.2);
  s.lineTo(0.12, 0);
  s.lineTo(0.42, 0);
  s.lineTo(0.22, 0.38);
  s.lineTo(0.5, 0.5);
  s.quadraticCurveTo(0.52, 0.64, 0.38, 0.64);
  s.lineTo(0.141, 0.659);
  s.absarc(0, 0.8, 0.2, -Math.PI / 4, (5 * Math.PI) / 4, false);
  s.lineTo(-0.38, 0.64);
  s.quadraticCurveTo(-0.52, 0.64, -0.5, 0.5);
  s.lineTo(-0.22, 0.38);
  s.closePath();
  const g = new THREE.ExtrudeGeometry(s, {
    depth: 0.22,
    bevelEnabled: true,
    bevelThickness: 0.05,
    bevelSize: 0.04,
    bevelSegments: 2,
    curveSegments: 10,
  });
  g.translate(0, 0.04, -0.11);
  g.scale(MEEPLE_HEIGHT, MEEPLE_HEIGHT, MEEPLE_HEIGHT);
  g.computeVertexNormals();
  return g;
}

function coloured(g: THREE.BufferGeometry, hex: number): THREE.BufferGeometry {
  const c = new THREE.Color(hex);
  const n = g.getAttribute('position').count;
  const colours = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) c.toArray(colours, i * 3);
  g.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return g.index ? g.toNonIndexed() : g;
}

function merge(parts: THREE.BufferGeometry[]): THREE.BufferGeometry {
  let count = 0;
  for (const p of parts) count += p.getAttribute('position').count;
  const out = new THREE.BufferGeometry();
  for (const name of ['position', 'normal', 'color']) {
    const arr = new Float32Array(count * 3);
    let o = 0;
    for (const p of parts) {
      const a = p.getAttribute(name).array as Float32Array;
      arr.set(a, o);
      o += a.length;
    }
    out.setAttribute(name, new THREE.BufferAttribute(arr, 3));
  }
  for (const p of parts) p.dispose();
  return out;
}

/** A lightsaber (hilt and glowing blade), in a meeple's hand: origin at the grip. */
export function saberGeometry(): THREE.BufferGeometry {
  const hilt = coloured(new THREE.CylinderGeometry(0.014, 0.014, 0.06, 8).translate(0, 0, 0), 0x9aa0a8);
  const blade = coloured(new THREE.CylinderGeometry(0.011, 0.011, 0.22, 8).translate(0, 0.14, 0), 0x7dfcff);
  return merge([hilt, blade]).rotateZ(-0.5);
}

/** A blaster pistol: body, grip and a red muzzle. */
export function blasterGeometry(): THREE.BufferGeometry {
  const body = coloured(new THREE.BoxGeometry(0.11, 0.035, 0.03).translate(0.03, 0, 0), 0x3a3d44);
  const grip = coloured(new THREE.BoxGeometry(0.03, 0.06, 0.028).translate(-0.01, -0.035, 0).rotateZ(0.25), 0x2a2b30);
  const muzzle = coloured(new THREE.CylinderGeometry(0.012, 0.012, 0.03, 8).rotateZ(Math.PI / 2).translate(0.1, 0.004, 0), 0xff4a3a);
  return merge([body, grip, muzzle]);
}

/** Label atlas: one disc per seat colour with its letter, then the two team discs (R9.1). */
export const LABELS: readonly string[] = [...COLOURS, 'team:Rebel', 'team:Empire'];

export function labelAtlas(): { texture: THREE.CanvasTexture; scale: THREE.Vector2; offset(label: string): [number, number] } {
  const cell = 128;
  const texture = paintTexture(cell * LABELS.length, cell, (ctx) => {
    LABELS.forEach((label, i) => {
      const team = label.startsWith('team:');
      const colour: Colour = team ? (label === 'team:Rebel' ? 'red' : 'black') : (label as Colour);
      const letter = team ? (label === 'team:Rebel' ? 'R' : 'E') : SEAT_LETTER[colour];
      const cx = i * cell + cell / 2;
      const cy = cell / 2;
      ctx.beginPath();
      ctx.arc(cx, cy, cell * 0.44, 0, Math.PI * 2);
      ctx.fillStyle = '#' + SEAT_HEX[colour].toString(16).padStart(6, '0');
      ctx.fill();
      ctx.lineWidth = cell * 0.06;
      ctx.strokeStyle = colour === 'white' ? '#222' : '#fff';
      ctx.stroke();
      ctx.fillStyle = SEAT_INK[colour];
      ctx.font = `bold ${cell * 0.55}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(letter, cx, cy + cell * 0.03);
    });
  });
  const scale = new THREE.Vector2(1 / LABELS.length, 1);
  return { texture, scale, offset: (label) => [Math.max(0, LABELS.indexOf(label)) / LABELS.length, 0] };
}

/** A grey banded surface; each planet tints it with its own colour (instance colour). */
export function planetTexture(): THREE.CanvasTexture {
  const t = paintTexture(256, 128, (ctx) => {
    for (let y = 0; y < 128; y++) {
      const band = 0.78 + 0.22 * Math.sin(y * 0.21) * Math.sin(y * 0.047 + 1.3);
      const g = Math.floor(255 * band);
      ctx.fillStyle = `rgb(${g},${g},${g})`;
      ctx.fillRect(0, y, 256, 1);
    }
    for (let i = 0; i < 40; i++) {
      const x = (i * 97) % 256;
      const y = 20 + ((i * 53) % 88);
      ctx.fillStyle = `rgba(255,255,255,${0.08 + (i % 5) * 0.03})`;
      ctx.beginPath();
      ctx.ellipse(x, y, 10 + (i % 7) * 3, 3 + (i % 3), 0, 0, Math.PI * 2);
      ctx.fill();
    }
  });
  return t;
}

/** A soft glowing square frame for legal cells and realm flashes. */
export function frameTexture(): THREE.CanvasTexture {
  const s = 128;
  const t = paintTexture(s, s, (ctx) => {
    ctx.fillStyle = 'rgba(255,255,255,0.1)';
    ctx.fillRect(8, 8, s - 16, s - 16);
    for (const [w, a] of [
      [12, 0.2],
      [6, 0.45],
      [3, 1],
    ] as const) {
      ctx.strokeStyle = `rgba(255,255,255,${a})`;
      ctx.lineWidth = w;
      ctx.strokeRect(10, 10, s - 20, s - 20);
    }
  });
  return t;
}

/** A ring with a bright centre dot: a meeple spot (R10.2). */
/** The meeple spots' icons, 2 × 2 cells of 128 px (tinted per instance): a ring around a
    route lane (merchant), rocks (explorer), a planet (conqueror), a crosshair (planet attack). */
export const SPOT_CELL: Record<'merchant' | 'explorer' | 'conqueror' | 'attack', [number, number]> = {
  merchant: [0, 0.5],
  explorer: [0.5, 0.5],
  conqueror: [0, 0],
  attack: [0.5, 0],
};

export function spotTexture(): THREE.CanvasTexture {
  const s = 128;
  const t = paintTexture(s * 2, s * 2, (ctx) => {
    const cells: [keyof typeof SPOT_CELL, number, number][] = [
      ['merchant', 0, 0],
      ['explorer', 1, 0],
      ['conqueror', 0, 1],
      ['attack', 1, 1],
    ];
    for (const [kind, cx, cy] of cells) {
      ctx.save();
      ctx.translate(cx * s, cy * s);
      // the ring: a dark rim so it reads on light and dark tiles alike
      ctx.beginPath();
      ctx.arc(s / 2, s / 2, s * 0.4, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(10,14,30,0.72)';
      ctx.fill();
      ctx.lineWidth = s * 0.1;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = '#fff';
      ctx.lineCap = 'round';
      if (kind === 'merchant') {
        ctx.lineWidth = s * 0.09;
        ctx.beginPath();
        ctx.moveTo(s * 0.26, s * 0.5);
        ctx.lineTo(s * 0.74, s * 0.5);
        ctx.stroke();
        for (const x of [0.34, 0.5, 0.66]) {
          ctx.beginPath();
          ctx.arc(s * x, s * 0.5, s * 0.045, 0, Math.PI * 2);
          ctx.fillStyle = 'rgba(10,14,30,1)';
          ctx.fill();
        }
      } else if (kind === 'explorer') {
        for (const [x, y, r] of [
          [0.42, 0.56, 0.12],
          [0.6, 0.44, 0.09],
          [0.6, 0.64, 0.07],
        ]) {
          ctx.beginPath();
          ctx.arc(s * x, s * y, s * r, 0, Math.PI * 2);
          ctx.fill();
        }
      } else if (kind === 'conqueror') {
        ctx.beginPath();
        ctx.arc(s / 2, s / 2, s * 0.16, 0, Math.PI * 2);
        ctx.fill();
        ctx.lineWidth = s * 0.05;
        ctx.beginPath();
        ctx.ellipse(s / 2, s / 2, s * 0.27, s * 0.08, -0.3, 0, Math.PI * 2);
        ctx.stroke();
      } else {
        ctx.lineWidth = s * 0.07;
        ctx.beginPath();
        ctx.arc(s / 2, s / 2, s * 0.17, 0, Math.PI * 2);
        ctx.stroke();
        for (const [dx, dy] of [
          [0, -1],
          [1, 0],
          [0, 1],
          [-1, 0],
        ]) {
          ctx.beginPath();
          ctx.moveTo(s / 2 + dx * s * 0.1, s / 2 + dy * s * 0.1);
          ctx.lineTo(s / 2 + dx * s * 0.3, s / 2 + dy * s * 0.3);
          ctx.stroke();
        }
      }
      ctx.restore();
    }
  });
  return t;
}
