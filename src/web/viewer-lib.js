// The viewer's arithmetic and wording, kept apart from the page so that node can test it
// (tests/js/): which move a key, a slider, the address or a click on the score track asks
// for, and the words and numbers of the panel. The page inlines this file before viewer.js;
// node loads it with require. Nothing here touches the document.
var ViewerLib = (function () {
  'use strict';

  // The move asked for, as a whole number from 0 (the start) to `n` (the last move); what
  // is not a number asks for the start.
  function clampStep(j, n) {
    return Math.max(0, Math.min(n, Math.round(+j) || 0));
  }
  function total(s) {
    return s.reduce(function (a, b) { return a + b; }, 0);
  }
  // A player's total, with what the move shown added to it.
  function totalCell(now, before) {
    var gain = total(now) - total(before);
    return total(now) + (gain > 0 ? ' <small>+' + gain + '</small>' : '');
  }
  // What a player still has to lay, under their name.
  function supplyText(meeples, huts) {
    return meeples + (meeples === 1 ? ' meeple · ' : ' meeples · ') + huts + (huts === 1 ? ' hut' : ' huts');
  }
  // The heading above the panel: the start names how many moves follow.
  function heading(k, n) {
    return k === 0 ? 'Start (' + n + ' moves)' : 'Move ' + k + ' of ' + n;
  }
  // The move a key asks for from move `k` of `n`; undefined for a key that moves nothing.
  function stepOfKey(key, k, n) {
    return { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: n }[key];
  }
  // The move an address names (`#turn=N`), or null when it names none.
  function stepOfHash(hash) {
    var m = /turn=(\d+)/.exec(hash);
    return m ? m[1] : null;
  }
  // Where the score track marks move `k`: the track starts at `x0` and moves `dx` a move.
  function markX(x0, dx, k) {
    return +x0 + k * +dx;
  }
  // The move under a click at `clientX` on a track drawn `width` pixels wide from `left`,
  // whose picture is `boxWidth` units wide (not yet a whole number: clampStep makes it one).
  function stepAt(clientX, left, width, boxWidth, x0, dx) {
    var vx = (clientX - left) * boxWidth / width;
    return (vx - +x0) / +dx;
  }

  return {
    clampStep: clampStep, total: total, totalCell: totalCell, supplyText: supplyText,
    heading: heading, stepOfKey: stepOfKey, stepOfHash: stepOfHash, markX: markX, stepAt: stepAt
  };
})();
if (typeof module !== 'undefined') module.exports = ViewerLib;
