// A small tournament (the full figures come from `npm run tournament`), the CLI's argument
// checks (bad arguments exit 2 with one line and the usage) and the Wilson interval it reports;
// ties (R8.3) and team credit (R9.1) checked against the final states the bots saw.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { applyInPlace, defaultOptions, legalPlacements, newGame, scorerOf, winners, type GameState } from '../../src/engine';
import { SeededChooser, botAction, botByLevel, createExpertBot, randomEventAction, type Bot, type BotLevel } from '../../src/bots';
import { DEFAULT_EXPERT } from '../../src/bots/expert';
import { botFor, parseArgs, report, runTournament, wilson } from '../../src/cli/tournament';

/** Bots made by `make`, watched: the states they were asked about (a game's state is one object,
    changed in place, so it ends as the final state) and the seats each bot played in each game. */
function watched(make: (level: BotLevel) => Bot) {
  const seats = new Map<GameState, Map<string, Set<number>>>();
  const makeBot = (level: BotLevel): Bot => {
    const bot = make(level);
    return {
      name: bot.name,
      choose(state, ctx) {
        if (!seats.has(state)) seats.set(state, new Map());
        const played = seats.get(state)!;
        played.set(level, (played.get(level) ?? new Set()).add(state.seat));
        return bot.choose(state, ctx);
      },
    };
  };
  const finals = () => [...seats.keys()].map((f) => (expect(f.phase).toBe('over'), f));
  const seatsOf = (state: GameState, level: BotLevel) => [...(seats.get(state)?.get(level) ?? [])];
  return { makeBot, finals, seatsOf };
}

describe('tournament', () => {
  it('greedy beats random by a clear margin over 30 rotated 2-seat games', () => {
    const args = parseArgs(['--games', '30', '--seats', 'greedy,random', '--seed', '3']);
    const [greedy, random] = runTournament(args, () => {});
    expect(greedy.games).toBe(30);
    expect(random.games).toBe(30);
    expect(greedy.wins + random.wins).toBeCloseTo(30, 9); // every game's victory is handed out once
    expect(greedy.wins / greedy.games).toBeGreaterThanOrEqual(0.85);
    expect(greedy.score / greedy.games).toBeGreaterThan(random.score / random.games);
  });

  it('a shared victory counts 1/k for each of the k tied winners (R8.3)', () => {
    // Bots that never deploy a meeple never score: every game ends 0 to 0 to 0, a three-way tie.
    const pacifist = (): Bot => ({
      name: 'pacifist',
      choose: (s) => (s.phase === 'place' ? { type: 'place', placement: legalPlacements(s)[0] } : { type: 'deploy', deployment: null }),
    });
    const games = watched(pacifist);
    const entries = runTournament(parseArgs(['--games', '3', '--seats', 'random,random,random']), () => {}, games.makeBot);
    expect(games.finals().map((f) => f.scores)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    for (const e of entries) {
      expect({ games: e.games, wins: e.wins, ties: e.ties, score: e.score }).toEqual({ games: 3, wins: 1, ties: 3, score: 0 });
    }
  });

  it('the team variant credits each team bot with its team score (R9.1)', () => {
    const games = watched((level) => botByLevel(level));
    const [greedy, random] = runTournament(parseArgs(['--games', '4', '--seats', 'greedy,random', '--teams']), () => {}, games.makeBot);
    const finals = games.finals();
    expect(finals).toHaveLength(4);
    for (const [e, bot] of [
      [greedy, 'greedy'],
      [random, 'random'],
    ] as const) {
      // each game, the bot played the two seats of one team, and is credited with that team's score
      const teams = finals.map((f) => [...new Set(games.seatsOf(f, bot).map((seat) => scorerOf(f, seat)))]);
      expect(teams.map((t) => t.length)).toEqual([1, 1, 1, 1]);
      expect(finals.map((f) => games.seatsOf(f, bot).length)).toEqual([2, 2, 2, 2]);
      expect(e.games).toBe(4);
      expect(e.score).toBe(finals.reduce((sum, f, g) => sum + f.scores[teams[g][0]], 0));
      expect(e.wins).toBe(finals.filter((f, g) => winners(f).includes(teams[g][0])).reduce((sum, f) => sum + 1 / winners(f).length, 0));
    }
    expect(greedy.score).toBeGreaterThan(0);
    expect(greedy.wins + random.wins).toBeCloseTo(4, 9);
  });

  it('Wilson interval: known values', () => {
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
    const [lo0, hi0] = wilson(0, 20);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.1611, 3);
  });

  it('rejects bad arguments', () => {
    expect(() => parseArgs(['--games', 'x', '--seats', 'greedy,random'])).toThrow(/--games needs a whole number/);
    expect(() => parseArgs(['--seats', 'greedy,wizard'])).toThrow(/unknown bot "wizard"/);
    expect(() => parseArgs(['--seats', 'greedy'])).toThrow(/2 to 5/);
    expect(() => parseArgs(['--seats', 'greedy,random,random', '--teams'])).toThrow(/--teams takes 2 bots/);
    expect(() => parseArgs(['--games', '3'])).toThrow(/--seats is required/);
    expect(() => parseArgs(['--seats', 'greedy,random', '--colour'])).toThrow(/unknown argument/);
  });

  it('--expert-options: the expert variants of docs/bots.md from the command line, read strictly', () => {
    const a = parseArgs(['--seats', 'expert,strong', '--expert-options', 'value=win,winPoints=30,deployCandidates=4,exploration=1.2']);
    expect(a.expertOptions).toEqual({
      deployCandidates: 4,
      exploration: 1.2,
      many: { ...DEFAULT_EXPERT.many, value: 'win', winPoints: 30 },
    });
    expect(parseArgs(['--seats', 'expert,strong', '--expert-options', 'paranoid=true,othersGreedy=false']).expertOptions.many).toEqual({
      ...DEFAULT_EXPERT.many,
      paranoid: true,
      othersGreedy: false,
    });
    expect(parseArgs(['--seats', 'expert,strong', '--expert-options', 'learned=none']).expertOptions).toEqual({ learned: 'none' });
    const bad = (text: string) => () => parseArgs(['--seats', 'expert,strong', '--expert-options', text]);
    expect(bad('learned=yes')).toThrow(/learned must be one of many, all, none, got "yes"/);
    expect(bad('value=lead')).toThrow(/value must be one of blend, mean, leader, bounded, win, got "lead"/);
    expect(bad('iterations=2.5')).toThrow(/iterations must be a whole number from 1 to 100000, got "2.5"/);
    expect(bad('iterations=0')).toThrow(/iterations must be a whole number/);
    expect(bad('exploration=-1')).toThrow(/exploration must be a number from 0 to 100/);
    expect(bad('exploration=1e3')).toThrow(/exploration must be a number/);
    expect(bad('futures=1,futures=2')).toThrow(/futures given twice/);
    expect(bad('depth=3')).toThrow(/unknown setting "depth"/);
    expect(bad('paranoid=yes')).toThrow(/paranoid must be true or false/);
    expect(bad('leader')).toThrow(/"leader" is not key=value/);
    expect(bad('__proto__=1')).toThrow(/is not key=value|unknown setting/);
    expect(bad('constructor=1')).toThrow(/unknown setting "constructor"/);
    expect(bad(`iterations=${'9'.repeat(600)}`)).toThrow(/longer than 500 characters/);
  });

  it('--expert-options reach the expert it plays, and the report names them', () => {
    const a = parseArgs([
      '--games',
      '1',
      '--seats',
      'expert,greedy',
      '--expert-options',
      'iterations=6,deployIterations=2,futures=2,value=win',
    ]);
    // The tournament's expert chooses as createExpertBot with these settings does, not as the default expert.
    const states = [3, 9, 14].map((turn) => {
      const s = newGame({ seats: ['red', 'black', 'green'], options: defaultOptions() });
      const rng = new SeededChooser(turn);
      while (s.turn < turn || s.phase !== 'place')
        applyInPlace(s, randomEventAction(s, rng) ?? botAction(s, botByLevel('greedy'), { rng, budgetMs: Infinity }));
      return s;
    });
    const choices = (bot: Bot) => states.map((s, i) => bot.choose(s, { rng: new SeededChooser(i), budgetMs: Infinity }));
    const played = choices(botFor(a, 'expert'));
    expect(played).toEqual(choices(createExpertBot(a.expertOptions)));
    expect(played).not.toEqual(choices(botByLevel('expert')));
    const entries = runTournament(a, () => {});
    expect(entries[0].games).toBe(1);
    expect(report(a, entries)[1]).toBe(
      'expert settings beside the defaults: iterations=6, deployIterations=2, futures=2, ' +
        'many.othersGreedy=false, many.value=win, many.marginPoints=20, many.winPoints=40, many.paranoid=false',
    );
  });

  it('the CLI exits 2 with one line and the usage on bad arguments', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/tournament.ts', '--games', '0', '--seats', 'greedy,random'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const usage = expect.stringMatching(/^usage: npm run tournament /);
    expect(r.stderr.trim().split('\n')).toEqual(['tournament: --games must be at least 1, got 0', usage]);
  });
});
