// Colours and second cues of the table: seat colours with a letter each (colour-blind
// players read the letter, R1.3), faction badge colours, route and field tones.
import type { Colour, Faction, GameSetup } from '../engine';

/** The one seat palette: the table's figures and markers and the HUD's swatches (as CSS). */
export const SEAT_HEX: Record<Colour, number> = {
  red: 0xd8332a,
  green: 0x2fa84f,
  black: 0x3a3d46,
  white: 0xeeeeea,
  orange: 0xf08a1c,
  blue: 0x2f6fe0,
};
export const SEAT_CSS = Object.fromEntries(
  Object.entries(SEAT_HEX).map(([c, hex]) => [c, `#${hex.toString(16).padStart(6, '0')}`]),
) as Record<Colour, string>;

/** A scorer's colour: its seat's, or in the team variant (R9.1) red for the Rebel team and black for the Empire. */
export function scorerColour(setup: GameSetup, scorer: number): Colour {
  return setup.options.teams ? (scorer === 0 ? 'red' : 'black') : setup.seats[scorer];
}
/** The letter shown on each figure and score marker: K for black so it differs from blue's B. */
export const SEAT_LETTER: Record<Colour, string> = { red: 'R', green: 'G', black: 'K', white: 'W', orange: 'O', blue: 'B' };
/** Ink for the letter: dark on light bodies, light on dark ones. */
export const SEAT_INK: Record<Colour, string> = {
  red: '#fff',
  green: '#fff',
  black: '#fff',
  white: '#111',
  orange: '#111',
  blue: '#fff',
};

export const FACTION_STYLE: Record<Faction, { fill: string; ink: string; name: string }> = {
  Rebel: { fill: '#e0502a', ink: '#fff4e0', name: 'Rebel Alliance' }, // circle + starburst
  Empire: { fill: '#6f86a6', ink: '#f0f4ff', name: 'Empire' }, // hexagon + cog wheel
  BountyHunters: { fill: '#d4a017', ink: '#2a1d00', name: 'Bounty Hunters' }, // diamond + crosshair
};

export const ROUTE_GLOW = '#4fd8ff';
export const ROUTE_CORE = '#e8fbff';
export const HIGHLIGHT_HEX = 0x4fd08a;
export const SPOT_HEX = 0xffe066;

/** A planet's colour is a property of its design: the same on every device. */
export function planetColour(id: string): { hue: number; sat: number; light: number } {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h >>>= 0;
  const hues = [28, 200, 95, 340, 48, 265, 170, 10, 220, 130, 300, 60];
  return { hue: hues[h % hues.length], sat: 0.45 + ((h >>> 8) % 30) / 100, light: 0.5 + ((h >>> 16) % 12) / 100 };
}
