//! The page of the table: one self-contained document (its style and script inline, nothing
//! loaded from elsewhere) that speaks the JSON API of [`super::api`]. The server draws the
//! board and the tiles with the code that draws them for `render` and the viewer; the page
//! only places those pictures, marks where the drawn tile fits and where a piece may stand,
//! and sends the move the person clicked as a log writes it, with the version of the state
//! it was clicked in: a page out of date (another tab moved the game) is refused and shows the
//! game as it now is. While a game is shown and in view, the page asks every two seconds
//! whether it moved on.

use hunters::render::{BADGES, GROUNDS, PLAYER, PLAYER_COLOURS, SYMBOLS, piece_picture};
use hunters::tile::Piece;
use hunters::variant::BUILTIN;

/// Bots the page suggests for a seat (any built-in bot may be typed).
const BOTS: [&str; 7] = [
    "greedy", "random", "mcts:100", "mcts:300", "mcts", "mcts-v1", "mcts-v2",
];

pub fn html() -> String {
    let options = |items: Vec<&str>| -> String {
        items
            .iter()
            .map(|v| format!(r#"<option value="{v}">"#))
            .collect()
    };
    let variants = options(BUILTIN.iter().map(|(n, _)| *n).collect());
    let bots = options(std::iter::once("human").chain(BOTS).collect());
    let colours: Vec<String> = PLAYER.iter().map(|c| format!("'{c}'")).collect();
    // The small fills first, the style and the script last, so that nothing in those two
    // is ever taken for a placeholder.
    PAGE.replace("{variants}", &variants)
        .replace("{bots}", &bots)
        .replace("{key}", &key())
        .replace("{colours}", &format!("[{}]", colours.join(",")))
        .replace("{colour_names}", &PLAYER_COLOURS.join(", "))
        .replace("{style}", STYLE)
        .replace("{script}", SCRIPT)
}

/// The key to the board: every colour, letter, disc and piece a tile shows, with the marks
/// the page adds, each with a small picture and what it means. The letters come from the
/// list the pictures are drawn from, so that none is left out.
fn key() -> String {
    let sample = |shapes: String, meaning: &str| {
        format!(
            r#"<li title="{meaning}"><svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">{shapes}</svg> {meaning}</li>"#
        )
    };
    let mut items: Vec<String> = GROUNDS
        .iter()
        .map(|(fill, meaning)| {
            sample(
                format!(
                    r##"<rect x="2" y="4" width="20" height="16" fill="{fill}" stroke="#555"/>"##
                ),
                meaning,
            )
        })
        .collect();
    items.push(sample(
        r##"<circle cx="12" cy="12" r="5" fill="#9fd3ff" stroke="#154f8a" stroke-width="1.5"/>"##
            .to_string(),
        "spring: where a river starts",
    ));
    for (mark, meaning) in SYMBOLS {
        items.push(format!(
            r#"<li title="{meaning}"><b class="mark">{mark}</b> {meaning}</li>"#
        ));
    }
    items.push(
        r#"<li title="a number counts what follows"><b class="mark">2f</b> a number counts what follows: two fish</li>"#
            .to_string(),
    );
    for (mark, fill, meaning) in BADGES {
        items.push(sample(
            format!(
                r##"<circle cx="12" cy="12" r="9" fill="{fill}"/><text x="12" y="16.5" font-size="12" font-weight="bold" text-anchor="middle" fill="#fff">{mark}</text>"##
            ),
            meaning,
        ));
    }
    for (piece, meaning) in [
        (Piece::Gatherer, "gatherer (standing, in a forest)"),
        (Piece::Fisher, "fisher (standing, on a river or lake)"),
        (Piece::Hunter, "hunter (lying, in a meadow)"),
        (Piece::Hut, "hut (on a river or lake)"),
    ] {
        items.push(sample(piece_picture(piece, 0, 12.0, 12.0), meaning));
    }
    for (shapes, meaning) in [
        (
            r##"<rect x="2" y="2" width="20" height="20" fill="#ffd54a" fill-opacity=".45" stroke="#c77800" stroke-width="2"/>"##,
            "a square where the tile fits",
        ),
        (
            r##"<rect x="2" y="2" width="20" height="20" fill="none" stroke="#ff7a00" stroke-width="3"/>"##,
            "the square chosen for the tile",
        ),
        (
            r##"<circle cx="12" cy="12" r="8" fill="#fff" stroke="#111" stroke-width="1.5"/><text x="12" y="16" font-size="11" font-weight="bold" text-anchor="middle">2</text>"##,
            "a place for a piece (how many may stand there): click it, then choose the piece",
        ),
        (
            r##"<path d="M2,2 L22,2" stroke="#ff7a00" stroke-width="3.5" stroke-linecap="round"/><circle cx="12" cy="13" r="8" fill="none" stroke="#ff7a00" stroke-width="3"/>"##,
            "the place chosen: the edges its zone reaches",
        ),
        (
            r##"<rect x="2" y="2" width="20" height="20" fill="none" stroke="#1f5fd6" stroke-width="2.5" stroke-dasharray="5 2"/>"##,
            "the tile laid last",
        ),
        (
            r##"<rect x="3" y="7" width="18" height="10" rx="4" fill="#ddd" stroke="#ff7a00" stroke-width="4"/>"##,
            "a meeple the shaman may take back: click it",
        ),
    ] {
        items.push(sample(shapes.to_string(), meaning));
    }
    items.concat()
}

const PAGE: &str = r###"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hunters &amp; Gatherers — table</title>
<link rel="icon" href="data:,">
<style>{style}</style></head>
<body>
<header><h1>Carcassonne: Hunters &amp; Gatherers</h1><span id="title"></span>
<nav><button id="new-game" type="button">New game</button>
<button id="download" type="button" disabled>Download log</button>
<label class="file">Resume from a log… <input id="upload" type="file" accept=".log,.txt,text/plain"></label></nav></header>
<p id="script-error" hidden></p>
<form id="setup" autocomplete="off">
<h2>A new game</h2>
<fieldset><legend>What</legend>
<label><input type="radio" name="mode" value="play" checked> Play against bots, or pass and play</label>
<label><input type="radio" name="mode" value="record"> Record a game played at a real table</label>
</fieldset>
<label>Variant <input id="variant" list="variants" value="2020" size="28"
 title="a built-in variant, or NAME@key=value,… (see hunters variants --options)"></label>
<datalist id="variants">{variants}</datalist>
<datalist id="bots">{bots}</datalist>
<label>Players <select id="players"><option>2</option><option>3</option><option>4</option><option>5</option></select></label>
<ol id="seats"></ol>
<p class="hint play-only">Each seat is <code>human</code> (a person at this screen; several take turns) or a bot: greedy, random, mcts:N, mcts, mcts-v1, mcts-v2 (a bot may forgo a strategy: mcts/no-meadows). Seats play in the colours {colour_names}.</p>
<p class="hint record-only">The players' names, in the order they sit; the first lays the first tile.</p>
<label class="play-only">Seed <input id="seed" inputmode="numeric" placeholder="random" size="22"></label>
<p><button id="start" type="submit">Start</button></p>
<p id="setup-error" class="error" role="alert"></p>
<div id="under-way" hidden><h2>Games under way</h2><ul id="games-list"></ul>
<p class="hint">A game nobody has used for <span id="idle-minutes"></span> minutes is ended.</p></div>
</form>
<main id="table" hidden>
<section id="board-area">
<div id="board-tools" role="toolbar" aria-label="The board's view">
<button id="zoom-out" type="button" title="Zoom out (−)" aria-label="Zoom out">−</button>
<button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in">+</button>
<button id="zoom-fit" type="button" title="The whole board (0)">Fit</button>
<span class="hint">Drag to move the board; the wheel or two fingers zoom.</span></div>
<div id="board"><svg id="board-svg" font-family="sans-serif" role="img" aria-label="The board"></svg></div>
</section>
<aside>
<p id="prompt"></p>
<p id="error" class="error" role="alert"></p>
<p id="note" class="note" role="status"></p>
<div id="hand" hidden>
<svg id="hand-tile" viewBox="-6 -6 76 76" role="img" aria-label="The tile to lay"></svg>
<div><p id="hand-name"></p>
<p class="hint">Click a marked square to lay it; click it again (or press R) to turn it through the turns that fit. Each circle is a place for a piece: click one to see what may stand there, then choose below, or lay the tile with no piece.</p>
<button id="turn" type="button">Turn (R)</button></div>
</div>
<div id="tiles-held"></div>
<div id="recalls"></div>
<div id="choices"></div>
<div id="deal"></div>
<div id="box" hidden>
<div class="filters"><svg id="side-filter" viewBox="0 0 60 60" width="60" height="60" role="group" aria-label="Sides: click a side to ask for forest, meadow or river">
<rect x="15" y="15" width="30" height="30" fill="#eee" stroke="#999"/>
<rect class="side" data-side="0" x="15" y="2" width="30" height="12"/>
<rect class="side" data-side="1" x="46" y="15" width="12" height="30"/>
<rect class="side" data-side="2" x="15" y="46" width="30" height="12"/>
<rect class="side" data-side="3" x="2" y="15" width="12" height="30"/>
</svg>
<div><p class="hint">Find the tile drawn: click a side of the small square for forest, meadow or river (at any turn), or what the tile holds.</p><div id="content-filter"></div>
<button id="clear-filter" type="button">Show all</button></div></div>
<div id="gallery"></div>
</div>
<div id="bots-bar"><label>Bots move <select id="speed">
<option value="0">at once</option><option value="600" selected>after 0.6 s</option><option value="1500">after 1.5 s</option><option value="step">when I click</option></select></label>
<button id="bot-step" type="button" hidden>Next bot move</button></div>
<p><button id="undo" type="button" disabled>Undo</button></p>
<h3>Scores</h3>
<table id="scores"><thead><tr><th>player</th><th title="rivers">riv</th><th title="forests">for</th><th title="huts">hut</th><th title="meadows">mea</th><th title="specials">spe</th><th>total</th></tr></thead><tbody></tbody></table>
<div id="end" hidden><h3>Final scoring</h3><p id="winners"></p><ol id="final"></ol></div>
<h3>Moves</h3>
<ol id="events" reversed></ol>
<details id="key"><summary>Key: what the board shows</summary><ul>{key}</ul>
<p class="hint">A pointer resting on a tile's letters, a piece or a circle names it too.</p></details>
</aside>
</main>
<script>
var COLOURS = {colours};
{script}
</script>
</body></html>
"###;

const STYLE: &str = r###"
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { margin: 0; height: 100%; }
body { font: 15px/1.4 system-ui, sans-serif; color: #222; background: #f4f1e8;
       display: flex; flex-direction: column; }
header { padding: .4em 1em; background: #2b3a2e; color: #fff; display: flex; gap: 1em;
         align-items: center; flex-wrap: wrap; }
header h1 { font-size: 1.05em; margin: 0; font-weight: 600; }
header nav { margin-left: auto; display: flex; gap: .5em; align-items: center; }
header .file { font-size: .9em; cursor: pointer; }
header .file input { width: 12em; color: #ddd; }
button { font: inherit; padding: .2em .6em; border: 1px solid #999; border-radius: 4px;
         background: #f7f7f7; cursor: pointer; }
button:disabled { opacity: .45; cursor: default; }
#setup { max-width: 46em; margin: 1em auto; background: #fff; padding: 1em 1.5em;
         border: 1px solid #d8d4c6; border-radius: 6px; }
#setup fieldset { border: none; padding: 0; margin: .5em 0; }
#setup label { display: block; margin: .35em 0; }
#seats { padding-left: 1.5em; }
#seats li { margin: .2em 0; }
body.record .play-only, body.play .record-only { display: none; }
main { flex: 1; display: grid; grid-template-columns: minmax(0, 1fr) 440px; min-height: 0; }
#board-area { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
#board-tools { display: flex; gap: .3em; align-items: center; padding: .3em .5em; flex-wrap: wrap; }
#board-tools button { min-width: 2.2em; }
#board-tools .hint { margin-left: .4em; }
/* The board's own gestures (drag, pinch) replace the browser's scrolling and zooming there. */
#board { flex: 1; min-height: 0; position: relative; overflow: hidden; touch-action: none; }
#board-svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; display: block; cursor: grab; }
#board.panning #board-svg { cursor: grabbing; }
aside { background: #fff; border-left: 1px solid #d8d4c6; overflow-y: auto; padding: .6em 1em; }
#prompt { font-weight: 600; font-size: 1.05em; margin: .2em 0 .4em; }
.error { color: #b00020; font-weight: 600; min-height: 0; margin: .2em 0; }
.error:empty { display: none; }
.note { color: #1f4e79; font-weight: 600; margin: .2em 0; }
.note:empty { display: none; }
#hand { display: flex; gap: .8em; align-items: flex-start; }
#hand-tile { width: 150px; height: 150px; flex: none; cursor: pointer; }
#hand-name { margin: 0 0 .3em; font-weight: 600; }
#choices, #recalls, #deal, #tiles-held { display: flex; flex-wrap: wrap; gap: .35em; margin: .4em 0; }
#choices button.piece { border-color: #555; }
#recalls button[aria-pressed="true"], #tiles-held button[aria-pressed="true"] { background: #ffe3b8; border-color: #c77800; }
.hint { color: #666; font-size: .85em; margin: .2em 0; }
h3 { font-size: .95em; margin: 1em 0 .3em; color: #444; border-bottom: 1px solid #e4e4e4; }
table { border-collapse: collapse; width: 100%; font-size: .88em; }
th, td { padding: .15em .25em; text-align: right; border-bottom: 1px solid #eee; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; }
tr.to-move td:first-child { font-weight: 700; }
tr.to-move { background: #fff6e0; }
td.total { font-weight: 700; }
.swatch { display: inline-block; width: .85em; height: .85em; border: 1px solid #333;
          margin-right: .3em; vertical-align: -.05em; }
.supply { color: #666; font-size: .85em; }
#events, #final { padding-left: 1.6em; font-size: .9em; margin: .3em 0; }
#events li { margin: .25em 0; border-bottom: 1px dotted #ddd; }
#events li ul { padding-left: 1em; margin: .1em 0; color: #333; }
#events code { font-size: .9em; background: #f2f2ec; padding: 0 .2em; }
#winners { font-weight: 700; color: #7a5c00; }
.spot { fill: #ffd54a; fill-opacity: .45; stroke: #c77800; stroke-width: 2; cursor: pointer; }
.spot:hover { fill-opacity: .75; }
.empty { fill: #000; fill-opacity: 0; cursor: not-allowed; }
.chosen { fill: none; stroke: #ff7a00; stroke-width: 4; pointer-events: none; }
.last { fill: none; stroke: #1f5fd6; stroke-width: 3; stroke-dasharray: 6 3; pointer-events: none; }
.target { cursor: pointer; }
.target circle { fill: #fff; fill-opacity: .6; stroke: #111; stroke-width: 1.5; }
.target:hover circle { fill: #ffe3b8; fill-opacity: .85; }
.target.picked circle { fill: #fff; fill-opacity: .9; stroke: #ff7a00; stroke-width: 2.5; }
/* The circle is what is clicked and what the tooltip names, not the piece drawn in it. */
.target g, .target text { pointer-events: none; }
.outline * { fill: none; stroke: #ff7a00; stroke-width: 3; stroke-linecap: round; pointer-events: none; }
.recallable { cursor: pointer; }
.recallable > title + * { stroke: #ff7a00 !important; stroke-width: 7 !important; }
.recall-chosen { opacity: .35; }
.filters { display: flex; gap: .6em; align-items: flex-start; }
#side-filter { flex: none; width: 72px; height: 72px; }
#side-filter .side { fill: #fafafa; stroke: #999; cursor: pointer; }
#side-filter .side[data-want="F"] { fill: #2f7d32; }
#side-filter .side[data-want="M"] { fill: #cfe6a3; }
#side-filter .side[data-want="R"] { fill: #3f8fd8; }
#deal button.special { display: flex; flex-direction: column; align-items: center; padding: .2em; font-size: .85em; }
#deal button.special svg { width: 64px; height: 64px; }
#content-filter { display: flex; flex-wrap: wrap; gap: .25em; margin: .3em 0; }
#content-filter button { font-size: .8em; padding: .05em .4em; }
#content-filter button[aria-pressed="true"] { background: #2b3a2e; color: #fff; }
#gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(74px, 1fr)); gap: .4em; margin: .5em 0; }
#gallery button { padding: .15em; display: flex; flex-direction: column; align-items: center; font-size: .8em; }
#gallery svg { width: 64px; height: 64px; }
#key ul { list-style: none; padding: 0; margin: .4em 0; columns: 2 12em; font-size: .85em; }
#key li { display: flex; align-items: center; gap: .4em; margin: .15em 0; break-inside: avoid; }
#key li svg { flex: none; }
#key .mark { display: inline-block; min-width: 24px; padding: 0 .15em; text-align: center;
             background: #cfe6a3; border: 1px solid #999; font-size: .9em; }
#key summary { cursor: pointer; font-weight: 600; color: #444; margin-top: 1em; }
#script-error { background: #b00020; color: #fff; padding: .5em 1em; margin: 0; }
/* A phone: one column, the board the width of the screen, the panel below it; the page
   scrolls as a whole rather than each part in its own box. */
@media (max-width: 760px) {
  html, body { height: auto; }
  body { display: block; }
  header { padding: .3em .6em; gap: .3em .8em; }
  header nav { margin-left: 0; flex-wrap: wrap; }
  header .file input { width: 100%; max-width: 16em; }
  #setup { margin: .5em; padding: .6em .9em; }
  main { display: block; }
  #board { flex: none; height: 62vh; height: 62svh; border-bottom: 1px solid #d8d4c6; }
  aside { border-left: none; overflow: visible; padding: .5em .8em; }
  #hand-tile { width: 120px; height: 120px; }
  #board-tools .hint { display: none; }
  th, td { padding: .15em .2em; }
}
"###;

/// The script: the setup form, the table's requests, and what a click means. Every rule is
/// the server's: the page offers only the moves the state lists, and shows the server's
/// reason for anything else.
const SCRIPT: &str = r###"
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
        var a = make('a', { href: '#' + g.kind + '/' + g.id },
          g.variant + ': ' + (g.seats || []).join(', ') + (g.turn ? ' (seat ' + g.turn + ' to move)' : ''));
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
      var data;
      if ((r.getResponseHeader('Content-Type') || '').indexOf('json') < 0) data = r.responseText;
      else { try { data = JSON.parse(r.responseText); } catch (e) { data = { error: r.responseText }; } }
      if (r.status >= 200 && r.status < 300) ok(data);
      else (bad || say)(data && data.error ? data.error : 'the server answered ' + r.status, r.status, data);
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
  function laid() { return offers().filter(function (o) { return o.kind === 'place' || o.kind === 'special'; }); }
  function show(s) {
    T.state = s;
    if (s.played) logMove(s.played);
    listed(s);
    // A new decision starts afresh; an answer that changed nothing (a refusal) keeps it.
    T.square = null; T.turn = 0; T.recall = null; T.place = null;
    var tiles = tilesOffered();
    if (tiles.indexOf(T.tile) < 0) T.tile = tiles[0] || null;
    var recalls = recallsOffered();
    T.recall = recalls.indexOf(null) >= 0 || !recalls.length ? null : recalls[0];
    q('#title').textContent = (s.variant || '') + (s.seed ? ' · seed ' + s.seed : '') + (T.kind === 'records' ? ' · recording' : '');
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
    document.body.dataset.waits = s.over ? 'over' : s.need ? s.need.kind : person() ? 'person' : 'bot';
    document.body.dataset.version = s.version;
  }
  function tilesOffered() {
    var seen = [];
    laid().forEach(function (o) { if (seen.indexOf(o.tile) < 0) seen.push(o.tile); });
    if (!seen.length && T.state.turn && T.state.turn.tile) seen.push(T.state.turn.tile);
    return seen;
  }
  function recallsOffered() {
    var seen = [];
    laid().forEach(function (o) {
      var r = o.recall ? o.recall.index : null;
      if (o.tile === T.tile && seen.indexOf(r) < 0) seen.push(r);
    });
    return seen;
  }
  // The moves that lay the chosen tile with the chosen recall.
  function candidates() {
    return laid().filter(function (o) {
      return o.tile === T.tile && (o.recall ? o.recall.index : null) === T.recall;
    });
  }
  function rotationsAt(x, y) {
    var r = [];
    candidates().forEach(function (o) { if (o.x === x && o.y === y && r.indexOf(o.rotation) < 0) r.push(o.rotation); });
    return r.sort(function (a, b) { return a - b; });
  }
  function chosen() {
    if (!T.square) return [];
    var rots = rotationsAt(T.square[0], T.square[1]), rot = rots[T.turn % rots.length];
    return candidates().filter(function (o) { return o.x === T.square[0] && o.y === T.square[1] && o.rotation === rot; });
  }
  function who(p) {
    var pl = T.state.players[p - 1];
    return pl ? (T.kind === 'records' ? pl.who : 'player ' + p + ' (' + pl.who + ')') : 'player ' + p;
  }

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
      var at = corner(x, y);
      var r = svg('rect', { class: fits[key] ? 'spot' : 'empty', x: at[0] + 1, y: at[1] + 1, width: S - 2, height: S - 2, 'data-square': key });
      if (fits[key]) r.append(svg('title'));
      if (fits[key]) r.firstChild.textContent = 'tile ' + T.tile + ' fits at ' + key;
      r.addEventListener('click', clickSquare.bind(null, x, y, !!fits[key]));
      b.append(r);
    }
    // Pieces the shaman may take back: clicked on the board until a square is chosen, so
    // that they never lie under a place for the piece to lay (the buttons stay).
    var recalls = T.square ? [] : recallsOffered();
    Array.prototype.forEach.call(b.querySelectorAll('[data-piece]'), function (g) {
      var i = +g.getAttribute('data-piece');
      if (recalls.indexOf(i) < 0) return;
      g.classList.add('recallable');
      if (T.recall === i) g.classList.add('recall-chosen');
      g.addEventListener('click', function () { T.recall = T.recall === i ? null : i; T.square = null; draw(); panel(); });
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
  // A small board is drawn no larger than one and a half times its size; at the largest
  // zoom a tile is 256 pixels wide and its letters 32 high.
  var FIT_MOST = 1.5, ZOOM_MOST = 4;
  function viewport() { var e = q('#board'); return [e.clientWidth, e.clientHeight]; }
  function fitScale() {
    var v = T.state.view.board, w = viewport();
    return Math.min(FIT_MOST, w[0] / v.width, w[1] / v.height);
  }
  function toUnits(x, y) {
    var v = T.state.view.board;
    return [v.margin + (x - v.x0) * v.square, v.margin + (y - v.y0) * v.square];
  }
  function toSquares(u, w) {
    var v = T.state.view.board;
    return [v.x0 + (u - v.margin) / v.square, v.y0 + (w - v.margin) / v.square];
  }
  function clamp(x, lo, hi) { return Math.max(lo, Math.min(hi, x)); }
  // Sets the picture's viewBox to the view: the board's centre at the window's whenever the
  // view fits the board.
  function lookAt() {
    if (!T.state) return;
    var v = T.state.view.board, w = viewport(), b = q('#board-svg');
    if (!w[0] || !w[1]) return;
    var fit = fitScale(), k, c;
    if (V.fit) { k = fit; c = [v.width / 2, v.height / 2]; }
    else {
      k = clamp(V.k, Math.min(fit, ZOOM_MOST), ZOOM_MOST);
      c = toUnits(V.cx, V.cy);
      c = [clamp(c[0], 0, v.width), clamp(c[1], 0, v.height)];
    }
    V.k = k;
    var s = toSquares(c[0], c[1]);
    V.cx = s[0]; V.cy = s[1];
    var vw = w[0] / k, vh = w[1] / k;
    b.setAttribute('viewBox', [c[0] - vw / 2, c[1] - vh / 2, vw, vh].join(' '));
    q('#zoom-in').disabled = k >= ZOOM_MOST - 1e-9;
    q('#zoom-out').disabled = k <= fit + 1e-9;
    // For whoever drives the page: the scale, in pixels per unit.
    q('#board').dataset.scale = k.toFixed(3);
  }
  // Zooms by `f` about the point (px, py) of the window (its middle when not given), which
  // stays where it is. Zoomed out to the whole board, the view fits it again.
  function zoom(f, px, py) {
    if (!T.state) return;
    var w = viewport(), fit = fitScale();
    if (px === undefined) { px = w[0] / 2; py = w[1] / 2; }
    var c = toUnits(V.cx, V.cy), k = V.k;
    var u = [c[0] + (px - w[0] / 2) / k, c[1] + (py - w[1] / 2) / k];
    var k2 = clamp(k * f, Math.min(fit, ZOOM_MOST), ZOOM_MOST);
    if (k2 <= fit + 1e-9 && f < 1) { V.fit = true; lookAt(); return; }
    var c2 = [u[0] - (px - w[0] / 2) / k2, u[1] - (py - w[1] / 2) / k2];
    var s = toSquares(c2[0], c2[1]);
    V.fit = false; V.k = k2; V.cx = s[0]; V.cy = s[1];
    lookAt();
  }
  // Moves the board by (dx, dy) pixels.
  function pan(dx, dy) {
    var c = toUnits(V.cx, V.cy), s = toSquares(c[0] - dx / V.k, c[1] - dy / V.k);
    V.fit = false; V.cx = s[0]; V.cy = s[1];
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
      return [Math.hypot(p[0][0] - p[1][0], p[0][1] - p[1][1]), (p[0][0] + p[1][0]) / 2, (p[0][1] + p[1][1]) / 2];
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
        if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
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
      var r = area.getBoundingClientRect(), step = e.deltaMode ? 40 : 1;
      zoom(Math.exp(-e.deltaY * step * 0.002), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    window.addEventListener('resize', lookAt);
  })();
  function picture(id, rotation) { return T.state.view.pictures[id][rotation / 90]; }
  // One circle for each place on the tile where a piece may stand now (a zone, or a Scout
  // tile's spot), however many pieces may stand there: a click chooses the place, outlines
  // it on the tile and lists the pieces that may stand there. The server lays the circles
  // out so that no two overlap on any tile in any turn.
  function places(parent, pick, at) {
    var player = T.state.turn.player - 1, R = T.state.view.target_radius;
    var spots = T.state.view.targets[T.tile][pick[0].rotation / 90], by = {};
    pick.forEach(function (o) { if (o.piece) (by[o.piece.target] = by[o.piece.target] || []).push(o); });
    if (T.place !== null && by[T.place]) {
      var line = svg('g', { class: 'outline', transform: 'translate(' + at[0] + ',' + at[1] + ')' });
      line.innerHTML = spots[T.place].outline;
      parent.append(line);
    }
    Object.keys(by).forEach(function (k) {
      var t = spots[k], os = by[k];
      var g = svg('g', { class: 'target' + (T.place === +k ? ' picked' : ''), 'data-target': k,
                         transform: 'translate(' + (at[0] + t.x) + ',' + (at[1] + t.y) + ')' });
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
        var o = laid().filter(function (o) { return (o.recall ? o.recall.index : null) === r; })[0];
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
        var tile = (need.tiles || []).filter(function (t) { return t.id === sp; })[0];
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
  function prompt() {
    var s = T.state, need = s.need;
    if (s.over) return 'The game is over.';
    if (need) {
      if (need.kind === 'deal') return 'Which special piece was ' + who(need.player) + ' dealt?';
      if (need.kind === 'draw') return who(need.player) + ' draws a ' + need.deck + ' tile: which one? Pick it below.';
      if (need.kind === 'choice') return who(need.player) + ' lays a special tile, or draws: pick the tile drawn below.';
      return 'Where did ' + who(need.player) + ' lay tile ' + need.tile + '?';
    }
    if (!s.turn) return '';
    if (!s.turn.person) {
      if (s.thinking || q('#speed').value !== 'step') return who(s.turn.player) + ' is thinking…';
      return who(s.turn.player) + ' moves when you click “Next bot move”.';
    }
    if (!s.turn.tile) return who(s.turn.player) + ': lay your special tile, or draw.';
    return who(s.turn.player) + ', lay tile ' + s.turn.tile + (s.turn.bonus ? ' (a bonus turn)' : '') + '.';
  }
  function scores() {
    var body = q('#scores tbody');
    body.innerHTML = '';
    T.state.players.forEach(function (p, i) {
      var tr = make('tr');
      if (T.state.turn && T.state.turn.player === p.player || T.state.need && T.state.need.player === p.player && T.state.need.kind !== 'over') tr.className = 'to-move';
      var name = make('td'), sw = make('span', { class: 'swatch' });
      sw.style.background = COLOURS[i];
      name.append(sw, T.kind === 'records' ? p.who : p.player + ' ' + p.who);
      var sup = make('div', { class: 'supply' },
        p.meeples + (p.meeples === 1 ? ' meeple, ' : ' meeples, ') + p.huts + (p.huts === 1 ? ' hut' : ' huts') +
        (p.hand && p.hand.length ? ' · holds ' + p.hand.join(', ') : ''));
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
    var w = s.winners || [];
    q('#winners').textContent = w.length ? 'Winner' + (w.length > 1 ? 's: ' : ': ') + w.map(who).join(', ') : 'A tie: nobody wins.';
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
    var words = [];
    items.forEach(function (t) { t.contents.forEach(function (w) { if (words.indexOf(w) < 0) words.push(w); }); });
    var cf = q('#content-filter');
    cf.innerHTML = '';
    words.sort().forEach(function (w) {
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
  function matches(t) {
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
  Array.prototype.forEach.call(document.querySelectorAll('#side-filter .side'), function (r) {
    r.addEventListener('click', function () {
      var d = +r.getAttribute('data-side');
      want[d] = { '': 'F', F: 'M', M: 'R', R: '' }[want[d]];
      box();
    });
  });
  function clearFilters() { want = ['', '', '', '']; contents = {}; }
  q('#clear-filter').onclick = function () { clearFilters(); box(); };

  // ---- bots ----
  function schedule() {
    clearTimeout(T.timer);
    var s = T.state;
    // A bot that thinks already (asked by another tab) is waited for: the page sees its move
    // land when it asks whether the game moved on.
    if (T.kind !== 'games' || s.over || !s.turn || s.turn.person || s.thinking) return;
    var speed = q('#speed').value;
    if (speed === 'step') return;
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
      var a = make('a', { download: 'hunters-' + (T.state.variant || 'game').replace(/[^A-Za-z0-9._-]+/g, '_') +
        (T.state.seed ? '-' + T.state.seed : '') + '.log' });
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
      // A game with a seed goes on as a game; one told at a table, as a recording.
      var kind = /^\[Seed /m.test(text) ? 'games' : 'records';
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
    var m = /^#(games|records)\/([0-9a-f]+)$/.exec(location.hash);
    if (!m || m[2] === T.id) return;
    clearTimeout(T.timer);
    call('GET', '/api/' + m[1] + '/' + m[2], null, function (s) { open(m[1], m[2], s); },
      function (e) { q('#setup-error').textContent = e; });
  }
  window.addEventListener('hashchange', fromAddress);
  showMode();
  fromAddress();
  underWay();
})();
"###;
