// «Сражение» Mini App: the whole board. Reads Telegram's init data from the
// URL fragment (tgWebAppData) or window.Telegram.WebApp when present, and
// talks only to this host (api/…, relative to the page).
"use strict";
(function () {
  const T = {
    en: { game: "Game #", you: "You", vs: "vs", yourMove: "Your move", theirMove: "{0} to move", setup: "Set up your army",
      setupHint: "Tap two squares, or drag a piece onto another, to swap them.", shuffle: "Shuffle", smart: "Smart setup", confirm: "To battle!",
      edit: "Change setup", waitingOpp: "Waiting for the opponent's setup…", oppReady: "The opponent is ready.",
      saved: "Load a saved setup…", moves: "Moves", graves: "Captured", resign: "Resign", reallyResign: "Really resign?",
      offerDraw: "Offer draw", acceptDraw: "Accept draw", declineDraw: "Decline", abort: "Abort",
      drawOffered: "Your opponent offers a draw.", youOffered: "You offered a draw.", confirmMove: "Play {0}?", ok: "Play",
      cancel: "Cancel", timeLeft: "time left {0}", days: "d", hours: "h", minutes: "min", over: "Game over", won: "You won",
      lost: "You lost", draw: "Draw", winner: "{0} won", noData: "Open this page from the bot in Telegram.",
      noGame: "Your games", spectator: "Watching", opponent: "Opponent", ai: "AI ({0})", selected: "{0}", last: "Last move: {0} {1}",
      reasons: { flagcaptured: "the flag is taken", nolegalmoves: "no legal moves", resignation: "resignation", time: "time ran out",
        noattacks: "no attacks for too long", agreement: "by agreement", deadposition: "no flag can be taken", plylimit: "move limit",
        den: "an animal entered the den", allcaptured: "every animal was captured", nocaptures: "100 plies without a capture",
        repetition: "the same position for the third time" },
      legend: "🏠 den · 🪤 trap · 🌊 water", jungleName: "Jungle",
      status: { setup: "setup", play: "in play", finished: "finished", waiting: "waiting", cancelled: "cancelled" } },
    ru: { game: "Партия №", you: "Вы", vs: "против", yourMove: "Ваш ход", theirMove: "Ходит {0}", setup: "Расставьте армию",
      setupHint: "Нажмите две клетки или перетащите фигуру на другую, чтобы поменять их местами.", shuffle: "Перемешать", smart: "Расставить с умом",
      confirm: "В бой!", edit: "Изменить", waitingOpp: "Ждём расстановку соперника…", oppReady: "Соперник готов.",
      saved: "Загрузить сохранённую…", moves: "Ходы", graves: "Потери", resign: "Сдаться", reallyResign: "Точно сдаться?",
      offerDraw: "Предложить ничью", acceptDraw: "Принять ничью", declineDraw: "Отклонить", abort: "Отменить партию",
      drawOffered: "Соперник предлагает ничью.", youOffered: "Вы предложили ничью.", confirmMove: "Сыграть {0}?", ok: "Ход",
      cancel: "Отмена", timeLeft: "осталось {0}", days: "д", hours: "ч", minutes: "мин", over: "Партия окончена", won: "Вы победили",
      lost: "Вы проиграли", draw: "Ничья", winner: "Победил {0}", noData: "Откройте эту страницу из бота в Telegram.",
      noGame: "Ваши партии", spectator: "Наблюдение", opponent: "Соперник", ai: "ИИ ({0})", selected: "{0}", last: "Последний ход: {0} {1}",
      reasons: { flagcaptured: "знамя захвачено", nolegalmoves: "нет ходов", resignation: "сдача", time: "время вышло",
        noattacks: "слишком долго без атак", agreement: "по соглашению", deadposition: "знамя не взять никому", plylimit: "предел ходов",
        den: "зверь вошёл в логово", allcaptured: "все звери взяты", nocaptures: "100 полуходов без взятий",
        repetition: "позиция повторилась в третий раз" },
      legend: "🏠 логово · 🪤 ловушка · 🌊 вода", jungleName: "Джунгли",
      status: { setup: "расстановка", play: "идёт", finished: "окончена", waiting: "ждёт соперника", cancelled: "отменена" } },
  };
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };
  const fmt = (s, ...a) => s.replace(/\{(\d)\}/g, (_, i) => a[i]);
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const tg = window.Telegram && window.Telegram.WebApp;
  const initData = (tg && tg.initData) || hash.get("tgWebAppData") || "";
  const gameId = query.get("game") || hash.get("tgWebAppStartParam") || "";
  let lang = (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
  let view = null, sel = null, pending = null, resignAsk = false, busy = false;
  // A piece being dragged: {sq, id (pointer), x0, y0, on (moved far enough), over (target square), ghost, size, touch}.
  let drag = null, dragEnded = -Infinity;
  const t = () => T[lang] || T.en;

  // Telegram's Mini App events without its script (web_app_* methods).
  function post(type, data) {
    try {
      if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, JSON.stringify(data || {}));
      else if (window.external && window.external.notify) window.external.notify(JSON.stringify({ eventType: type, eventData: data || {} }));
      else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), "*");
    } catch (e) { /* not inside Telegram */ }
  }
  function haptic(kind) {
    if (tg && tg.HapticFeedback) { kind === "error" ? tg.HapticFeedback.notificationOccurred("error") : tg.HapticFeedback.impactOccurred("light"); return; }
    post("web_app_trigger_haptic_feedback", kind === "error" ? { type: "notification", notification_type: "error" } : { type: "impact", impact_style: "light" });
  }
  function theme() {
    let p = null;
    try { p = tg ? tg.themeParams : JSON.parse(hash.get("tgWebAppThemeParams") || "null"); } catch (e) { p = null; }
    if (!p) return;
    for (const [k, v] of Object.entries(p)) document.documentElement.style.setProperty("--tg-theme-" + k.replace(/_/g, "-"), v);
  }
  function toast(msg) {
    const e = $("toast"); e.textContent = msg; e.hidden = false;
    clearTimeout(toast.t); toast.t = setTimeout(() => { e.hidden = true; }, 2600);
  }

  async function api(method, path, body) {
    const r = await fetch(path, { method, headers: { Authorization: "tma " + initData, "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined });
    let j = null; try { j = await r.json(); } catch (e) { j = null; }
    return { status: r.status, json: j };
  }
  async function act(path, body) {
    if (busy) return; busy = true;
    try {
      const r = await api("POST", "api/games/" + gameId + path, Object.assign({ version: view.version }, body));
      if (r.status === 200) { haptic("move"); show(r.json); }
      else { haptic("error"); if (r.json && r.json.view) show(r.json.view); toast((r.json && r.json.message) || ("HTTP " + r.status)); }
    } catch (e) { toast(String(e)); } finally { busy = false; }
  }

  // The board's size: 10×10 (Stratego) or 7 files × 9 ranks (Jungle, J1).
  function size() { return (view && view.size) || { files: 10, ranks: 10 }; }
  const jungle = () => !!view && view.rules === "jungle";
  // R3, J1: South sees the last rank at the top and file a on the left; North the opposite.
  function squareAt(row, col, me) {
    const z = size(), file = me === "north" ? z.files - 1 - col : col, rank = me === "north" ? row : z.ranks - 1 - row;
    return "abcdefghij"[file] + (rank + 1);
  }
  // What a ply took: Stratego's combat (ranks of both) or Jungle's captured animal.
  function taken(h) {
    if (h.combat) return view.ranks[h.combat.attacker].label + "×" + view.ranks[h.combat.defender].label;
    if (h.captured) return "×" + view.ranks[h.captured].label;
    return "";
  }
  function names() {
    const n = view.names || {}, me = view.me, t0 = t();
    const name = (side) => side === me ? t0.you : (n[side] || (view.ai ? fmt(t0.ai, view.ai) : t0.opponent));
    return { south: name("south"), north: name("north") };
  }
  function clock() {
    if (!view.deadline || view.status !== "play") return "";
    let s = Math.max(0, view.deadline - Math.floor(Date.now() / 1000)); const t0 = t();
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    return fmt(t0.timeLeft, d ? d + t0.days + " " + h + t0.hours : h ? h + t0.hours + " " + m + t0.minutes : m + t0.minutes);
  }

  function show(v) {
    if (!v) return;
    if (view && v.version < view.version && v.status === view.status && (v.history || []).length === (view.history || []).length) return;
    view = v; lang = v.lang || lang; document.documentElement.lang = lang;
    if (sel && !(v.squares.find((s) => s.sq === sel) || {}).k) sel = null;
    if (drag && drag.on && v.status !== "play" && v.status !== "setup") { if (drag.ghost) drag.ghost.remove(); drag = null; }
    if (v.status !== "play") pending = null;
    draw();
  }

  function legalFrom(sq) { return (view.legal || []).filter((m) => m.startsWith(sq + "-")).map((m) => m.split("-")[1]); }
  function cellOf(sq) { return view.squares.find((s) => s.sq === sq) || {}; }

  // Drag and drop with pointer events (mouse, pen and touch alike): in play a
  // piece to one of its legal destinations, in the setup a piece onto another
  // to swap them. A drop anywhere else changes nothing.
  function draggable(sq) {
    if (!view || !view.me || cellOf(sq).k !== "own") return false;
    if (view.status === "setup") return !view.setup.confirmed;
    return view.status === "play" && view.myTurn && legalFrom(sq).length > 0;
  }
  function targets(from) {
    if (view.status === "setup") return view.squares.filter((s) => s.k === "own" && s.sq !== from).map((s) => s.sq);
    return legalFrom(from);
  }
  function squareUnder(x, y) {
    const e = document.elementFromPoint(x, y), c = e && e.closest ? e.closest("#board [data-sq]") : null;
    return c ? c.dataset.sq : null;
  }
  function placeGhost(x, y) {
    const g = drag.ghost, z = drag.size;
    // Under a finger the piece rides above it, so that it stays in sight.
    g.style.left = (x - z / 2) + "px"; g.style.top = (y - (drag.touch ? z * 1.15 : z / 2)) + "px";
  }
  // A lifted piece: its square, its destinations (play) or swap partners
  // (setup), marked on the squares as they are (the touched one must stay).
  function markDrag() {
    const to = targets(drag.sq), setup = view.status === "setup";
    for (const c of $("board").querySelectorAll("[data-sq]")) {
      const sq = c.dataset.sq, on = to.includes(sq);
      c.classList.toggle("from", sq === drag.sq); c.classList.toggle("sel", sq === drag.sq);
      c.classList.toggle(setup ? "swap" : "dest", on);
      if (!setup) c.classList.toggle("hit", on && cellOf(sq).k === "enemy");
    }
  }
  function markOver(sq) {
    if (drag.over === sq) return;
    drag.over = sq;
    for (const c of $("board").querySelectorAll(".c.over")) c.classList.remove("over");
    const c = sq && $("board").querySelector('[data-sq="' + sq + '"]'); if (c) c.classList.add("over");
  }
  function dragStart(e) {
    // A press whose release never came (it left the window) is forgotten.
    if ((drag && drag.on) || !e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) return;
    const c = e.target.closest ? e.target.closest("[data-sq]") : null;
    if (!c || busy || !draggable(c.dataset.sq)) return;
    drag = { sq: c.dataset.sq, id: e.pointerId, x0: e.clientX, y0: e.clientY, on: false, over: null, ghost: null, size: 0, touch: e.pointerType !== "mouse" };
  }
  function dragMove(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.on) {
      if (e.pointerType === "mouse" && !(e.buttons & 1)) { drag = null; return; } // released outside the window
      if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 8) return;
      const src = $("board").querySelector('[data-sq="' + drag.sq + '"]');
      if (busy || !draggable(drag.sq) || !src || !src.querySelector(".p")) { drag = null; return; }
      drag.on = true; sel = drag.sq; pending = null;
      drag.size = Math.round(src.getBoundingClientRect().width * 1.3);
      const g = src.querySelector(".p").cloneNode(true); g.classList.add("ghost");
      g.style.width = g.style.height = drag.size + "px"; g.style.fontSize = Math.round(drag.size * 0.42) + "px";
      document.body.appendChild(g); drag.ghost = g;
      // The board keeps the pointer, whatever becomes of the square it started on.
      try { $("board").setPointerCapture(drag.id); } catch (err) { /* released already */ }
      markDrag(); haptic("move"); drawInfo(); drawBar();
    }
    e.preventDefault();
    placeGhost(e.clientX, e.clientY);
    const sq = squareUnder(e.clientX, e.clientY);
    markOver(sq && targets(drag.sq).includes(sq) ? sq : null);
  }
  function dragEnd(e) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag; drag = null;
    if (d.ghost) d.ghost.remove();
    if (!d.on) return; // a tap: the click that follows does it
    dragEnded = performance.now();
    const to = e.type === "pointerup" ? squareUnder(e.clientX, e.clientY) : null;
    if (to && !busy && draggable(d.sq) && targets(d.sq).includes(to)) {
      sel = null;
      const mv = { from: d.sq, to };
      if (view.status === "play" && view.confirmMoves) pending = mv;
      draw();
      if (view.status === "setup") act("/setup", { action: "swap", a: d.sq, b: to });
      else if (!pending) act("/moves", mv);
      return;
    }
    // Dropped back on its square the piece stays selected (as after a tap); anywhere else nothing happens.
    sel = to === d.sq && view.status === "play" ? d.sq : null; draw();
  }
  function dragSetup() {
    const b = $("board");
    b.addEventListener("pointerdown", dragStart);
    b.addEventListener("contextmenu", (e) => e.preventDefault());
    window.addEventListener("pointermove", dragMove, { passive: false });
    window.addEventListener("pointerup", dragEnd);
    window.addEventListener("pointercancel", dragEnd);
  }

  function tap(sq) {
    if (!view || busy || (drag && drag.on) || performance.now() - dragEnded < 400) return;
    const cell = view.squares.find((s) => s.sq === sq) || {};
    if (view.status === "setup" && view.me) {
      if (view.setup.confirmed || cell.k !== "own") { sel = null; draw(); return; }
      if (sel && sel !== sq) { const a = sel; sel = null; act("/setup", { action: "swap", a, b: sq }); return; }
      sel = sel === sq ? null : sq; draw(); return;
    }
    if (view.status !== "play" || !view.me) return;
    if (sel && legalFrom(sel).includes(sq)) {
      const mv = { from: sel, to: sq }; sel = null;
      if (view.confirmMoves) { pending = mv; draw(); return; }
      act("/moves", mv); return;
    }
    if (cell.k === "own" && view.myTurn) {
      const r = view.ranks[cell.r];
      if (!r.movable || legalFrom(sq).length === 0) { haptic("error"); sel = null; toast(r.name); draw(); return; }
      sel = sel === sq ? null : sq; pending = null; draw(); return;
    }
    sel = null; draw();
  }

  function draw() {
    const v = view, t0 = t(), me = v.me || "south", nm = names();
    document.title = t0.game + v.game;
    $("title").textContent = t0.game + v.game + " · " + nm.south + " " + t0.vs + " " + nm.north;
    const st = $("status"); st.className = "";
    if (v.status === "setup") st.textContent = t0.setup;
    else if (v.status === "play") {
      const mine = v.myTurn; st.className = mine ? "turn" : "";
      st.textContent = (mine ? t0.yourMove : fmt(t0.theirMove, nm[v.turn])) + (clock() ? " · " + clock() : "");
    } else st.textContent = t0.status[v.status] || v.status;
    const bySq = {}; for (const s of v.squares) bySq[s.sq] = s;
    const last = v.last ? [v.last.from, v.last.to] : [];
    const dests = sel && v.status === "play" ? legalFrom(sel) : [];
    const pend = pending ? [pending.from, pending.to] : [];
    // Not under a dragged piece: the board is drawn anew once it is dropped.
    if (!(drag && drag.on)) drawBoard(v, me, bySq, last, dests, pend);
    drawInfo(); drawBar(); drawExtra();
    if (probe.drawnAt === null) probe.drawnAt = performance.now();
  }

  function drawBoard(v, me, bySq, last, dests, pend) {
    const b = $("board"), z = size(), jg = jungle(); b.textContent = "";
    b.classList.toggle("jungle", jg);
    b.style.gridTemplateColumns = "14px repeat(" + z.files + ", 1fr)";
    b.style.gridTemplateRows = "repeat(" + z.ranks + ", 1fr) 14px";
    b.style.aspectRatio = (z.files + 0.6) + " / " + (z.ranks + 0.6);
    for (let row = 0; row < z.ranks; row++) {
      b.appendChild(el("div", "coord", String(me === "north" ? row + 1 : z.ranks - row)));
      for (let col = 0; col < z.files; col++) {
        const sq = squareAt(row, col, me), s = bySq[sq] || { k: "empty" };
        const c = el("div", "c" + ((row + col) % 2 ? " d" : ""));
        c.dataset.sq = sq; c.setAttribute("role", "gridcell");
        if (s.k === "lake" || s.t === "water") c.classList.add("lake");
        // J2: dens and traps, each in the colour of its side.
        if (s.t === "den" || s.t === "trap") { c.classList.add(s.t, "of-" + s.of); c.appendChild(el("span", "terrain", s.t === "den" ? "🏠" : "🪤")); }
        if (last.includes(sq) || pend.includes(sq)) c.classList.add("last");
        if (sel === sq) c.classList.add("sel");
        if (dests.includes(sq)) { c.classList.add("dest"); if (s.k === "enemy") c.classList.add("hit"); }
        if (draggable(sq)) c.classList.add("grab");
        if (jg && s.r) {
          // J1, J3: an animal in its side's colour (South red, North blue), its emoji and rank.
          const p = el("div", "p animal " + s.owner + (s.k === "own" ? " mine" : "")); p.dataset.kind = s.k;
          const r = v.ranks[s.r]; p.title = r.name;
          p.appendChild(el("span", "em", r.emoji)); p.appendChild(el("span", "rk", s.r));
          c.appendChild(p);
        } else if (s.k === "own" || s.k === "enemy" || s.k === "piece") {
          const side = s.k === "piece" ? s.owner : s.k;
          const p = el("div", "p " + side); p.dataset.kind = s.k;
          if (s.r) { p.textContent = v.ranks[s.r].label; p.title = v.ranks[s.r].name; }
          if (s.k !== "own" && s.revealed) p.classList.add("rev");
          if (s.k !== "own" && !s.r && (s.moved || s.runner)) p.appendChild(el("span", "mk", s.runner ? "»" : "•"));
          if (s.k === "own" && s.revealed) p.appendChild(el("span", "mk", "👁"));
          c.appendChild(p);
        }
        c.addEventListener("click", () => tap(sq));
        b.appendChild(c);
      }
    }
    b.appendChild(el("div", "coord", ""));
    for (let col = 0; col < z.files; col++) b.appendChild(el("div", "coord", squareAt(0, col, me)[0]));
  }

  function drawInfo() {
    const v = view, t0 = t(), info = $("info"); info.textContent = "";
    if (v.status === "setup") {
      info.textContent = v.setup.confirmed ? (v.setup.opponentReady ? t0.oppReady : t0.waitingOpp) : t0.setupHint + (v.setup.opponentReady ? " " + t0.oppReady : "");
    } else if (v.outcome) {
      const nm = names(), o = v.outcome;
      info.textContent = t0.over + ": " + (o.winner ? (v.me ? (o.winner === v.me ? t0.won : t0.lost) : fmt(t0.winner, nm[o.winner])) + " — " + (t0.reasons[o.reason] || o.reason)
        : t0.draw + " — " + (t0.reasons[o.draw] || o.draw));
    } else if (sel) {
      const s = v.squares.find((x) => x.sq === sel);
      if (s && s.r) info.textContent = sel + ": " + (jungle() ? v.ranks[s.r].label + " " : "") + v.ranks[s.r].name;
    } else if (v.drawOffer && v.me) info.textContent = v.drawOffer === v.me ? t0.youOffered : t0.drawOffered;
    else if (v.last) {
      const c = taken(v.last), nm = names();
      info.textContent = fmt(t0.last, nm[v.last.player] + ":", v.last.mv + (c ? " (" + c + ")" : ""));
      if (!v.me) info.textContent = t0.spectator + " · " + info.textContent;
    } else if (!v.me) info.textContent = t0.spectator;
    if (jungle() && !v.outcome) info.appendChild(el("div", "legend", t0.legend));
  }

  function button(text, cls, fn) { const e = el("button", cls, text); e.addEventListener("click", fn); return e; }

  function drawBar() {
    const v = view, t0 = t(), bar = $("bar"); bar.textContent = "";
    if (!v.me) return;
    if (v.status === "setup") {
      if (!v.setup.confirmed) {
        bar.appendChild(button(t0.shuffle, "alt", () => act("/setup", { action: "shuffle" })));
        bar.appendChild(button(t0.smart, "alt", () => act("/setup", { action: "smart" })));
        bar.appendChild(button(t0.confirm, "", () => act("/setup", { action: "confirm" })));
        if ((v.setup.saved || []).length) {
          const s = el("select"); s.appendChild(el("option", "", t0.saved)).value = "";
          for (const o of v.setup.saved) s.appendChild(el("option", "", o.name)).value = o.id;
          s.addEventListener("change", () => { if (s.value) act("/setup", { action: "saved", id: Number(s.value) }); });
          bar.appendChild(s);
        }
      } else if (!v.setup.opponentReady) bar.appendChild(button(t0.edit, "alt", () => act("/setup", { action: "edit" })));
      return;
    }
    if (v.status !== "play") return;
    if (pending) {
      bar.appendChild(button(fmt(t0.confirmMove, pending.from + "-" + pending.to), "", () => { const m = pending; pending = null; act("/moves", m); }));
      bar.appendChild(button(t0.cancel, "alt", () => { pending = null; draw(); }));
      return;
    }
    if (v.drawOffer && v.drawOffer !== v.me) {
      bar.appendChild(button(t0.acceptDraw, "", () => act("/actions", { action: "accept-draw" })));
      bar.appendChild(button(t0.declineDraw, "alt", () => act("/actions", { action: "decline-draw" })));
    } else if (!v.drawOffer) bar.appendChild(button(t0.offerDraw, "alt", () => act("/actions", { action: "offer-draw" })));
    if ((v.history || []).length < 2) bar.appendChild(button(t0.abort, "alt", () => act("/actions", { action: "abort" })));
    bar.appendChild(button(resignAsk ? t0.reallyResign : t0.resign, resignAsk ? "warn" : "alt", () => {
      if (resignAsk) { resignAsk = false; act("/actions", { action: "resign" }); } else { resignAsk = true; draw(); setTimeout(() => { resignAsk = false; if (view) draw(); }, 4000); }
    }));
  }

  function drawExtra() {
    const v = view, t0 = t(), x = $("extra"); x.textContent = "";
    if (v.status === "setup") return;
    const g = el("div", "box"); g.appendChild(el("h3", "", t0.graves));
    for (const side of ["south", "north"]) {
      const row = el("div", "grave");
      for (const r of v.graveyard[side] || []) row.appendChild(el("span", side, v.ranks[r].label));
      if (row.childNodes.length) g.appendChild(row);
    }
    if (g.childNodes.length > 1) x.appendChild(g);
    const m = el("div", "box"); m.appendChild(el("h3", "", t0.moves));
    const list = el("div", "moves"); list.id = "moves";
    for (const h of v.history || []) {
      let s = h.ply + ". " + h.mv;
      if (taken(h)) s += " " + taken(h);
      list.appendChild(el("span", "", s));
    }
    m.appendChild(list); x.appendChild(m);
    list.scrollTop = list.scrollHeight;
  }

  async function games() {
    const r = await api("GET", "api/games");
    if (r.status !== 200) { $("title").textContent = (r.json && r.json.message) || t().noData; return; }
    lang = r.json.lang || lang; $("title").textContent = t().noGame;
    const x = $("extra"); x.className = "list"; x.textContent = "";
    for (const g of r.json.games) {
      const a = el("a", "", t().game + g.id + (g.rules === "jungle" ? " · " + t().jungleName : "") + " · " + (t().status[g.status] || g.status) + (g.yourTurn ? " · " + t().yourMove : ""));
      a.href = "?game=" + g.id + location.hash; x.appendChild(a);
    }
  }

  function follow() {
    if (!window.EventSource) return;
    const es = new EventSource("api/games/" + gameId + "/events?tma=" + encodeURIComponent(initData));
    es.addEventListener("view", (e) => { try { show(JSON.parse(e.data)); } catch (err) { /* ignore a bad event */ } });
    // Give the connection back when the page goes (browsers keep six per host).
    window.addEventListener("pagehide", () => es.close());
  }

  async function start() {
    theme();
    // Vertical swipes would close the Mini App in the middle of a drag.
    if (tg) { try { tg.ready(); tg.expand(); if (tg.disableVerticalSwipes) tg.disableVerticalSwipes(); } catch (e) { /* old client */ } }
    else { post("web_app_ready"); post("web_app_expand"); post("web_app_setup_swipe_behavior", { allow_vertical_swipe: false }); }
    dragSetup();
    if (!initData) { $("title").textContent = t().noData; return; }
    if (!gameId) { games(); return; }
    const r = await api("GET", "api/games/" + gameId);
    if (r.status !== 200) { $("title").textContent = (r.json && r.json.message) || ("HTTP " + r.status); return; }
    show(r.json); follow();
    setInterval(() => { if (view && view.status === "play") draw(); }, 30000);
  }
  // For tests and the benchmark: the current view, whether a request is under way,
  // and when the board was first drawn (ms since opening).
  const probe = { drawnAt: null, get view() { return view; }, get busy() { return busy; } };
  window.srazhenie = probe;
  start();
})();
