window.onerror = function (m) {
  var p = document.createElement('p');
  p.id = 'script-error';
  p.textContent = 'script error: ' + m;
  document.body.prepend(p);
};
(function () {
  var q = function (s) { return document.querySelector(s); };
  var all = function (s) { return Array.prototype.slice.call(document.querySelectorAll(s)); };
  var steps = all('.step'), n = steps.length - 1;
  var tiles = all('#board g.tile'), pieces = all('#board [data-from]');
  var closed = all('#board [data-closed]'), rows = all('#scores tbody tr');
  var slider = q('#slider'), now = q('#now'), mark = q('#mark'), track = q('#track');
  var segments = all('#track line[data-k]');
  var k = 0;
  function show(j) {
    k = ViewerLib.clampStep(j, n);
    steps.forEach(function (s, i) { s.hidden = i !== k; });
    var laid = null;
    tiles.forEach(function (t) {
      var m = +t.dataset.move;
      t.classList.toggle('off', m > k);
      if (m === k && k > 0) laid = t;
    });
    pieces.forEach(function (p) {
      var to = p.dataset.to === undefined ? Infinity : +p.dataset.to;
      p.classList.toggle('off', +p.dataset.from > k || to < k);
      p.classList.toggle('left', to === k);
    });
    closed.forEach(function (c) { c.classList.toggle('open', +c.dataset.closed > k); });
    now.classList.toggle('off', !laid);
    if (laid) now.setAttribute('transform', laid.getAttribute('transform'));
    var sc = JSON.parse(steps[k].dataset.scores);
    var before = k > 0 ? JSON.parse(steps[k - 1].dataset.scores) : sc;
    var sup = JSON.parse(steps[k].dataset.supply);
    rows.forEach(function (r, p) {
      sc[p].forEach(function (v, c) { r.cells[c + 1].textContent = v; });
      r.cells[6].innerHTML = ViewerLib.totalCell(sc[p], before[p]);
      r.querySelector('.supply').textContent = ViewerLib.supplyText(sup[p][0], sup[p][1]);
    });
    var x = ViewerLib.markX(track.dataset.x0, track.dataset.dx, k);
    mark.setAttribute('x1', x);
    mark.setAttribute('x2', x);
    // The track up to the move shown: the rest of the game stays hidden.
    segments.forEach(function (l) { l.classList.toggle('off', +l.dataset.k > k); });
    slider.value = k;
    q('#at').textContent = ViewerLib.heading(k, n);
    q('#first').disabled = q('#prev').disabled = k === 0;
    q('#next').disabled = q('#last').disabled = k === n;
    try { history.replaceState(null, '', '#turn=' + k); } catch (e) { /* a file: page may refuse */ }
  }
  q('#first').onclick = function () { show(0); };
  q('#prev').onclick = function () { show(k - 1); };
  q('#next').onclick = function () { show(k + 1); };
  q('#last').onclick = function () { show(n); };
  slider.oninput = function () { show(slider.value); };
  track.onclick = function (e) {
    var r = track.getBoundingClientRect();
    show(ViewerLib.stepAt(e.clientX, r.left, r.width, track.viewBox.baseVal.width, track.dataset.x0, track.dataset.dx));
  };
  document.addEventListener('keydown', function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    var to = ViewerLib.stepOfKey(e.key, k, n);
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  function fromAddress() {
    var at = ViewerLib.stepOfHash(location.hash);
    show(at !== null ? at : document.body.dataset.open);
  }
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
})();
