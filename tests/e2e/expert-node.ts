// The Node side of the expert bot's portability check: the expert's choice for each fixed
// position, as one JSON line (tests/e2e/expert-bot.mjs compares it with Chromium's worker).
import { chooseFromText } from '../../src/bots/bot-choice';
import { expertPositions } from './expert-positions';

console.log(JSON.stringify(expertPositions().map((p) => ({ name: p.name, choice: chooseFromText(p.stateText, 'expert', p.seed) }))));
