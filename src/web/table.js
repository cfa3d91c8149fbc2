window.onerror = function (m) {
  var p = document.getElementById('script-error');
  p.hidden = false;
  p.textContent = 'script error: ' + m;
};
(function () {
  var q = function (s) { return document.querySelector(s); };
  var make = function (tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  var SVG = 'http://www.w3.org/2000/svg';
  var svg = function (tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  };
  var NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'];
  var T = { id: null, kind: null, state: null, tile: null, square: null, turn: 0, place: null,
            recall: null, timer: null, busy: false, seq: 0, poll: null };
  // The pace of the bots a game starts with.
  var SPEED = '600';
  var MOVED_ON = 'This game moved on in another tab; here it is now.';
  var POLL_MS = 2000;
  var want = ['', '', '', ''], contents = {};

  // ---- setup ----
  function mode() { return q('input[name=mode]:checked').value; }
  function seats() {
    var list = q('#seats'), n = +q('#players').value, old = [];
    Array.prototype.forEach.call(list.querySelectorAll('input'), function (i) { old.push(i.value); });
    list.innerHTML = '';
    for (var i = 0; i < n; i++) {
      var li = make('li'), input;
      if (mode() === 'play') {
        input = make('input', { list: 'bots', 'aria-label': 'seat ' + (i + 1), size: 16 });
        input.value = old[i] && old[i] !== NAMES[i] ? old[i] : (i === 0 ? 'human' : 'greedy');
      } else {
        input = make('input', { 'aria-label': 'player ' + (i + 1), size: 16 });
        input.value = NAMES[i];
      }
      input.className = 'seat';
      var sw = make('span', { class: 'swatch' });
      sw.style.background = COLOURS[i];
      li.append(sw, input);
      list.append(li);
    }
  }
  function showMode() {
    document.body.classList.toggle('record', mode() === 'record');
    document.body.classList.toggle('play', mode() === 'play');
    seats();
  }
  Array.prototype.forEach.call(document.querySelectorAll('input[name=mode]'), function (r) { r.onchange = showMode; });
  q('#players').onchange = seats;
  q('#setup').onsubmit = function (e) {
    e.preventDefault();
    var names = Array.prototype.map.call(document.querySelectorAll('#seats input'), function (i) { return i.value.trim(); });
    var body, url;
    if (mode() === 'play') {
      url = '/api/games';
      body = { variant: q('#variant').value.trim(), seats: names };
      if (q('#seed').value.trim()) body.seed = q('#seed').value.trim();
    } else {
      url = '/api/records';
      body = { variant: q('#variant').value.trim(), players: names };
    }
    call('POST', url, JSON.stringify(body), function (s) {
      open(mode() === 'play' ? 'games' : 'records', s.id, s);
    }, function (m) { q('#setup-error').textContent = m; });
  };
  q('#new-game').onclick = function () {
    clearTimeout(T.timer);
    clearTimeout(T.poll);
    T.id = null;
    location.hash = '';
    q('#table').hidden = true;
    q('#setup').hidden = false;
    q('#download').disabled = true;
    underWay();
  };
  // The games under way: each to go back to, or to end.
  function underWay() {
    call('GET', '/api/games', null, function (list) {
      var ul = q('#games-list');
      ul.innerHTML = '';
      q('#idle-minutes').textContent = Math.round(list.idle_seconds / 60);
      q('#under-way').hidden = !list.games.length;
      list.games.forEach(function (g) {
        var li = make('li', { 'data-id': g.id });
        var a = make('a', { href: '#' + g.kind + '/' + g.id }, TableLib.underWay(g));
        var end = make('button', { type: 'button', class: 'end-game' }, 'End');
        end.onclick = function () {
          call('POST', '/api/' + g.kind + '/' + g.id + '/end', '{}', underWay,
            function (m) { q('#setup-error').textContent = m; });
        };
        li.append(a, ' ', end);
        ul.append(li);
      });
    }, function () {});
  }

  // ---- requests ----
  function call(method, url, body, ok, bad) {
    var r = new XMLHttpRequest();
    r.open(method, url);
    // The server carries out a request that changes anything only when it says it is JSON.
    if (method !== 'GET') r.setRequestHeader('Content-Type', 'application/json');
    r.onload = function () {
      var a = TableLib.answer(r.status, r.getResponseHeader('Content-Type'), r.responseText);
      if (a.ok) ok(a.data);
      else (bad || say)(a.error, r.status, a.data);
    };
    r.onerror = function () { (bad || say)('the server does not answer: is `hunters serve` still running?', 0); };
    r.send(method === 'GET' ? null : body || '{}');
  }
  function say(m) { q('#error').textContent = m; T.busy = false; }
  function open(kind, id, state) {
    T.kind = kind; T.id = id;
    history.replaceState(null, '', '#' + kind + '/' + id);
    q('#setup').hidden = true;
    q('#table').hidden = false;
    q('#download').disabled = false;
    q('#events').innerHTML = '';
    // Another game starts afresh: no message of the last one, its bots at the usual pace,
    // the box unfiltered.
    q('#note').textContent = '';
    q('#error').textContent = '';
    q('#setup-error').textContent = '';
    q('#speed').value = SPEED;
    clearFilters();
    V.fit = true;
    show(state);
  }
  function api(rest) { return '/api/' + T.kind + '/' + T.id + rest; }
  // Every change names the version of the state it was chosen in, so that a click on a page
  // out of date is refused rather than taken for another move.
  function at() { return JSON.stringify({ version: T.state.version }); }
  // `why`, when given, words a refusal (422) for what the page showed.
  function send(method, rest, body, done, why) {
    if (T.busy) return;
    T.busy = true;
    T.seq++;
    q('#error').textContent = '';
    call(method, api(rest), body, function (s) { T.busy = false; if (done) done(s); show(s); },
      function (m, status, data) {
        T.busy = false;
        // The game is not what this page shows (another tab moved it, or its bot thinks
        // already): nothing was done, and the page shows the game as it now is.
        if (status === 409) refresh(data && data.version !== undefined ? MOVED_ON : m);
        else say(why && status === 422 ? why(m) : m);
      });
  }
  // A person's entry, sent with the version of the state it was chosen in.
  function tell(rest, body, why) {
    body.version = T.state.version;
    q('#note').textContent = '';
    send('POST', rest, JSON.stringify(body), function () {
      // A tile drawn: the next draw is looked for afresh.
      if (body.draw) clearFilters();
    }, why);
  }
  // A move as a log writes it: what the person saw, not a place in a list that another
  // state orders otherwise.
  function move(text, why) {
    if (T.kind === 'games') tell('/move', { entry: text }, why);
    else tell('/entry', { move: text }, why);
  }
  // The game as the server has it now, shown with `note`.
  function refresh(note) {
    var id = T.id, seen = ++T.seq;
    clearTimeout(T.timer);
    call('GET', api(''), null, function (s) {
      if (T.id !== id || T.seq !== seen) return;
      // The list of moves is read again: moves made elsewhere, or taken back, are in it.
      q('#events').innerHTML = '';
      show(s);
      q('#note').textContent = note;
    }, function (m) { say(m); poll(); });
  }
  // Whether the game moved on elsewhere: asked every two seconds while a game is shown and
  // the page is in view (a small GET), and at once when it comes back into view. A hidden
  // page does not ask.
  function poll() {
    clearTimeout(T.poll);
    if (T.id && !document.hidden) T.poll = setTimeout(look, POLL_MS);
  }
  function look() {
    clearTimeout(T.poll);
    if (!T.id || document.hidden) return;
    if (T.busy) { poll(); return; }
    var id = T.id, seen = T.seq;
    call('GET', api('/version'), null, function (v) {
      // An answer overtaken by a request of this page's own says nothing of what it shows.
      if (T.id !== id || T.seq !== seen || T.busy) { poll(); return; }
      if (v.version !== T.state.version) refresh(MOVED_ON);
      else poll();
    }, function (m, status) {
      if (T.id !== id) return;
      q('#error').textContent = m;
      // An ended game stays ended; a server that does not answer may come back.
      if (status !== 404) poll();
    });
  }
  document.addEventListener('visibilitychange', look);
  window.addEventListener('focus', look);

  // ---- the state ----
  function person() { var s = T.state; return !!(s.turn && s.turn.person); }
  function offers() { return person() ? T.state.view.offers : []; }
  function laid() { return TableLib.laid(offers()); }
  function show(s) {
    T.state = s;
    if (s.played) logMove(s.played);
    listed(s);
    // A new decision starts afresh; an answer that changed nothing (a refusal) keeps it.
    T.square = null; T.turn = 0; T.recall = null; T.place = null;
    var tiles = tilesOffered();
    if (tiles.indexOf(T.tile) < 0) T.tile = tiles[0] || null;
    T.recall = TableLib.firstRecall(recallsOffered());
    q('#title').textContent = TableLib.title(s, T.kind);
    q('#undo').disabled = !s.can_undo;
    scores();
    draw();
    panel();
    ending();
    schedule();
    poll();
    // For whoever drives the page: how many answers it has shown, what it waits for, and the
    // version of the game it shows.
    document.body.dataset.shown = +(document.body.dataset.shown || 0) + 1;
    document.body.dataset.waits = TableLib.waits(s, person());
    document.body.dataset.version = s.version;
  }
  function tilesOffered() { return TableLib.tilesOffered(laid(), T.state.turn); }
  function recallsOffered() { return TableLib.recallsOffered(laid(), T.tile); }
  // The moves that lay the chosen tile with the chosen recall.
  function candidates() { return TableLib.candidates(laid(), T.tile, T.recall); }
  function rotationsAt(x, y) { return TableLib.rotationsAt(candidates(), x, y); }
  function chosen() { return TableLib.chosen(candidates(), T.square, T.turn); }
  function who(p) { return TableLib.who(T.state.players, T.kind, p); }

  // ---- the board ----
  function draw() {
    var v = T.state.view.board, b = q('#board-svg'), S = v.square, M = v.margin;
    b.innerHTML = v.svg;
    lookAt();
    var corner = function (x, y) { return [M + (x - v.x0) * S, M + (y - v.y0) * S]; };
    var taken = {};
    T.state.board.forEach(function (t) { taken[t.x + ',' + t.y] = true; });
    var last = T.state.board[T.state.board.length - 1];
    if (T.state.board.length > 1) {
      var c = corner(last.x, last.y);
      b.append(svg('rect', { class: 'last', x: c[0] + 2, y: c[1] + 2, width: S - 4, height: S - 4 }));
    }
    var cols = Math.round((v.width - 2 * M) / S), rows = Math.round((v.height - 2 * M) / S);
    var fits = {};
    candidates().forEach(function (o) { fits[o.x + ',' + o.y] = true; });
    var hand = person() && T.tile;
    for (var i = 0; i < cols; i++) for (var j = 0; j < rows; j++) {
      var x = v.x0 + i, y = v.y0 + j, key = x + ',' + y;
      if (taken[key] || !hand) continue;
      var top = corner(x, y);
      var r = svg('rect', { class: fits[key] ? 'spot' : 'empty', x: top[0] + 1, y: top[1] + 1, width: S - 2, height: S - 2, 'data-square': key });
      if (fits[key]) r.append(svg('title'));
      if (fits[key]) r.firstChild.textContent = 'tile ' + T.tile + ' fits at ' + key;
      r.addEventListener('click', clickSquare.bind(null, x, y, !!fits[key]));
      b.append(r);
    }
    // Pieces the shaman may take back: clicked on the board until a square is chosen, so
    // that they never lie under a place for the piece to lay (the buttons stay).
    var recalls = T.square ? [] : recallsOffered();
    Array.prototype.forEach.call(b.querySelectorAll('[data-piece]'), function (g) {
      var piece = +g.getAttribute('data-piece');
      if (recalls.indexOf(piece) < 0) return;
      g.classList.add('recallable');
      if (T.recall === piece) g.classList.add('recall-chosen');
      g.addEventListener('click', function () { T.recall = T.recall === piece ? null : piece; T.square = null; draw(); panel(); });
    });
    var pick = chosen();
    if (pick.length) {
      var c2 = corner(T.square[0], T.square[1]);
      var g = svg('g', { class: 'preview', transform: 'translate(' + c2[0] + ',' + c2[1] + ')' });
      g.innerHTML = picture(T.tile, pick[0].rotation);
      g.addEventListener('click', function () { clickSquare(T.square[0], T.square[1], true); });
      b.append(g);
      b.append(svg('rect', { class: 'chosen', x: c2[0], y: c2[1], width: S, height: S }));
      places(b, pick, c2);
    }
  }
  // ---- the board's view: zoom and pan ----
  // The view is the point of the board at the middle of the window, in squares (so that it
  // stays put when the board grows to the west or north), and a scale in pixels per unit of
  // the picture. Until the person zooms or moves the board, the view fits the whole board
  // and follows it as it grows.
  var V = { fit: true, cx: 0, cy: 0, k: 1 };
  function viewport() { var e = q('#board'); return [e.clientWidth, e.clientHeight]; }
  function setView(view) { V.fit = view.fit; V.cx = view.cx; V.cy = view.cy; V.k = view.k; }
  // Sets the picture's viewBox to the view: the board's centre at the window's whenever the
  // view fits the board.
  function lookAt() {
    if (!T.state) return;
    var w = viewport();
    if (!w[0] || !w[1]) return;
    var l = TableLib.look(V, T.state.view.board, w);
    setView(l.view);
    q('#board-svg').setAttribute('viewBox', l.box.join(' '));
    q('#zoom-in').disabled = l.inmost;
    q('#zoom-out').disabled = l.outmost;
    // For whoever drives the page: the scale, in pixels per unit.
    q('#board').dataset.scale = V.k.toFixed(3);
  }
  function zoom(f, px, py) {
    if (!T.state) return;
    setView(TableLib.zoomed(V, T.state.view.board, viewport(), f, px, py));
    lookAt();
  }
  // Moves the board by (dx, dy) pixels.
  function pan(dx, dy) {
    setView(TableLib.panned(V, T.state.view.board, dx, dy));
    lookAt();
  }
  function fitView() { V.fit = true; lookAt(); }
  q('#zoom-in').onclick = function () { zoom(1.5); };
  q('#zoom-out').onclick = function () { zoom(1 / 1.5); };
  q('#zoom-fit').onclick = fitView;
  (function () {
    var area = q('#board'), down = {}, drag = null, pinch = null, moved = false;
    var spread = function () {
      var p = Object.keys(down).map(function (k) { return down[k]; });
      return TableLib.spread(p[0], p[1]);
    };
    area.addEventListener('pointerdown', function (e) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      down[e.pointerId] = [e.clientX, e.clientY];
      var n = Object.keys(down).length;
      if (n === 1) { drag = { x: e.clientX, y: e.clientY, on: false }; moved = false; }
      if (n === 2) { pinch = spread(); drag = null; moved = true; }
    });
    area.addEventListener('pointermove', function (e) {
      var last = down[e.pointerId];
      if (!last) return;
      down[e.pointerId] = [e.clientX, e.clientY];
      if (pinch && Object.keys(down).length === 2) {
        var now = spread(), r = area.getBoundingClientRect();
        if (pinch[0] > 0) zoom(now[0] / pinch[0], now[1] - r.left, now[2] - r.top);
        pinch = now;
        return;
      }
      if (!drag) return;
      // A few pixels of trembling are still a click (a tap on a phone moves a little).
      if (!drag.on) {
        if (!TableLib.dragged([drag.x, drag.y], [e.clientX, e.clientY])) return;
        drag.on = true; moved = true;
        area.classList.add('panning');
        last = [drag.x, drag.y];
        try { area.setPointerCapture(e.pointerId); } catch (err) { /* a pointer already gone */ }
      }
      pan(e.clientX - last[0], e.clientY - last[1]);
    });
    var up = function (e) {
      delete down[e.pointerId];
      if (Object.keys(down).length < 2) pinch = null;
      if (!Object.keys(down).length) { drag = null; area.classList.remove('panning'); }
    };
    area.addEventListener('pointerup', up);
    area.addEventListener('pointercancel', up);
    // The click that ends a drag or a pinch moved the board; it does not lay a tile.
    area.addEventListener('click', function (e) {
      if (moved) { e.stopPropagation(); e.preventDefault(); moved = false; }
    }, true);
    area.addEventListener('wheel', function (e) {
      e.preventDefault();
      var r = area.getBoundingClientRect();
      zoom(TableLib.wheelFactor(e.deltaY, e.deltaMode), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    window.addEventListener('resize', lookAt);
  })();
  function picture(id, rotation) { return T.state.view.pictures[id][rotation / 90]; }
  // One circle for each place on the tile where a piece may stand now (a zone, or a Scout
  // tile's spot), however many pieces may stand there: a click chooses the place, outlines
  // it on the tile and lists the pieces that may stand there. The server lays the circles
  // out so that no two overlap on any tile in any turn.
  function places(parent, pick, origin) {
    var player = T.state.turn.player - 1, R = T.state.view.target_radius;
    var spots = T.state.view.targets[T.tile][pick[0].rotation / 90], by = TableLib.byPlace(pick);
    if (T.place !== null && by[T.place]) {
      var line = svg('g', { class: 'outline', transform: 'translate(' + origin[0] + ',' + origin[1] + ')' });
      line.innerHTML = spots[T.place].outline;
      parent.append(line);
    }
    Object.keys(by).forEach(function (k) {
      var t = spots[k], os = by[k];
      var g = svg('g', { class: 'target' + (T.place === +k ? ' picked' : ''), 'data-target': k,
                         transform: 'translate(' + (origin[0] + t.x) + ',' + (origin[1] + t.y) + ')' });
      var title = svg('title');
      title.textContent = t.words + ': ' + os.map(function (o) { return o.piece.name; }).join(' or ');
      g.append(title, svg('circle', { r: R }));
      if (os.length === 1) {
        var p = svg('g', { transform: 'scale(.45)' });
        p.innerHTML = T.state.view.pieces[player][os[0].piece.name];
        g.append(p);
      } else {
        var n = svg('text', { y: 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold' });
        n.textContent = os.length;
        g.append(n);
      }
      g.addEventListener('click', function (e) {
        e.stopPropagation();
        T.place = T.place === +k ? null : +k;
        draw(); panel();
      });
      parent.append(g);
    });
  }
  function clickSquare(x, y, fits) {
    q('#error').textContent = '';
    if (!fits) {
      // Not a square the tile fits in any turn: the server says why for the turn shown, in
      // the terminal's words.
      var shown = chosen(), rot = shown.length ? shown[0].rotation : 0;
      move(x + ',' + y + ' r' + rot, function (m) {
        return 'Tile ' + T.tile + ' fits at ' + x + ',' + y + ' in no turn. Turned ' + rot +
          '°, as shown: ' + m;
      });
      return;
    }
    if (T.square && T.square[0] === x && T.square[1] === y) T.turn++;
    else { T.square = [x, y]; T.turn = 0; }
    T.place = null;
    draw(); panel();
  }
  function turnTile() {
    if (!T.square) return;
    T.turn++;
    T.place = null;
    draw(); panel();
  }

  // ---- the panel ----
  function panel() {
    var s = T.state, need = s.need;
    q('#prompt').textContent = prompt();
    var hand = q('#hand'), choices = q('#choices'), recalls = q('#recalls'), held = q('#tiles-held');
    choices.innerHTML = ''; recalls.innerHTML = ''; held.innerHTML = ''; q('#deal').innerHTML = '';
    var showHand = person() && !!T.tile;
    hand.hidden = !showHand;
    if (showHand) {
      var pick = chosen(), rot = pick.length ? pick[0].rotation : 0;
      var t = q('#hand-tile');
      t.innerHTML = '<rect x="-6" y="-6" width="76" height="76" fill="#fff"/>' + picture(T.tile, rot);
      // For whoever drives the page: the tile and turn shown.
      t.setAttribute('data-tile', T.tile);
      t.setAttribute('data-rotation', rot);
      if (pick.length) places(t, pick, [0, 0]);
      q('#hand-name').textContent = 'Tile ' + T.tile + (pick.length ? ' at ' + T.square.join(',') + ', turned ' + rot + '°' : '');
      q('#turn').disabled = !T.square || rotationsAt(T.square[0], T.square[1]).length < 2;
      if (pick.length) {
        // Every choice, or once a place is chosen, the pieces that may stand there.
        pick.forEach(function (o) {
          if (o.piece && T.place !== null && o.piece.target !== T.place) return;
          var b = make('button', { type: 'button', 'data-n': o.n, class: o.piece ? 'piece' : 'no-piece' },
            o.piece ? o.piece.words : 'No piece');
          if (o.piece) {
            b.setAttribute('data-target', o.piece.target);
            b.title = o.text;
          }
          b.onclick = function () { move(o.text); };
          choices.append(b);
        });
        if (T.place !== null) {
          var every = make('button', { type: 'button', class: 'every-place' }, 'Every place…');
          every.onclick = function () { T.place = null; draw(); panel(); };
          choices.append(every);
        }
      }
    }
    var tiles = tilesOffered();
    if (person() && tiles.length > 1 || laid().some(function (o) { return o.kind === 'special'; })) {
      tiles.forEach(function (id) {
        var name = (T.state.view.names || {})[id];
        var b = make('button', { type: 'button', 'aria-pressed': String(id === T.tile), 'data-tile': id },
          'Lay ' + id + (name ? ' (' + name + ')' : ''));
        b.onclick = function () { T.tile = id; T.square = null; T.recall = null; draw(); panel(); };
        held.append(b);
      });
    }
    var rs = recallsOffered();
    if (person() && rs.length > 1 || rs.length === 1 && rs[0] !== null) {
      rs.forEach(function (r) {
        var o = laid().filter(function (m) { return (m.recall ? m.recall.index : null) === r; })[0];
        var b = make('button', { type: 'button', 'aria-pressed': String(r === T.recall) },
          r === null ? 'Shaman: take back nothing' : 'Shaman: take back the ' + o.recall.piece + ' at ' + o.recall.at);
        b.onclick = function () { T.recall = r; T.square = null; draw(); panel(); };
        recalls.append(b);
      });
    }
    offers().forEach(function (o) {
      if (o.kind === 'refuse' || (o.kind === 'draw' && T.kind === 'games')) {
        var b = make('button', { type: 'button', 'data-n': o.n, class: o.kind },
          o.kind === 'refuse' ? 'Refuse this tile (Scout): it goes under its stack' : 'Draw a tile instead');
        b.onclick = function () { move(o.text); };
        choices.append(b);
      }
    });
    if (need && need.kind === 'deal') {
      need.specials.forEach(function (sp) {
        var tile = (need.tiles || []).filter(function (d) { return d.id === sp; })[0];
        var b = make('button', { type: 'button', 'data-special': sp, class: 'special' });
        if (tile) {
          b.innerHTML = '<svg viewBox="0 0 64 64" aria-hidden="true">' + tile.picture + '</svg>';
          b.append(make('span', {}, sp + ' ' + (tile.name || '')));
          b.title = tile.describe;
        } else b.textContent = sp === 'shaman' ? 'the Shaman card' : 'special tile ' + sp;
        b.onclick = function () { tell('/entry', { deal: sp }); };
        q('#deal').append(b);
      });
    }
    box();
    var bots = T.kind === 'games' && s.turn && !s.turn.person && !s.thinking;
    q('#bots-bar').hidden = T.kind !== 'games';
    q('#bot-step').hidden = !(bots && q('#speed').value === 'step');
  }
  function prompt() { return TableLib.prompt(T.state, q('#speed').value, who); }
  function scores() {
    var body = q('#scores tbody');
    body.innerHTML = '';
    T.state.players.forEach(function (p, i) {
      var tr = make('tr');
      if (TableLib.toMove(T.state, p.player)) tr.className = 'to-move';
      var name = make('td'), sw = make('span', { class: 'swatch' });
      sw.style.background = COLOURS[i];
      name.append(sw, T.kind === 'records' ? p.who : p.player + ' ' + p.who);
      var sup = make('div', { class: 'supply' }, TableLib.supply(p));
      name.append(sup);
      tr.append(name);
      ['rivers', 'forests', 'huts', 'meadows', 'specials'].forEach(function (c) { tr.append(make('td', {}, p.points[c])); });
      tr.append(make('td', { class: 'total' }, p.points.total));
      body.append(tr);
    });
  }
  function ending() {
    var s = T.state;
    q('#end').hidden = !s.over;
    if (!s.over) return;
    q('#winners').textContent = TableLib.winners(s.winners || [], who);
    var list = q('#final');
    list.innerHTML = '';
    (s.final_scoring || []).forEach(function (line) { list.append(make('li', {}, line)); });
    if (!(s.final_scoring || []).length) list.append(make('li', {}, 'Nothing was left to score.'));
  }
  // One entry of the list of moves for each move (or each entry of a recording), the
  // newest first; one that did nothing to tell is kept, hidden, so that the list counts
  // them all.
  function logMove(played) {
    var li = make('li');
    if (played.move) {
      li.append(make('strong', {}, who(played.player)), ' ', make('code', {}, played.move));
    }
    var ul = make('ul');
    played.events.forEach(function (e) { ul.append(make('li', {}, e)); });
    if (played.events.length) li.append(ul);
    li.hidden = !li.childNodes.length;
    q('#events').prepend(li);
  }
  // The list of moves as long as the game's `history`: an undo shortens it; a reload, a
  // game resumed from a log or moves made in another tab read it from the server.
  function listed(s) {
    var list = q('#events'), id = T.id;
    while (list.children.length > s.history) list.firstElementChild.remove();
    if (list.children.length === s.history) return;
    call('GET', api('/history'), null, function (h) {
      if (T.id !== id || T.state.history !== h.history.length) return;
      list.innerHTML = '';
      h.history.forEach(logMove);
    }, function () {});
  }

  // ---- the tiles still in the box (recording) ----
  function box() {
    var s = T.state, items = s.box || [], el = q('#box');
    el.hidden = !items.length;
    if (!items.length) return;
    var cf = q('#content-filter');
    cf.innerHTML = '';
    TableLib.contentWords(items).forEach(function (w) {
      var b = make('button', { type: 'button', 'data-word': w, 'aria-pressed': String(!!contents[w]) }, w);
      b.onclick = function () { contents[w] = !contents[w]; box(); };
      cf.append(b);
    });
    Array.prototype.forEach.call(document.querySelectorAll('#side-filter .side'), function (r) {
      r.setAttribute('data-want', want[+r.getAttribute('data-side')]);
    });
    var g = q('#gallery');
    g.innerHTML = '';
    items.filter(matches).forEach(function (t) {
      var b = make('button', { type: 'button', 'data-tile': t.id, title: t.describe });
      b.innerHTML = '<svg viewBox="0 0 64 64">' + t.picture + '</svg>';
      b.append(make('span', {}, t.id + ' ×' + t.left));
      b.onclick = function () { tell('/entry', { draw: t.id }); };
      g.append(b);
    });
    if (!g.childNodes.length) g.append(make('p', { class: 'hint' }, 'No tile left in the box matches; click "Show all".'));
  }
  function matches(t) { return TableLib.matches(t, want, contents); }
  Array.prototype.forEach.call(document.querySelectorAll('#side-filter .side'), function (r) {
    r.addEventListener('click', function () {
      var d = +r.getAttribute('data-side');
      want[d] = TableLib.nextSide(want[d]);
      box();
    });
  });
  function clearFilters() { want = ['', '', '', '']; contents = {}; }
  q('#clear-filter').onclick = function () { clearFilters(); box(); };

  // ---- bots ----
  function schedule() {
    clearTimeout(T.timer);
    var speed = q('#speed').value;
    // A bot that thinks already (asked by another tab) is waited for: the page sees its move
    // land when it asks whether the game moved on.
    if (!TableLib.botDue(T.kind, T.state, speed)) return;
    T.timer = setTimeout(function () { send('POST', '/bot', at()); }, +speed);
  }
  q('#speed').onchange = function () { panel(); schedule(); };
  q('#bot-step').onclick = function () { send('POST', '/bot', at()); };
  q('#undo').onclick = function () {
    clearTimeout(T.timer);
    q('#note').textContent = '';
    send('POST', '/undo', at());
  };
  q('#turn').onclick = turnTile;
  q('#hand-tile').addEventListener('click', function (e) { if (e.target.closest('.target')) return; turnTile(); });
  document.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'INPUT' || e.altKey || e.ctrlKey || e.metaKey || !T.id) return;
    if (e.key === 'r' || e.key === 'R' || e.key === ' ') { e.preventDefault(); turnTile(); }
    if (e.key === 'Escape') { T.square = null; T.place = null; draw(); panel(); }
    if (e.key === '+' || e.key === '=') zoom(1.5);
    if (e.key === '-') zoom(1 / 1.5);
    if (e.key === '0') fitView();
  });

  // ---- logs ----
  q('#download').onclick = function () {
    call('GET', api('/log'), null, function (text) {
      var a = make('a', { download: TableLib.logName(T.state.variant, T.state.seed) });
      a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      document.body.append(a);
      a.click();
      a.remove();
    });
  };
  q('#upload').onchange = function () {
    var f = this.files[0];
    if (!f) return;
    var reader = new FileReader();
    reader.onload = function () {
      var text = String(reader.result);
      var kind = TableLib.logKind(text);
      call('POST', '/api/' + kind + '/resume', JSON.stringify({ log: text }), function (s) { open(kind, s.id, s); },
        function (m) {
          if (T.id) say(m); else q('#setup-error').textContent = m;
        });
    };
    reader.readAsText(f);
    this.value = '';
  };

  // The address names the game shown (#games/ID or #records/ID): a reload, or another
  // address, shows that game again.
  function fromAddress() {
    var m = TableLib.address(location.hash);
    if (!m || m.id === T.id) return;
    clearTimeout(T.timer);
    call('GET', '/api/' + m.kind + '/' + m.id, null, function (s) { open(m.kind, m.id, s); },
      function (e) { q('#setup-error').textContent = e; });
  }
  window.addEventListener('hashchange', fromAddress);
  showMode();
  fromAddress();
  underWay();
})();
