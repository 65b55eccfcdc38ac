/* symrnn blueprint site: filter and search claims, zoom and pan the dependency graph, copy replay
   commands. Plain JavaScript, no libraries, no network; every page reads without it. */
(function () {
  "use strict";

  function lower(s) { return (s || "").toLowerCase(); }

  /* ---- filter by verdict and weight, search by label, id or text ---- */
  function setupFilters() {
    var form = document.getElementById("filters");
    if (!form) { return; }
    var items = Array.prototype.slice.call(document.querySelectorAll("main [data-verdict]"));
    var nodes = Array.prototype.slice.call(document.querySelectorAll("svg.graph g.node[id^='node-']"));
    var output = form.querySelector("output[name=shown]");
    var counted = items.filter(function (el) { return el.matches("article.claim, table.claims tr"); });

    function apply() {
      var verdicts = Array.prototype.slice.call(form.querySelectorAll("input[name=verdict]"))
        .filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
      var weight = form.elements.weight.value;
      var words = lower(form.elements.q.value).split(/\s+/).filter(Boolean);
      items.forEach(function (el) {
        var w = el.getAttribute("data-weight") || "";
        var text = lower(el.getAttribute("data-search"));
        var ok = verdicts.indexOf(el.getAttribute("data-verdict")) >= 0 &&
          (weight === "" || (weight === "none" ? w === "" : w === weight)) &&
          words.every(function (word) { return text.indexOf(word) >= 0; });
        el.hidden = !ok;
      });
      nodes.forEach(function (g) {
        var claim = document.getElementById(g.id.slice("node-".length));
        g.classList.toggle("dim", !!(claim && claim.hidden));
      });
      var shown = counted.filter(function (el) { return !el.hidden; }).length;
      output.value = shown + " of " + counted.length + " claims shown";
    }

    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    form.elements.showall.addEventListener("click", function () { form.reset(); apply(); });
    apply();

    /* a link to a claim the filters hide (a graph node, a finding): show everything, then go there */
    function reveal() {
      var id = decodeURIComponent(location.hash.slice(1));
      var target = id && document.getElementById(id);
      if (target && target.hidden) { form.reset(); apply(); target.scrollIntoView(); }
    }
    window.addEventListener("hashchange", reveal);
    reveal();
  }

  /* ---- zoom and pan an inline SVG by moving its viewBox ---- */
  function setupZoom(box) {
    var svg = box.querySelector("svg.graph");
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal) { return; }
    var b = svg.viewBox.baseVal;
    var home = [b.x, b.y, b.width, b.height];
    var view = home.slice();

    function show() { svg.setAttribute("viewBox", view.join(" ")); }
    function toGraph(clientX, clientY) {
      var m = svg.getScreenCTM();
      if (!m) { return [view[0] + view[2] / 2, view[1] + view[3] / 2]; }
      var p = svg.createSVGPoint();
      p.x = clientX; p.y = clientY;
      p = p.matrixTransform(m.inverse());
      return [p.x, p.y];
    }
    function zoom(factor, cx, cy) {
      var w = view[2] * factor, h = view[3] * factor;
      if (w > home[2] * 4 || w < home[2] / 60) { return; }
      view = [cx - (cx - view[0]) * factor, cy - (cy - view[1]) * factor, w, h];
      show();
    }
    function centre() { return [view[0] + view[2] / 2, view[1] + view[3] / 2]; }

    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      var p = toGraph(e.clientX, e.clientY);
      zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, p[0], p[1]);
    }, { passive: false });

    var start = null, moved = false;
    svg.addEventListener("pointerdown", function (e) {
      if (e.button !== 0) { return; }
      start = { x: e.clientX, y: e.clientY, view: view.slice(), scale: (svg.getScreenCTM() || { a: 1 }).a, id: e.pointerId };
      moved = false;
    });
    svg.addEventListener("pointermove", function (e) {
      if (!start) { return; }
      var dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (!moved && Math.abs(dx) + Math.abs(dy) < 5) { return; }
      if (!moved) { moved = true; svg.classList.add("dragging"); svg.setPointerCapture(start.id); }
      view = [start.view[0] - dx / start.scale, start.view[1] - dy / start.scale, view[2], view[3]];
      show();
    });
    function end() { start = null; svg.classList.remove("dragging"); }
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    /* a drag is not a click on the node where it ends */
    svg.addEventListener("click", function (e) {
      if (moved) { e.preventDefault(); e.stopPropagation(); moved = false; }
    }, true);

    box.querySelector("[data-zoom-in]").addEventListener("click", function () { var c = centre(); zoom(1 / 1.4, c[0], c[1]); });
    box.querySelector("[data-zoom-out]").addEventListener("click", function () { var c = centre(); zoom(1.4, c[0], c[1]); });
    box.querySelector("[data-zoom-reset]").addEventListener("click", function () { view = home.slice(); show(); });
  }

  /* ---- copy a replay command ---- */
  function copyText(text, button) {
    function done(ok) {
      button.textContent = ok ? "copied" : "select and copy";
      setTimeout(function () { button.textContent = "copy"; }, 1500);
    }
    function fallback() {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed"; area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      document.body.removeChild(area);
      done(ok);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else {
      fallback();
    }
  }

  function setupCopy() {
    document.querySelectorAll("button.copy[data-copy]").forEach(function (button) {
      button.addEventListener("click", function () { copyText(button.getAttribute("data-copy"), button); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    setupFilters();
    document.querySelectorAll("[data-zoom]").forEach(setupZoom);
    setupCopy();
  });
}());
