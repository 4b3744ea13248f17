// How seats, scorers (seats or teams, R9.1), meeples and realms are named on screen.
import { scorerOf, type Colour, type GameSetup, type MeepleSize, type Equipment } from '../engine';
import { SEAT_CSS, SEAT_INK, scorerColour } from '../render/palette';
import type { SegmentKind } from '../engine/tiles';
import { html, type TemplateResult } from 'lit';
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
