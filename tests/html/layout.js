// Injected by tests/html/html_test.py into a copy of a report (never into the
// product): reads the laid-out page and writes its problems, one per line, into
// a <pre> of the page that frames it (or its own) for `chromium --dump-dom`. Geometry, not pixels:
//  - no two SVG texts overlap;
//  - no SVG text crosses a chart line (axis, frontier, deadline) or a mark
//    (point, bar, outline) other than grid lines;
//  - every SVG text lies inside its SVG's box and reads at 9 px or more;
//  - the page does not scroll sideways, and no element sticks out of the
//    window unless a scroll container (overflow-x auto/scroll) holds it.
(function () {
  var out = [], EPS = 0.75;
  function name(el) {
    var g = el.closest('[data-sku]') || el.closest('[data-address]');
    var t = (el.textContent || '').trim().slice(0, 50);
    return el.tagName + (g ? '[' + (g.getAttribute('data-sku') || g.getAttribute('data-address')) + ']' : '') + (t ? ' "' + t + '"' : '');
  }
  function shrink(r, d) { return {l: r.left + d, r: r.right - d, t: r.top + d, b: r.bottom - d}; }
  function hit(a, b) { return a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b; }
  function segHits(r, x1, y1, x2, y2) {
    // Liang-Barsky: does the segment cross the rectangle?
    var t0 = 0, t1 = 1, dx = x2 - x1, dy = y2 - y1;
    var p = [-dx, dx, -dy, dy], q = [x1 - r.l, r.r - x1, y1 - r.t, r.b - y1];
    for (var i = 0; i < 4; i++) {
      if (p[i] === 0) { if (q[i] < 0) return false; continue; }
      var t = q[i] / p[i];
      if (p[i] < 0) { if (t > t1) return false; if (t > t0) t0 = t; }
      else { if (t < t0) return false; if (t < t1) t1 = t; }
    }
    return true;
  }
  function pts(el) {
    var m = el.getScreenCTM(), s = [], sx = window.scrollX, sy = window.scrollY;
    var list = [];
    if (el.tagName === 'line')
      list = [[el.x1.baseVal.value, el.y1.baseVal.value], [el.x2.baseVal.value, el.y2.baseVal.value]];
    else for (var i = 0; i < el.points.numberOfItems; i++) {
      var p = el.points.getItem(i); list.push([p.x, p.y]);
    }
    list.forEach(function (p) { s.push([m.a * p[0] + m.c * p[1] + m.e + sx, m.b * p[0] + m.d * p[1] + m.f + sy]); });
    return s;
  }
  function box(el) {
    var r = el.getBoundingClientRect();
    return {left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY, bottom: r.bottom + scrollY,
            width: r.width, height: r.height};
  }
  document.querySelectorAll('svg').forEach(function (svg, si) {
    var sb = shrink(box(svg), -EPS), texts = [].slice.call(svg.querySelectorAll('text'));
    var tb = texts.map(function (t) { return shrink(box(t), EPS); });
    texts.forEach(function (t, i) {
      var r = tb[i], h = box(t).height;
      if (r.l < sb.l || r.r > sb.r || r.t < sb.t || r.b > sb.b)
        out.push('clipped by its SVG: ' + name(t));
      if (h < 9 * 1.1) /* a line box is ~1.16 em */
        out.push('too small (' + h.toFixed(1) + ' px line): ' + name(t));
      for (var j = i + 1; j < texts.length; j++)
        if (hit(r, tb[j])) out.push('overlap: ' + name(t) + ' / ' + name(texts[j]));
    });
    svg.querySelectorAll('line,polyline').forEach(function (l) {
      if (l.classList.contains('grid')) return;
      var p = pts(l);
      texts.forEach(function (t, i) {
        for (var k = 0; k + 1 < p.length; k++)
          if (segHits(tb[i], p[k][0], p[k][1], p[k + 1][0], p[k + 1][1])) {
            out.push('line crosses text: ' + (l.getAttribute('class') || l.tagName) + ' / ' + name(t));
            break;
          }
      });
    });
    svg.querySelectorAll('rect,circle,polygon').forEach(function (m) {
      var mb = shrink(box(m), 0);
      texts.forEach(function (t, i) {
        if (hit(tb[i], mb)) out.push('mark under text: ' + (m.getAttribute('class') || m.tagName) + ' ' + name(m) + ' / ' + name(t));
      });
    });
  });
  var vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1)
    out.push('page scrolls sideways: ' + document.documentElement.scrollWidth + ' px in a ' + vw + ' px window');
  function scrolled(el) {
    for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  }
  var seen = 0;
  document.body.querySelectorAll('*').forEach(function (el) {
    if (el.closest('svg') && el.tagName !== 'svg') return;
    var r = el.getBoundingClientRect();
    if (r.width && r.right > vw + 1 && !scrolled(el) && seen++ < 10)
      out.push('sticks out of the window (' + Math.round(r.right) + ' > ' + vw + '): ' + el.tagName.toLowerCase() + ' ' + (el.textContent || '').trim().slice(0, 40));
    var o = getComputedStyle(el).overflowX;
    if (el.scrollWidth > el.clientWidth + 1 && o !== 'auto' && o !== 'scroll' && o !== 'visible' && seen++ < 10)
      out.push('clipped content: ' + el.tagName.toLowerCase());
  });
  var doc = window.parent !== window ? window.parent.document : document;
  var pre = doc.createElement('pre');
  pre.id = 'layout-result';
  pre.textContent = JSON.stringify({width: vw, problems: out});
  doc.body.appendChild(pre);
})();
