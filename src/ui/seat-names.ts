// How seats, scorers (seats or teams, R9.1), meeples and realms are named on screen.
import { COLOUR_FACTION, TEAMS, type Colour, type GameSetup, type MeepleSize, type Equipment, type Team } from '../engine';
import type { SegmentKind } from '../engine/tiles';
import { t } from './i18n';

export const SEAT_CSS: Record<Colour, string> = {
  red: '#e5484d', green: '#46a758', black: '#5b5f6b', white: '#eceef2', orange: '#f76b15', blue: '#3e8ef7',
};
/** Text colour that reads on top of SEAT_CSS. */
export const SEAT_INK: Record<Colour, string> = {
  red: '#fff', green: '#fff', black: '#fff', white: '#111', orange: '#111', blue: '#fff',
};

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

/** Colour swatch for a scorer: the seat's colour, or the first colour of the team. */
export function scorerCss(setup: GameSetup, scorer: number): string {
  if (!setup.options.teams) return SEAT_CSS[setup.seats[scorer]];
  return scorer === 0 ? SEAT_CSS.red : SEAT_CSS.black;
}

export function seatsOfScorer(setup: GameSetup, scorer: number): number[] {
  return setup.seats.map((_, i) => i).filter((i) => scorerOfSeat(setup, i) === scorer);
}

/** R9.1: a seat scores for itself, or for its team in the team variant. */
export function scorerOfSeat(setup: GameSetup, seat: number): number {
  return setup.options.teams ? TEAMS.indexOf(COLOUR_FACTION[setup.seats[seat]] as Team) : seat;
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
