// The table's arithmetic and wording, kept apart from the page's clicks and requests so that
// node can test it (tests/js/): the board's zoom and pan, the moves a state offers for the
// tile, square and turn shown, the box's filters, and the server's answers read. The page
// inlines this file before table.js; node loads it with require. Nothing here touches the
// document.
var TableLib = (function () {
  'use strict';

  // A small board is drawn no larger than one and a half times its size; at the largest
  // zoom a tile is 256 pixels wide and its letters 32 high.
  var FIT_MOST = 1.5, ZOOM_MOST = 4;
  // Scales this close count as equal: a view zoomed back by steps of 1.5 lands on the fit
  // scale only up to rounding.
  var NEAR = 1e-9;

  function clamp(x, lo, hi) { return Math.max(lo, Math.min(hi, x)); }

  // ---- the board's view ----
  // `v` is the board as the server lays it out (its size, margin, square size and the square
  // at its top left corner); `w` the window's width and height in pixels. A view is the
  // point of the board at the middle of the window, in squares (so that it stays put when
  // the board grows to the west or north), a scale in pixels per unit of the picture, and
  // whether it follows the whole board.

  // The scale at which the whole board fits the window.
  function fitScale(v, w) {
    return Math.min(FIT_MOST, w[0] / v.width, w[1] / v.height);
  }
  function toUnits(v, x, y) {
    return [v.margin + (x - v.x0) * v.square, v.margin + (y - v.y0) * v.square];
  }
  function toSquares(v, ux, uy) {
    return [v.x0 + (ux - v.margin) / v.square, v.y0 + (uy - v.margin) / v.square];
  }
  // The view as it is drawn: its scale held within bounds and its middle on the board (the
  // board's middle whenever it fits), the picture's viewBox, and whether zooming in or out
  // can go further.
  function look(view, v, w) {
    var fit = fitScale(v, w), k, c;
    if (view.fit) { k = fit; c = [v.width / 2, v.height / 2]; }
    else {
      k = clamp(view.k, Math.min(fit, ZOOM_MOST), ZOOM_MOST);
      c = toUnits(v, view.cx, view.cy);
      c = [clamp(c[0], 0, v.width), clamp(c[1], 0, v.height)];
    }
    var s = toSquares(v, c[0], c[1]);
    var vw = w[0] / k, vh = w[1] / k;
    return {
      view: { fit: view.fit, cx: s[0], cy: s[1], k: k },
      box: [c[0] - vw / 2, c[1] - vh / 2, vw, vh],
      inmost: k >= ZOOM_MOST - NEAR,
      outmost: k <= fit + NEAR
    };
  }
  // The view zoomed by `f` about the point (px, py) of the window (its middle when not
  // given), which stays where it is. Zoomed out to the whole board, the view fits it again.
  function zoomed(view, v, w, f, px, py) {
    var fit = fitScale(v, w);
    if (px === undefined) { px = w[0] / 2; py = w[1] / 2; }
    var c = toUnits(v, view.cx, view.cy), k = view.k;
    var u = [c[0] + (px - w[0] / 2) / k, c[1] + (py - w[1] / 2) / k];
    var k2 = clamp(k * f, Math.min(fit, ZOOM_MOST), ZOOM_MOST);
    if (k2 <= fit + NEAR && f < 1) return { fit: true, cx: view.cx, cy: view.cy, k: view.k };
    var c2 = [u[0] - (px - w[0] / 2) / k2, u[1] - (py - w[1] / 2) / k2];
    var s = toSquares(v, c2[0], c2[1]);
    return { fit: false, cx: s[0], cy: s[1], k: k2 };
  }
  // The view moved by (dx, dy) pixels.
  function panned(view, v, dx, dy) {
    var c = toUnits(v, view.cx, view.cy), s = toSquares(v, c[0] - dx / view.k, c[1] - dy / view.k);
    return { fit: false, cx: s[0], cy: s[1], k: view.k };
  }
  // Two fingers: how far apart they are, and the point halfway between them.
  function spread(a, b) {
    return [Math.hypot(a[0] - b[0], a[1] - b[1]), (a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  }
  // A few pixels of trembling are still a click (a tap on a phone moves a little).
  function dragged(from, to) {
    return Math.hypot(to[0] - from[0], to[1] - from[1]) >= 6;
  }
  // The zoom of one turn of the wheel: a wheel that counts in lines (`deltaMode` 1) or pages
  // moves about forty pixels a step.
  function wheelFactor(deltaY, deltaMode) {
    var step = deltaMode ? 40 : 1;
    return Math.exp(-deltaY * step * 0.002);
  }

  // ---- the moves offered ----
  // The offers that lay a tile: every one but a refusal or a draw.
  function laid(offers) {
    return offers.filter(function (o) { return o.kind === 'place' || o.kind === 'special'; });
  }
  // The tiles a person may lay now: those of the moves, or the one of the turn.
  function tilesOffered(moves, turn) {
    var seen = [];
    moves.forEach(function (o) { if (seen.indexOf(o.tile) < 0) seen.push(o.tile); });
    if (!seen.length && turn && turn.tile) seen.push(turn.tile);
    return seen;
  }
  function recallIndex(o) { return o.recall ? o.recall.index : null; }
  // The shaman's recalls that go with laying `tile` (`null` for none).
  function recallsOffered(moves, tile) {
    var seen = [];
    moves.forEach(function (o) {
      var r = recallIndex(o);
      if (o.tile === tile && seen.indexOf(r) < 0) seen.push(r);
    });
    return seen;
  }
  // The recall a new decision starts with: none when none is one of the choices.
  function firstRecall(recalls) {
    return recalls.indexOf(null) >= 0 || !recalls.length ? null : recalls[0];
  }
  // The moves that lay `tile` with `recall`.
  function candidates(moves, tile, recall) {
    return moves.filter(function (o) { return o.tile === tile && recallIndex(o) === recall; });
  }
  // The turns (in degrees, smallest first) in which the moves lay a tile at (x, y).
  function rotationsAt(moves, x, y) {
    var r = [];
    moves.forEach(function (o) { if (o.x === x && o.y === y && r.indexOf(o.rotation) < 0) r.push(o.rotation); });
    return r.sort(function (a, b) { return a - b; });
  }
  // The moves at `square` in the `turn`-th of the turns that fit there (clicking a square
  // again goes round them).
  function chosen(moves, square, turn) {
    if (!square) return [];
    var rots = rotationsAt(moves, square[0], square[1]), rot = rots[turn % rots.length];
    return moves.filter(function (o) { return o.x === square[0] && o.y === square[1] && o.rotation === rot; });
  }
  // The moves of `pick` that put a piece, by the place (the circle) where it stands.
  function byPlace(pick) {
    var by = {};
    pick.forEach(function (o) { if (o.piece) (by[o.piece.target] = by[o.piece.target] || []).push(o); });
    return by;
  }

  // ---- the box's filters (recording) ----
  // A side asked for goes round: any, forest, meadow, river, any.
  function nextSide(side) {
    return { '': 'F', F: 'M', M: 'R', R: '' }[side];
  }
  // Whether tile `t` holds every content asked for and shows the sides asked for (north,
  // east, south, west; '' for any) in one of its four turns.
  function matches(t, want, contents) {
    for (var w in contents) if (contents[w] && t.contents.indexOf(w) < 0) return false;
    if (want.join('') === '') return true;
    for (var r = 0; r < 4; r++) {
      var ok = true;
      for (var d = 0; d < 4; d++) {
        // The side a tile turned r quarter turns shows at d is its side d - r.
        if (want[d] && t.sides[(d - r + 4) % 4] !== want[d]) ok = false;
      }
      if (ok) return true;
    }
    return false;
  }
  // Every content word of the tiles, each once, in order.
  function contentWords(items) {
    var words = [];
    items.forEach(function (t) { t.contents.forEach(function (w) { if (words.indexOf(w) < 0) words.push(w); }); });
    return words.sort();
  }

  // ---- words ----
  // Player `p` (from 1) as the page names them: at a recorded table by name, otherwise by
  // seat and bot.
  function who(players, kind, p) {
    var pl = players[p - 1];
    return pl ? (kind === 'records' ? pl.who : 'player ' + p + ' (' + pl.who + ')') : 'player ' + p;
  }
  // What the page asks for in state `s`; `speed` is the bots' pace chosen, `name` names a
  // player.
  function prompt(s, speed, name) {
    var need = s.need;
    if (s.over) return 'The game is over.';
    if (need) {
      if (need.kind === 'deal') return 'Which special piece was ' + name(need.player) + ' dealt?';
      if (need.kind === 'draw') return name(need.player) + ' draws a ' + need.deck + ' tile: which one? Pick it below.';
      if (need.kind === 'choice') return name(need.player) + ' lays a special tile, or draws: pick the tile drawn below.';
      return 'Where did ' + name(need.player) + ' lay tile ' + need.tile + '?';
    }
    if (!s.turn) return '';
    if (!s.turn.person) {
      if (s.thinking || speed !== 'step') return name(s.turn.player) + ' is thinking…';
      return name(s.turn.player) + ' moves when you click “Next bot move”.';
    }
    if (!s.turn.tile) return name(s.turn.player) + ': lay your special tile, or draw.';
    return name(s.turn.player) + ', lay tile ' + s.turn.tile + (s.turn.bonus ? ' (a bonus turn)' : '') + '.';
  }
  // What a player still holds, under their name.
  function supply(p) {
    return p.meeples + (p.meeples === 1 ? ' meeple, ' : ' meeples, ') + p.huts + (p.huts === 1 ? ' hut' : ' huts') +
      (p.hand && p.hand.length ? ' · holds ' + p.hand.join(', ') : '');
  }
  // Whether player row `player` is the one to move (or to be told about) in state `s`.
  function toMove(s, player) {
    return !!(s.turn && s.turn.player === player || s.need && s.need.player === player && s.need.kind !== 'over');
  }
  function winners(w, name) {
    return w.length ? 'Winner' + (w.length > 1 ? 's: ' : ': ') + w.map(name).join(', ') : 'A tie: nobody wins.';
  }
  // The line above the board: the variant, the seed, and whether this is a recording.
  function title(s, kind) {
    return (s.variant || '') + (s.seed ? ' · seed ' + s.seed : '') + (kind === 'records' ? ' · recording' : '');
  }
  // A game under way, as the setup form lists it.
  function underWay(g) {
    return g.variant + ': ' + (g.seats || []).join(', ') + (g.turn ? ' (seat ' + g.turn + ' to move)' : '');
  }
  // What the page waits for, for whoever drives it.
  function waits(s, person) {
    return s.over ? 'over' : s.need ? s.need.kind : person ? 'person' : 'bot';
  }
  // Whether a bot is to be asked to move: in a game, not over, a bot's turn it is not
  // already thinking about (asked by another tab), at a pace other than "when I click".
  function botDue(kind, s, speed) {
    return !(kind !== 'games' || s.over || !s.turn || s.turn.person || s.thinking) && speed !== 'step';
  }

  // ---- files and addresses ----
  // The name a downloaded log is saved under.
  function logName(variant, seed) {
    return 'hunters-' + (variant || 'game').replace(/[^A-Za-z0-9._-]+/g, '_') + (seed ? '-' + seed : '') + '.log';
  }
  // A log with a seed goes on as a game; one told at a table, as a recording.
  function logKind(text) {
    return /^\[Seed /m.test(text) ? 'games' : 'records';
  }
  // The game an address names (#games/ID or #records/ID), or null.
  function address(hash) {
    var m = /^#(games|records)\/([0-9a-f]+)$/.exec(hash);
    return m ? { kind: m[1], id: m[2] } : null;
  }

  // ---- the server's answers ----
  // An answer read: its data (JSON when the server says so, else the text; a JSON answer
  // that does not parse becomes its text as the error), whether it succeeded, and the
  // message to show when it did not.
  function answer(status, contentType, text) {
    var data;
    if ((contentType || '').indexOf('json') < 0) data = text;
    else { try { data = JSON.parse(text); } catch (e) { data = { error: text }; } }
    var ok = status >= 200 && status < 300;
    return {
      ok: ok,
      data: data,
      error: ok ? null : data && data.error ? data.error : 'the server answered ' + status
    };
  }

  return {
    FIT_MOST: FIT_MOST, ZOOM_MOST: ZOOM_MOST,
    clamp: clamp, fitScale: fitScale, toUnits: toUnits, toSquares: toSquares, look: look,
    zoomed: zoomed, panned: panned, spread: spread, dragged: dragged, wheelFactor: wheelFactor,
    laid: laid, tilesOffered: tilesOffered, recallsOffered: recallsOffered, firstRecall: firstRecall,
    candidates: candidates, rotationsAt: rotationsAt, chosen: chosen, byPlace: byPlace,
    nextSide: nextSide, matches: matches, contentWords: contentWords,
    who: who, prompt: prompt, supply: supply, toMove: toMove, winners: winners, title: title,
    underWay: underWay, waits: waits, botDue: botDue,
    logName: logName, logKind: logKind, address: address, answer: answer
  };
})();
if (typeof module !== 'undefined') module.exports = TableLib;
