// How seats, scorers (seats or teams, R9.1), meeples and realms are named on screen.
import { scorerOf, type Colour, type GameSetup, type MeepleSize, type Equipment } from '../engine';
import { SEAT_CSS, SEAT_INK, scorerColour } from '../render/palette';
import type { SegmentKind } from '../engine/tiles';
import { html, type TemplateResult } from 'lit';
import type { SeatInfo } from '../session/session';
import { t } from './i18n';

// One palette for the HUD and the table (src/render/palette.ts).
export { SEAT_CSS, SEAT_INK };

/** Where a person's name goes in a translated line (a private-use character no translation holds). */
export const NAME_SLOT = '\ue000';

/** A translated line with the person's name put in NAME_SLOT's place, isolated (<bdi>): a right-to-left name cannot reorder the rest. */
export function withName(line: string, name: string): TemplateResult {
  const [before, ...after] = line.split(NAME_SLOT);
  return after.length ? html`${before}<bdi>${name}</bdi>${after.join(name)}` : html`${line}`;
}

export function colourName(c: Colour): string {
  return t(`colour_${c}`);
}

/** A seat as people call it: "You" on one's own device, the player's name, or the colour's bot. */
export function personName(seats: readonly SeatInfo[], colour: Colour): string {
  const seat = seats.find((s) => s.colour === colour);
  if (!seat) return t('seatOfColour', { colour: colourName(colour) }); // ro: "jucătorul negru", never a bare "ca negru să"
  if (seat.localHuman) return t('youName');
  if (seat.controller.kind === 'remote') return t('personWithColour', { name: seat.controller.name, colour: colourName(colour) });
  return t('botWithColour', { colour: colourName(colour) });
}

/** Online (some seat is another peer's) a seat goes by its person's name ("Ana (red)", "You"); on one device, by its colour. */
export function seatLabel(seats: readonly SeatInfo[], colour: Colour): string {
  return seats.some((s) => s.controller.kind === 'remote') ? personName(seats, colour) : colourName(colour);
}

export function seatName(setup: GameSetup, seat: number): string {
  return colourName(setup.seats[seat]);
}

/** A scorer is a seat, or a team (0 Rebel, 1 Empire) in the team variant. */
export function scorerLabel(setup: GameSetup, scorer: number): string {
  return setup.options.teams ? t(scorer === 0 ? 'team_Rebel' : 'team_Empire') : seatName(setup, scorer);
}

/** Colour swatch for a scorer: the same colour as its marker on the table's score track. */
export function scorerCss(setup: GameSetup, scorer: number): string {
  return SEAT_CSS[scorerColour(setup, scorer)];
}

export function seatsOfScorer(setup: GameSetup, scorer: number): number[] {
  return setup.seats.map((_, i) => i).filter((i) => scorerOf({ setup }, i) === scorer);
}

export function meepleName(size: MeepleSize): string {
  return t(size === 'large' ? 'largeMeeple' : 'smallMeeple');
}

export function equipmentName(e: Equipment): string {
  return t(e);
}

export function realmName(kind: SegmentKind): string {
  return t(`realm_${kind}`);
}
