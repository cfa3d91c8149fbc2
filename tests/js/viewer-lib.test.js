// The viewer's pure functions (src/web/viewer-lib.js), as node loads them.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const V = require('../../src/web/viewer-lib.js');

test('a move asked for is a whole number within the game', () => {
  assert.equal(V.clampStep(3, 10), 3);
  assert.equal(V.clampStep('7', 10), 7);
  assert.equal(V.clampStep(2.4, 10), 2);
  assert.equal(V.clampStep(2.5, 10), 3);
  assert.equal(V.clampStep(-1, 10), 0);
  assert.equal(V.clampStep(11, 10), 10);
  assert.equal(V.clampStep('x', 10), 0, 'not a number: the start');
  assert.equal(V.clampStep(undefined, 10), 0);
  assert.equal(V.clampStep(5, 0), 0, 'a game of no move has only its start');
});

test('a total shows what the move added, and only a gain', () => {
  assert.equal(V.total([1, 2, 3, 0, 4]), 10);
  assert.equal(V.total([]), 0);
  assert.equal(V.totalCell([4, 2, 0, 0, 0], [4, 0, 0, 0, 0]), '6 <small>+2</small>');
  assert.equal(V.totalCell([4, 0, 0, 0, 0], [4, 0, 0, 0, 0]), '4');
});

test('supplies are counted in words', () => {
  assert.equal(V.supplyText(5, 3), '5 meeples · 3 huts');
  assert.equal(V.supplyText(1, 1), '1 meeple · 1 hut');
  assert.equal(V.supplyText(0, 0), '0 meeples · 0 huts');
});

test('the heading names the start and each move', () => {
  assert.equal(V.heading(0, 86), 'Start (86 moves)');
  assert.equal(V.heading(40, 86), 'Move 40 of 86');
});

test('keys move one step, or to either end', () => {
  assert.equal(V.stepOfKey('ArrowLeft', 5, 9), 4);
  assert.equal(V.stepOfKey('ArrowRight', 5, 9), 6);
  assert.equal(V.stepOfKey('Home', 5, 9), 0);
  assert.equal(V.stepOfKey('End', 5, 9), 9);
  assert.equal(V.stepOfKey('a', 5, 9), undefined);
});

test('the address names a move with #turn=N', () => {
  assert.equal(V.stepOfHash('#turn=12'), '12');
  assert.equal(V.stepOfHash('#turn=0'), '0');
  assert.equal(V.stepOfHash(''), null);
  assert.equal(V.stepOfHash('#turn=x'), null);
});

test('a click on the score track finds the move under it', () => {
  // A track 380 units wide drawn 760 pixels wide from x = 100, starting at 30, 3.5 a move.
  const x0 = '30', dx = '3.5';
  for (const k of [0, 1, 17, 100]) {
    const unit = V.markX(x0, dx, k);
    const pixel = 100 + unit * 2;
    assert.equal(V.clampStep(V.stepAt(pixel, 100, 760, 380, x0, dx), 100), k);
  }
  assert.equal(V.markX('30', '3.5', 2), 37);
});
