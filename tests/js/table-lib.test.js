// The table's pure functions (src/web/table-lib.js), as node loads them: the board's view,
// the moves offered for what the person clicked, the box's filters, words, and the server's
// answers.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const T = require('../../src/web/table-lib.js');

// A board of 5 × 3 squares of 64 units from (-2, -1), with a margin of 20.
const board = { width: 5 * 64 + 40, height: 3 * 64 + 40, margin: 20, square: 64, x0: -2, y0: -1 };
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} is not ${b}`);

test('squares and picture units convert both ways', () => {
  assert.deepEqual(T.toUnits(board, -2, -1), [20, 20]);
  assert.deepEqual(T.toUnits(board, 0, 0), [148, 84]);
  for (const [x, y] of [[-2, -1], [0.5, 1.25], [3, 2]]) {
    const u = T.toUnits(board, x, y);
    const back = T.toSquares(board, u[0], u[1]);
    near(back[0], x, 'x');
    near(back[1], y, 'y');
  }
});

test('the whole board fits the window, never larger than one and a half times', () => {
  near(T.fitScale(board, [180, 2000]), 0.5, 'the width decides');
  assert.equal(T.fitScale(board, [2000, 2000]), T.FIT_MOST);
  near(T.fitScale(board, [360, 116]), 0.5, 'the height decides');
});

test('a fitting view centres the board and cannot zoom out', () => {
  const l = T.look({ fit: true, cx: 0, cy: 0, k: 1 }, board, [360, 232]);
  near(l.view.k, 1, 'scale');
  assert.deepEqual(l.box, [0, 0, 360, 232]);
  assert.equal(l.outmost, true);
  assert.equal(l.inmost, false);
  const middle = T.toUnits(board, l.view.cx, l.view.cy);
  near(middle[0], 180, 'middle x');
  near(middle[1], 116, 'middle y');
});

test('a view keeps its scale within bounds and its middle on the board', () => {
  const w = [360, 232];
  const big = T.look({ fit: false, cx: 0, cy: 0, k: 99 }, board, w);
  assert.equal(big.view.k, T.ZOOM_MOST);
  assert.equal(big.inmost, true);
  const small = T.look({ fit: false, cx: 0, cy: 0, k: 0.01 }, board, w);
  near(small.view.k, 1, 'no smaller than the fit');
  const off = T.look({ fit: false, cx: 100, cy: -100, k: 2 }, board, w);
  const middle = T.toUnits(board, off.view.cx, off.view.cy);
  assert.deepEqual(middle, [board.width, 0]);
  assert.deepEqual(off.box, [board.width - 90, -58, 180, 116]);
});

test('zooming keeps the point under the pointer where it is', () => {
  const w = [360, 232];
  const start = T.look({ fit: true, cx: 0, cy: 0, k: 1 }, board, w).view;
  const px = 300, py = 40;
  const under = (view) => {
    const c = T.toUnits(board, view.cx, view.cy);
    return [c[0] + (px - w[0] / 2) / view.k, c[1] + (py - w[1] / 2) / view.k];
  };
  const zoomed = T.zoomed(start, board, w, 1.5, px, py);
  assert.equal(zoomed.fit, false);
  near(zoomed.k, 1.5, 'scale');
  const before = under(start), after = under(zoomed);
  near(after[0], before[0], 'x under the pointer');
  near(after[1], before[1], 'y under the pointer');
  // Without a point, about the middle: the middle stays.
  const centred = T.zoomed(start, board, w, 2);
  near(centred.cx, start.cx, 'cx');
  near(centred.cy, start.cy, 'cy');
});

test('zooming out to the whole board fits it again, and zooming in stops at the most', () => {
  const w = [360, 232];
  const start = T.look({ fit: true, cx: 0, cy: 0, k: 1 }, board, w).view;
  const inOnce = T.zoomed(start, board, w, 1.5);
  const back = T.zoomed(inOnce, board, w, 1 / 1.5);
  assert.equal(back.fit, true);
  let view = start;
  for (let i = 0; i < 10; i++) view = T.zoomed(view, board, w, 1.5);
  assert.equal(view.k, T.ZOOM_MOST);
});

test('panning moves the board by the pixels dragged, at the scale shown', () => {
  const view = { fit: true, cx: 0.5, cy: 0.5, k: 2 };
  const moved = T.panned(view, board, 128, -64);
  assert.equal(moved.fit, false);
  near(moved.cx, 0.5 - 128 / 2 / 64, 'cx');
  near(moved.cy, 0.5 + 64 / 2 / 64, 'cy');
  assert.equal(moved.k, 2);
});

test('gestures: two fingers, a trembling tap, the wheel', () => {
  assert.deepEqual(T.spread([0, 0], [6, 8]), [10, 3, 4]);
  assert.equal(T.dragged([10, 10], [13, 14]), false);
  assert.equal(T.dragged([10, 10], [16, 10]), true);
  near(T.wheelFactor(0, 0), 1, 'no turn');
  assert.ok(T.wheelFactor(100, 0) < 1, 'down zooms out');
  assert.ok(T.wheelFactor(-100, 0) > 1, 'up zooms in');
  near(T.wheelFactor(3, 1), T.wheelFactor(120, 0), 'a line is forty pixels');
});

// The offers of a turn with the Scout's special tile beside the drawn one and a shaman that
// may take back piece 4.
const offers = [
  { n: 0, kind: 'refuse' },
  { n: 1, kind: 'place', tile: '12', x: 1, y: 0, rotation: 90 },
  { n: 2, kind: 'place', tile: '12', x: 1, y: 0, rotation: 90, piece: { target: 0, name: 'hunter' } },
  { n: 3, kind: 'place', tile: '12', x: 1, y: 0, rotation: 90, piece: { target: 0, name: 'hut' } },
  { n: 4, kind: 'place', tile: '12', x: 1, y: 0, rotation: 0, piece: { target: 1, name: 'fisher' } },
  { n: 5, kind: 'place', tile: '12', x: 0, y: 1, rotation: 270 },
  { n: 6, kind: 'place', tile: '12', x: 1, y: 0, rotation: 180, recall: { index: 4 } },
  { n: 7, kind: 'special', tile: 'S1', x: 0, y: -1, rotation: 0 },
  { n: 8, kind: 'draw' },
];

test('the moves that lay a tile, and the tiles and recalls they offer', () => {
  const laid = T.laid(offers);
  assert.deepEqual(laid.map((o) => o.n), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(T.tilesOffered(laid, { tile: '12' }), ['12', 'S1']);
  assert.deepEqual(T.tilesOffered([], { tile: '12' }), ['12'], 'no move: the tile of the turn');
  assert.deepEqual(T.tilesOffered([], null), []);
  assert.deepEqual(T.recallsOffered(laid, '12'), [null, 4]);
  assert.deepEqual(T.recallsOffered(laid, 'S1'), [null]);
  assert.equal(T.firstRecall([null, 4]), null);
  assert.equal(T.firstRecall([4, 7]), 4, 'a recall the rules require');
  assert.equal(T.firstRecall([]), null);
});

test('a square goes round the turns that fit there, smallest first', () => {
  const moves = T.candidates(T.laid(offers), '12', null);
  assert.deepEqual(moves.map((o) => o.n), [1, 2, 3, 4, 5]);
  assert.deepEqual(T.rotationsAt(moves, 1, 0), [0, 90]);
  assert.deepEqual(T.chosen(moves, null, 0), []);
  assert.deepEqual(T.chosen(moves, [1, 0], 0).map((o) => o.n), [4]);
  assert.deepEqual(T.chosen(moves, [1, 0], 1).map((o) => o.n), [1, 2, 3]);
  assert.deepEqual(T.chosen(moves, [1, 0], 2).map((o) => o.n), [4], 'and round again');
  const places = T.byPlace(T.chosen(moves, [1, 0], 1));
  assert.deepEqual(Object.keys(places), ['0']);
  assert.deepEqual(places[0].map((o) => o.piece.name), ['hunter', 'hut']);
  assert.deepEqual(T.candidates(T.laid(offers), '12', 4).map((o) => o.n), [6]);
});

test('the box finds a tile by its contents and its sides at any turn', () => {
  const tile = { sides: ['F', 'M', 'R', 'M'], contents: ['lake', 'mammoth'] };
  assert.equal(T.matches(tile, ['', '', '', ''], {}), true);
  assert.equal(T.matches(tile, ['', '', '', ''], { mammoth: true }), true);
  assert.equal(T.matches(tile, ['', '', '', ''], { mammoth: true, deer: true }), false);
  assert.equal(T.matches(tile, ['', '', '', ''], { deer: false }), true, 'a word switched off');
  assert.equal(T.matches(tile, ['F', 'M', 'R', 'M'], {}), true);
  assert.equal(T.matches(tile, ['R', '', 'F', ''], {}), true, 'turned twice');
  assert.equal(T.matches(tile, ['', 'F', '', ''], {}), true, 'turned once');
  assert.equal(T.matches(tile, ['F', '', 'F', ''], {}), false);
  assert.equal(T.matches(tile, ['R', 'R', '', ''], {}), false);
  assert.deepEqual(['', 'F', 'M', 'R'].map(T.nextSide), ['F', 'M', 'R', '']);
  assert.deepEqual(T.contentWords([tile, { contents: ['deer', 'lake'] }]), ['deer', 'lake', 'mammoth']);
});

const players = [
  { player: 1, who: 'human', meeples: 5, huts: 3, points: {} },
  { player: 2, who: 'greedy', meeples: 1, huts: 1, hand: ['S1', 'shaman'], points: {} },
];
const who = (p) => T.who(players, 'games', p);

test('players are named by seat and bot in a game, by name at a table', () => {
  assert.equal(who(1), 'player 1 (human)');
  assert.equal(T.who([{ who: 'Ann' }], 'records', 1), 'Ann');
  assert.equal(who(3), 'player 3', 'a seat the state does not list');
  assert.equal(T.supply(players[0]), '5 meeples, 3 huts');
  assert.equal(T.supply(players[1]), '1 meeple, 1 hut · holds S1, shaman');
  assert.equal(T.winners([1], who), 'Winner: player 1 (human)');
  assert.equal(T.winners([1, 2], who), 'Winners: player 1 (human), player 2 (greedy)');
  assert.equal(T.winners([], who), 'A tie: nobody wins.');
});

test('the prompt says who is to do what', () => {
  const say = (s, speed) => T.prompt(s, speed || '600', who);
  assert.equal(say({ over: true, turn: { player: 1, person: true } }), 'The game is over.');
  assert.equal(say({ need: { kind: 'deal', player: 2 } }), 'Which special piece was player 2 (greedy) dealt?');
  assert.equal(say({ need: { kind: 'draw', player: 1, deck: 'regular' } }),
    'player 1 (human) draws a regular tile: which one? Pick it below.');
  assert.equal(say({ need: { kind: 'choice', player: 1 } }),
    'player 1 (human) lays a special tile, or draws: pick the tile drawn below.');
  assert.equal(say({ need: { kind: 'move', player: 1, tile: '12' } }), 'Where did player 1 (human) lay tile 12?');
  assert.equal(say({}), '');
  assert.equal(say({ turn: { player: 2 } }), 'player 2 (greedy) is thinking…');
  assert.equal(say({ turn: { player: 2 } }, 'step'), 'player 2 (greedy) moves when you click “Next bot move”.');
  assert.equal(say({ turn: { player: 2 }, thinking: true }, 'step'), 'player 2 (greedy) is thinking…');
  assert.equal(say({ turn: { player: 1, person: true } }), 'player 1 (human): lay your special tile, or draw.');
  assert.equal(say({ turn: { player: 1, person: true, tile: '12', bonus: true } }),
    'player 1 (human), lay tile 12 (a bonus turn).');
});

test('whose row is marked, what the page waits for, when a bot is asked', () => {
  assert.equal(T.toMove({ turn: { player: 2 } }, 2), true);
  assert.equal(T.toMove({ turn: { player: 2 } }, 1), false);
  assert.equal(T.toMove({ need: { player: 1, kind: 'draw' } }, 1), true);
  assert.equal(T.toMove({ need: { player: 1, kind: 'over' } }, 1), false);
  assert.equal(T.waits({ over: true, need: { kind: 'draw' } }, true), 'over');
  assert.equal(T.waits({ need: { kind: 'draw' } }, true), 'draw');
  assert.equal(T.waits({}, true), 'person');
  assert.equal(T.waits({}, false), 'bot');
  const bot = { turn: { player: 2, person: false } };
  assert.equal(T.botDue('games', bot, '600'), true);
  assert.equal(T.botDue('games', bot, 'step'), false);
  assert.equal(T.botDue('records', bot, '600'), false);
  assert.equal(T.botDue('games', { turn: { person: true } }, '0'), false);
  assert.equal(T.botDue('games', { turn: { player: 2 }, thinking: true }, '0'), false);
  assert.equal(T.botDue('games', { over: true, turn: { player: 2 } }, '0'), false);
});

test('titles, the games under way, the names of downloaded logs', () => {
  assert.equal(T.title({ variant: '2020', seed: '7' }, 'games'), '2020 · seed 7');
  assert.equal(T.title({ variant: '2014' }, 'records'), '2014 · recording');
  assert.equal(T.underWay({ variant: '2020', seats: ['human', 'greedy'], turn: 2 }),
    '2020: human, greedy (seat 2 to move)');
  assert.equal(T.underWay({ variant: '2002' }), '2002: ');
  assert.equal(T.logName('2020', '7'), 'hunters-2020-7.log');
  assert.equal(T.logName('2020@mammoth=4,huts=2', null), 'hunters-2020_mammoth_4_huts_2.log');
  assert.equal(T.logName(null, null), 'hunters-game.log');
});

test('a log with a seed resumes as a game, one without as a recording', () => {
  assert.equal(T.logKind('[Format "hunters-log 1"]\n[Seed "7"]\n'), 'games');
  assert.equal(T.logKind('[Format "hunters-log 1"]\n[Players "Ann,Bob"]\n'), 'records');
  assert.equal(T.logKind('# [Seed "7"]\n'), 'records', 'a tag begins its line');
});

test('the address names a game by its kind and id', () => {
  assert.deepEqual(T.address('#games/0af3'), { kind: 'games', id: '0af3' });
  assert.deepEqual(T.address('#records/12'), { kind: 'records', id: '12' });
  assert.equal(T.address(''), null);
  assert.equal(T.address('#games/XYZ'), null);
  assert.equal(T.address('#games/12/log'), null);
});

test("the server's answers: JSON when it says so, its error, or its status", () => {
  assert.deepEqual(T.answer(200, 'application/json', '{"id":"ab"}'),
    { ok: true, data: { id: 'ab' }, error: null });
  assert.deepEqual(T.answer(200, 'text/plain; charset=utf-8', '[Format]'),
    { ok: true, data: '[Format]', error: null });
  assert.deepEqual(T.answer(422, 'application/json', '{"error":"the tile cannot go there"}'),
    { ok: false, data: { error: 'the tile cannot go there' }, error: 'the tile cannot go there' });
  assert.deepEqual(T.answer(500, 'application/json', 'not json'),
    { ok: false, data: { error: 'not json' }, error: 'not json' });
  assert.deepEqual(T.answer(404, null, ''), { ok: false, data: '', error: 'the server answered 404' });
  assert.equal(T.answer(409, 'application/json', '{"version":3}').error, 'the server answered 409');
});
