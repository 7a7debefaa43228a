/* Meja's guest page: one seat's view of the table, pushed by the host as Server-Sent Events
   ("stream"), its taps posted as JSON ("act"). See GUESTS.md. No framework, nothing fetched from
   outside; the payload's text only ever reaches the page through textContent.

   Words (payload.words[key], the English of EN when missing):
   connecting, waiting, watching, asking, unseated, home, locked, closed, away, failed,
   dealer, in_hand, back, card_name, joker, rank_A, rank_J, rank_Q, rank_K, suit_S, suit_H,
   suit_D, suit_C, lit, chosen, new, sort_suit, sort_rank, points, total, won, summary_wait,
   entry_wait, hand_count, pick_hint, remove, send_hand, hand_in, points_n, change,
   type_points, pick_cards, your_points, send_points, bad_points, out, hand_entered */
"use strict";
(() => {
  const EN = {
    connecting: "Connecting…", waiting: "Waiting for the game…", watching: "Watching",
    asking: "Waiting for the host to let this phone take the seat…",
    unseated: "This phone no longer has a seat at the table.", home: "Choose a seat",
    locked: "The table is locked: no new phone can join.",
    closed: "The table is closed to guests.",
    away: "The host's screen for this game is not open right now.",
    failed: "The table did not answer. Try again.", dealer: "Dealer",
    in_hand: "{n} cards in hand", back: "A card face down", card_name: "{rank} of {suit}",
    joker: "Joker", rank_A: "Ace", rank_J: "Jack", rank_Q: "Queen", rank_K: "King",
    suit_S: "spades", suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs",
    lit: "{name}, can be tapped now", chosen: "{name}, selected", new: "{name}, new",
    sort_suit: "Sort by suit", sort_rank: "Sort by rank", points: "Points", total: "Total",
    won: "Won", summary_wait: "The host starts the next round",
    entry_wait: "The round is being played.", hand_count: "{n} cards",
    pick_hint: "Tap the cards left in your hand.", remove: "Take out {name}",
    send_hand: "Send my hand", hand_in: "Your hand is in", points_n: "{n} points",
    change: "Change", type_points: "Type the points instead", pick_cards: "Pick the cards",
    your_points: "Points in your hand", send_points: "Send my points",
    bad_points: "Type a whole number.", out: "You went out: no hand to enter.",
    hand_entered: "hand entered",
  };
  const SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const MIN_STEP = 24; // px of each overlapped card of the hand that shows
  const $ = (id) => document.getElementById(id);
  const main = $("main");
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  let P = null; // the last payload
  let down = true;
  let pending = null; // {key, acked, seen}: the one action sent and not yet answered
  let order = "suit";
  let toastTimer = 0;
  let lastScene = null;
  // this seat's hand being entered, kept across messages of the same round
  const entry = { round: null, counts: {}, changing: false, typing: false, points: "", sent: false };

  function w(key, vars) {
    const words = (P && P.words) || {};
    let s = typeof words[key] === "string" && words[key] ? words[key] : EN[key] || key;
    if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
    return s;
  }

  function h(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null && text !== "") e.textContent = String(text);
    return e;
  }

  function btn(cls, text, onClick, key) {
    const b = h("button", cls, text);
    b.type = "button";
    if (key) b.dataset.f = key;
    b.addEventListener("click", onClick);
    return b;
  }

  function dot(colour) {
    const d = h("i", "dot");
    if (/^#[0-9a-fA-F]{6}$/.test(colour || "")) d.style.background = colour;
    return d;
  }

  const str = (x) => (typeof x === "string" ? x : x === null || x === undefined ? "" : String(x));
  const arr = (x) => (Array.isArray(x) ? x : []);

  // -- cards ---------------------------------------------------------------------------------
  function split(code) {
    if (code === "JK") return ["JK", "★"];
    const s = code.slice(-1);
    return [code.slice(0, -1), SIGN[s] || s];
  }

  function cardName(code) {
    if (!code) return w("back");
    if (code === "JK") return w("joker");
    const r = code.slice(0, -1);
    const s = code.slice(-1);
    return w("card_name", { rank: ["A", "J", "Q", "K"].includes(r) ? w("rank_" + r) : r,
      suit: SIGN[s] ? w("suit_" + s) : s });
  }

  const ink = (code) => (code === "JK" ? "joker" : /[HD]$/.test(code) ? "red" : "black");

  function print(el, code, big) {
    const [r, s] = split(code);
    el.append(h("span", "rk", r), h("span", "st", s));
    if (big) el.append(h("span", "big", s));
  }

  // One card; a button when a tap does something (``key``) or says why not.
  function card(face, opt) {
    const o = opt || {};
    const code = str(face.code);
    const key = o.key || "";
    const why = o.why || "";
    const tappable = !o.inert && (key || why) && P && P.seat >= 0;
    const el = h(tappable ? "button" : "span", "card " + (code ? ink(code) : "back"));
    if (o.small) el.classList.add("small");
    if (code) print(el, code, true);
    const lit = !!face.lit || !!o.lit;
    if (lit) el.classList.add("lit");
    if (face.chosen) el.classList.add("chosen");
    if (face.new) el.classList.add("new");
    if (face.id) el.dataset.id = String(face.id);
    let name = cardName(code) || o.label || "";
    if (!code && o.label) name = o.label;
    if (face.chosen) name = w("chosen", { name });
    else if (lit && tappable) name = w("lit", { name });
    else if (face.new) name = w("new", { name });
    el.setAttribute("aria-label", name);
    if (o.hidden) el.setAttribute("aria-hidden", "true");
    if (tappable) {
      el.type = "button";
      if (face.chosen) el.setAttribute("aria-pressed", "true");
      el.dataset.f = "t:" + (key || face.id);
      el.addEventListener("click", () => tap(el, key, lit, why));
    } else if (!o.hidden) {
      el.setAttribute("role", "img");
    }
    return el;
  }

  // -- acting --------------------------------------------------------------------------------
  function toast(text) {
    const t = $("toast");
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
  }

  function tap(el, key, lit, why) {
    if (pending || !P) return;
    if (why && !lit) { toast(why); return; }
    if (key) send({ tap: key }, el, "t:" + key);
  }

  function settle() {
    pending = null;
    document.querySelectorAll(".pending").forEach((e) => e.classList.remove("pending"));
  }

  // Posts ``body`` (with the version drawn from); one at a time. ``done`` runs on an ok.
  function send(body, el, key, done) {
    if (pending || !P) return;
    const mine = { key, acked: false, seen: false };
    pending = mine;
    if (el) el.classList.add("pending");
    body.n = P.n;
    fetch("act", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body), credentials: "same-origin" })
      .then((r) => r.json().catch(() => ({ ok: r.ok })))
      .then((reply) => {
        if (pending !== mine) return;
        if (reply && reply.ok === true) {
          if (done) done();
          // the change is saved: its message redraws (it may have come already)
          if (mine.seen) settle();
          else { mine.acked = true; setTimeout(() => { if (pending === mine) settle(); }, 5000); }
        } else {
          settle();
          if (reply && typeof reply.why === "string" && reply.why) toast(reply.why);
        }
      })
      .catch(() => { if (pending === mine) { settle(); toast(w("failed")); } });
  }

  // -- the stream ----------------------------------------------------------------------------
  function status(up) {
    down = !up;
    const s = $("status");
    s.textContent = w("connecting");
    s.hidden = up;
  }

  function connect() {
    const es = new EventSource("stream");
    es.onopen = () => status(true);
    es.onmessage = (ev) => {
      let data;
      try { data = JSON.parse(ev.data); } catch (_e) { return; }
      if (!data || typeof data !== "object") return;
      status(true);
      receive(data);
    };
    es.onerror = () => {
      status(false);
      if (es.readyState === EventSource.CLOSED) { es.close(); setTimeout(connect, 4000); }
    };
  }

  function receive(data) {
    P = data;
    if (pending) {
      if (pending.acked) settle();
      else pending.seen = true;
    }
    render();
  }

  // -- drawing -------------------------------------------------------------------------------
  function render() {
    if (!P) return;
    document.documentElement.lang = str(P.lang) || "en";
    const title = str(P.title);
    document.title = title ? title + " · Meja" : "Meja";
    $("title").textContent = title || "Meja";
    $("me").textContent = P.seat >= 0 ? str(P.name) : w("watching");
    const me = Object.assign(dot(P.seat >= 0 ? P.colour : ""), { id: "me-dot" });
    me.hidden = !me.style.background;
    $("me-dot").replaceWith(me);
    if (down) status(false);

    const before = places();
    const focus = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.f : "";
    const caret = document.activeElement && document.activeElement.tagName === "INPUT"
      ? document.activeElement.selectionStart : null;
    const parts = [];
    const door = str(P.door);
    const play = P.play && typeof P.play === "object" ? P.play : null;
    const match = P.match && typeof P.match === "object" ? P.match : null;
    let felt = null;
    if (["asking", "unseated", "locked", "closed"].includes(door)) {
      const box = h("div", "panel", w(door));
      box.setAttribute("role", "status");
      if (door === "unseated") {
        box.append(h("br"), btn("btn primary", w("home"), () => { location.href = "/"; }, "home"));
      }
      parts.push(box);
    } else {
      if (door === "away") parts.push(h("p", "banner", w("away")));
      if (play && play.summary && typeof play.summary === "object") {
        parts.push(summary(play.summary));
      } else if (play && play.scene && typeof play.scene === "object") {
        felt = table(play);
        parts.push(felt);
      } else if (match) {
        parts.push(...matchView(match));
      } else if (door !== "away") {
        parts.push(h("p", "panel", w("waiting")));
      }
    }
    main.replaceChildren(...parts);
    if (felt) layoutHand(felt);
    if (pending) {
      const el = main.querySelector(`[data-f="${CSS.escape(pending.key)}"]`);
      if (el) el.classList.add("pending");
    }
    if (focus) {
      const el = main.querySelector(`[data-f="${CSS.escape(focus)}"]`);
      if (el) {
        el.focus({ preventScroll: true });
        if (caret !== null && el.setSelectionRange) el.setSelectionRange(caret, caret);
      }
    }
    move(before, play);
    lastScene = play && !play.summary ? play.scene : null;
  }

  // Where each card (by its id), seat and pile is now: the start of the cards' moves.
  function places() {
    const out = new Map();
    main.querySelectorAll("[data-id],[data-k]").forEach((e) => {
      out.set(e.dataset.id ? "c:" + e.dataset.id : e.dataset.k, e.getBoundingClientRect());
    });
    return out;
  }

  // Moves each card from where it was to where it is now (a card new to the table from the
  // pile that shrank, or from the seat that just moved).
  function move(before, play) {
    const speed = play && Number.isFinite(play.speed) ? play.speed : 250;
    if (!play || play.summary || speed <= 0 || reduced.matches || !before.size) return;
    const prev = lastScene;
    let fromPile = null;
    let fromSeat = null;
    if (prev && play.scene) {
      const counts = new Map(arr(prev.piles).map((p) => [p.key, p.count]));
      const shrunk = arr(play.scene.piles).find((p) => p.count < (counts.get(p.key) || 0));
      const pile = shrunk || arr(prev.piles)[0];
      if (pile) fromPile = before.get("p:" + pile.key) || null;
      const mover = arr(prev.chairs).find((c) => c.active);
      if (mover) fromSeat = before.get("s:" + mover.seat) || null;
    }
    main.querySelectorAll(".felt [data-id]").forEach((el) => {
      const now = el.getBoundingClientRect();
      let then = before.get("c:" + el.dataset.id);
      if (!then) then = el.closest(".hand") ? fromPile : fromSeat;
      const frames = then
        ? [{ transform: `translate(${then.left - now.left}px, ${then.top - now.top}px)` },
          { transform: "none" }]
        : [{ opacity: 0 }, { opacity: 1 }];
      if (then && Math.abs(then.left - now.left) < 1 && Math.abs(then.top - now.top) < 1) return;
      el.animate(frames, { duration: speed, easing: "cubic-bezier(.2,.7,.2,1)" });
    });
  }

  // The hand's card width: about a seventh of a phone's width, less (44 px at least) for a
  // long hand to keep to one row; a phone on its side: as the height allows.
  function sizes(n) {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const side = vw > vh * 1.3 && vh < 560;
    const room = side ? vw - 230 : Math.min(vw, 1180) - 16;
    let cw = side ? Math.min(70, Math.max(40, Math.floor(vh * 0.14)))
      : Math.min(76, Math.floor(room / 7), Math.floor(vh / 11));
    if (n > 1 && cw + MIN_STEP * (n - 1) > room) cw = Math.max(44, room - MIN_STEP * (n - 1));
    return { cw, sw: Math.max(24, Math.round(cw * (side ? 0.48 : 0.62))) };
  }

  function table(play) {
    const sc = play.scene;
    const hand = arr(sc.hand);
    const { cw, sw } = sizes(hand.length);
    const felt = h("section", "felt");
    felt.style.setProperty("--w", cw + "px");
    felt.style.setProperty("--sw", sw + "px");
    const speed = Number.isFinite(play.speed) ? play.speed : 250;
    felt.style.setProperty("--speed", (reduced.matches ? 0 : Math.min(speed, 200)) + "ms");

    const chairs = h("div", "chairs");
    for (const c of arr(sc.chairs)) if (c.seat !== P.seat) chairs.append(chair(c));
    const mid = h("div", "mid");
    const piles = h("div", "piles");
    for (const p of arr(sc.piles)) piles.append(pile(p));
    mid.append(piles);
    if (arr(sc.sides).length) {
      const sides = h("div", "sides");
      for (const s of sc.sides) sides.append(side(s));
      mid.append(sides);
    }
    const prompt = h("div", "prompt");
    const text = h("div", "ptext");
    text.append(h("b", "", str(sc.prompt)));
    if (sc.note) text.append(h("span", "", str(sc.note)));
    prompt.append(text);
    if (typeof play.order === "string") order = play.order;
    if (hand.length && P.seat >= 0) {
      const other = order === "rank" ? "suit" : "rank";
      const sort = btn("sort", w("sort_" + other), (e) => {
        send({ order: other }, e.currentTarget, "sort", () => { order = other; });
      }, "sort");
      prompt.append(sort);
    }
    const handBox = h("div", "hand");
    for (const f of hand) handBox.append(card(f, { key: str(f.tap), why: str(f.why) }));
    const dock = h("div", "dock");
    dock.append(prompt, handBox);
    felt.append(h("div", "caption", str(play.caption) || " "), chairs, mid, dock);
    const buttons = arr(sc.buttons);
    if (buttons.length && P.seat >= 0) {
      const row = h("div", "buttons");
      for (const b of buttons) {
        const cls = "btn" + (b.primary || buttons.length === 1 ? " primary" : "");
        row.append(btn(cls, str(b.label), (e) => tap(e.currentTarget, str(b.tap), true, ""),
          "t:" + str(b.tap)));
      }
      dock.append(row);
    }
    return felt;
  }

  // The hand's cards across the bottom, overlapped so that each shows MIN_STEP px at least,
  // in as many rows as that takes (the first row at the back).
  function layoutHand(felt) {
    const box = felt.querySelector(".hand");
    const cards = Array.from(box.children);
    const cw = parseFloat(felt.style.getPropertyValue("--w"));
    const ch = Math.round(cw * 1.4);
    const room = box.clientWidth;
    const n = cards.length;
    const perRow = Math.max(1, Math.floor((room - cw) / MIN_STEP + 0.01) + 1);
    const rows = Math.max(1, Math.ceil(n / perRow));
    const gap = Math.round(ch * 0.45);
    const lift = Math.round(cw * 0.44) + 2; // room for a chosen card's rise
    let i = 0;
    for (let r = 0; r < rows; r++) {
      const k = Math.floor(n / rows) + (r < n % rows ? 1 : 0);
      const step = k > 1 ? Math.min(cw + 4, (room - cw) / (k - 1)) : 0;
      const left0 = (room - (cw + step * (k - 1))) / 2;
      for (let j = 0; j < k; j++, i++) {
        cards[i].style.left = Math.round(left0 + j * step) + "px";
        cards[i].style.top = lift + r * gap + "px";
      }
    }
    box.style.height = (n ? lift + ch + gap * (rows - 1) + 4 : 0) + "px";
  }

  function chair(c) {
    const box = h("div", "chair" + (c.active ? " active" : ""));
    box.dataset.k = "s:" + c.seat;
    const name = h("div", "cname");
    name.append(dot(c.colour), h("b", "", str(c.name)));
    if (c.dealer) {
      const d = h("span", "dealer", "D");
      d.title = w("dealer");
      d.setAttribute("aria-label", w("dealer"));
      name.append(d);
    }
    const line = h("div", "cline");
    const backs = h("span", "backs", String(Number(c.cards) || 0));
    backs.setAttribute("aria-label", w("in_hand", { n: Number(c.cards) || 0 }));
    const meta = h("div", "cmeta");
    meta.append(h("span", "", [str(c.score), str(c.tally)].filter(Boolean).join(" · ")));
    if (c.note) meta.append(h("span", "cnote", str(c.note)));
    else if (c.level) meta.append(h("span", "clevel", str(c.level)));
    line.append(backs, meta);
    box.append(name, line);
    const groups = arr(c.groups);
    if (groups.length) {
      const g = h("div", "cgroups groups");
      for (const group of groups) g.append(groupView(group));
      box.append(g);
    }
    return box;
  }

  function groupView(g) {
    const box = h("div", "group" + (g.lit ? " lit" : ""));
    const tapKey = str(g.tap);
    if (g.label || tapKey) {
      const label = str(g.label) || " ";
      if (tapKey && P.seat >= 0) {
        const b = btn("glabel", label, (e) => tap(e.currentTarget, tapKey, !!g.lit, str(g.why)),
          "t:" + tapKey);
        if (!g.label) b.setAttribute("aria-label", arr(g.cards).map((f) => cardName(f.code))
          .join(", "));
        box.append(b);
      } else {
        box.append(h("span", "glabel", label));
      }
    }
    const cards = h("div", "gcards");
    const faces = arr(g.cards);
    if (faces.length > 8) cards.classList.add("tight");
    faces.forEach((f, i) => {
      const lit = !!g.lit && i === faces.length - 1;
      cards.append(card(f, { small: true, key: str(f.tap) || tapKey, why: str(f.why) || str(g.why),
        lit }));
    });
    box.append(cards);
    return box;
  }

  function side(s) {
    const box = h("div", "side");
    if (/^#[0-9a-fA-F]{6}$/.test(s.colour || "")) box.style.borderLeftColor = s.colour;
    box.append(h("div", "shead", [str(s.label), str(s.note)].filter(Boolean).join(" · ")));
    const groups = h("div", "groups");
    for (const g of arr(s.groups)) groups.append(groupView(g));
    box.append(groups);
    return box;
  }

  function pile(p) {
    const key = str(p.tap);
    const why = str(p.why);
    const tappable = (key || why) && P.seat >= 0;
    const box = h(tappable ? "button" : "div", "pile" + (p.lit ? " lit" : ""));
    box.dataset.k = "p:" + p.key;
    const slot = h("div", "slot");
    const top = arr(p.top).slice(-3);
    if (!top.length) slot.append(h("span", "none"));
    top.forEach((f, i) => {
      const c = card(f, { inert: true, hidden: true });
      c.style.left = i * 12 + "px";
      slot.append(c);
    });
    if (p.mark) slot.append(h("span", "mark", str(p.mark)));
    const label = p.count ? `${str(p.label)} · ${p.count}` : str(p.label);
    box.append(slot, h("span", "plabel", label));
    const name = [label, ...top.filter((f) => f.code).slice(-1).map((f) => cardName(f.code)),
      str(p.mark)].filter(Boolean).join(", ");
    if (tappable) {
      box.type = "button";
      box.dataset.f = "t:" + key;
      box.setAttribute("aria-label", p.lit ? w("lit", { name }) : name);
      box.addEventListener("click", () => tap(box, key, !!p.lit, why));
    } else {
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", name);
    }
    return box;
  }

  function summary(s) {
    const box = h("section", "sheet summary");
    box.append(h("h2", "", str(s.heading)));
    if (s.how) box.append(h("p", "", str(s.how)));
    const lines = h("div", "lines");
    for (const l of arr(s.lines)) {
      const line = h("div", "line" + (l.won ? " won" : ""));
      const head = h("div", "lhead");
      head.append(dot(l.colour), h("b", "", str(l.name)));
      if (l.won) head.append(h("span", "wonmark", "★ " + w("won")));
      for (const [k, v] of [["points", l.points], ["total", l.total]]) {
        const num = h("div", "num");
        num.append(h("small", "", str(s[k + "_label"]) || w(k)), h("span", "", str(v)));
        head.append(num);
      }
      line.append(head);
      const cards = arr(l.cards);
      if (cards.length) {
        const row = h("div", "lcards");
        for (const c of cards) row.append(card({ code: str(c) }, { small: true, inert: true }));
        line.append(row);
      }
      if (l.detail) line.append(h("div", "detail", str(l.detail)));
      lines.append(line);
    }
    box.append(lines);
    for (const why of arr(s.why)) box.append(h("p", "", str(why)));
    for (const v of arr(s.verdict)) box.append(h("p", "verdict", str(v)));
    box.append(h("p", "wait", w("summary_wait")));
    return box;
  }

  // -- a match at the table: the round, whose turn, and this seat's hand to enter -------------
  function matchView(m) {
    const head = h("section", "sheet");
    head.append(h("p", "round", str(m.round)), h("h2", "turn", str(m.turn)));
    const list = h("ul", "players");
    for (const p of arr(m.players)) {
      const li = h("li");
      li.append(dot(p.colour), h("span", "", str(p.name)), h("b", "", str(p.total)));
      if (p.in) {
        const tick = h("span", "tick", "✓");
        tick.setAttribute("aria-label", w("hand_entered"));
        li.append(tick);
      }
      list.append(li);
    }
    head.append(list);
    const out = [head];
    const e = m.entry && typeof m.entry === "object" ? m.entry : null;
    if (entry.round !== str(m.round)) {
      Object.assign(entry, { round: str(m.round), counts: {}, changing: false, typing: false,
        points: "", sent: false });
    }
    if (!e) {
      if (P.seat >= 0) out.push(h("p", "sheet muted", w("entry_wait")));
      return out;
    }
    if (e.out) { out.push(h("p", "sheet", w("out"))); return out; }
    if (e.done && (!entry.changing || entry.sent)) {
      Object.assign(entry, { counts: {}, changing: false, typing: false, points: "", sent: false });
      out.push(doneView(e));
    } else {
      out.push(entryView(e));
    }
    return out;
  }

  function doneView(e) {
    const box = h("section", "sheet");
    box.append(h("h2", "", "✓ " + w("hand_in")));
    const row = h("div", "lcards");
    for (const c of arr(e.hand)) row.append(card({ code: str(c) }, { small: true, inert: true }));
    box.append(row);
    if (e.points !== null && e.points !== undefined) {
      box.append(h("p", "count", w("points_n", { n: e.points })));
    }
    box.append(btn("btn", w("change"), () => {
      const counts = {};
      for (const c of arr(e.hand)) counts[c] = (counts[c] || 0) + 1;
      Object.assign(entry, { counts, changing: true, sent: false, typing: false });
      render();
    }, "change"));
    return box;
  }

  function chosenList(e) {
    const out = [];
    for (const c of arr(e.cards)) for (let k = 0; k < (entry.counts[c] || 0); k++) out.push(c);
    return out;
  }

  function entryView(e) {
    const box = h("section", "sheet entry");
    const hand = chosenList(e);
    const top = h("div", "etop");
    top.append(h("span", "muted", entry.typing ? "" : w("pick_hint")));
    if (e.typed) {
      top.append(btn("link", w(entry.typing ? "pick_cards" : "type_points"), () => {
        entry.typing = !entry.typing;
        render();
      }, "typing"));
    }
    box.append(top);
    const done = () => { entry.sent = true; };
    if (entry.typing) {
      const row = h("div", "typed");
      const label = h("label", "", w("your_points"));
      const input = h("input");
      input.id = "points";
      label.htmlFor = "points";
      Object.assign(input, { type: "text", inputMode: "numeric", autocomplete: "off",
        value: entry.points, maxLength: 6 });
      input.dataset.f = "points";
      input.addEventListener("input", () => { entry.points = input.value; });
      row.append(label, input);
      box.append(row);
      const go = btn("btn primary big", w("send_points"), (ev) => {
        const v = entry.points.trim();
        if (!/^-?\d{1,5}$/.test(v)) { toast(w("bad_points")); return; }
        send({ points: parseInt(v, 10) }, ev.currentTarget, "send", done);
      }, "send");
      input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go.click(); });
      box.append(go);
      return box;
    }
    const suits = new Map();
    for (const c of arr(e.cards)) {
      const s = c === "JK" ? "J" : c.slice(-1);
      if (!suits.has(s)) suits.set(s, []);
      suits.get(s).push(str(c));
    }
    for (const codes of suits.values()) {
      const row = h("div", "suit");
      for (const c of codes) row.append(gridCard(c, Number((e.copies || {})[c]) || 1));
      box.append(row);
    }
    const foot = h("div", "foot");
    const picked = h("div", "picked");
    hand.forEach((c, i) => {
      const b = card({ code: c }, { small: true, inert: true });
      const chip = btn("chip", "", () => { entry.counts[c] -= 1; render(); }, "x:" + c + i);
      chip.setAttribute("aria-label", w("remove", { name: cardName(c) }));
      b.setAttribute("aria-hidden", "true");
      b.removeAttribute("role");
      chip.append(b);
      picked.append(chip);
    });
    const go = h("div", "go");
    go.append(h("span", "count", w("hand_count", { n: hand.length })),
      btn("btn primary", w("send_hand"), (ev) => {
        send({ hand: chosenList(e) }, ev.currentTarget, "send", done);
      }, "send"));
    foot.append(picked, go);
    box.append(foot);
    return box;
  }

  function gridCard(code, most) {
    const n = entry.counts[code] || 0;
    const [r, s] = split(code);
    const b = btn("ecard " + ink(code), r, () => {
      entry.counts[code] = n + 1 > most ? 0 : n + 1;
      render();
    }, "g:" + code);
    b.append(h("span", "", s));
    b.setAttribute("aria-pressed", n > 0 ? "true" : "false");
    b.setAttribute("aria-label", cardName(code) + (n > 1 ? ` × ${n}` : ""));
    if (n > 0) b.append(h("i", "", most > 1 ? "×" + n : "✓"));
    return b;
  }

  let queued = false;
  window.addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; render(); });
  });
  $("hello").textContent = w("connecting");
  status(false);
  connect();
})();
