/* Meja's guest page (docs/architecture.md, Phones at the table): a seat's view pushed as SSE,
its moves posted as JSON. The payload's text reaches the page through textContent only.
Words (payload.words[key]; the English of EN when missing): connecting waiting watching asking
unseated home locked closed away failed dealer in_hand back card_name joker rank_A rank_J rank_Q
rank_K suit_S suit_H suit_D suit_C lit chosen new sort_suit sort_rank points total won
summary_wait entry_wait hand_count pick_hint remove send_hand hand_in points_n change type_points
pick_cards your_points send_points bad_points out hand_entered join take_seat code code_go
code_label */
"use strict";
const EN = {
  connecting: "Connecting…", waiting: "Waiting for the game…", watching: "Watching",
  asking: "Waiting for the host to let this phone take the seat…",
  unseated: "This phone no longer has a seat at the table.", home: "Choose a seat",
  locked: "The table is locked: no new phone can join.",
  closed: "The table is closed to guests.",
  away: "The host's screen for this game is not open right now.",
  failed: "The table did not answer. Try again.", dealer: "Dealer",
  in_hand: "Cards in hand: {n}", back: "A card face down", card_name: "{rank} of {suit}",
  joker: "Joker", rank_A: "Ace", rank_J: "Jack", rank_Q: "Queen", rank_K: "King",
  suit_S: "spades", suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs",
  lit: "{name}, can be tapped now", chosen: "{name}, selected", new: "{name}, new",
  sort_suit: "Sort by suit", sort_rank: "Sort by rank", points: "Points", total: "Total",
  won: "Won", summary_wait: "The host starts the next round",
  entry_wait: "The round is being played.", hand_count: "Cards: {n}",
  pick_hint: "Tap the cards left in your hand.", remove: "Take out {name}",
  send_hand: "Send my hand", hand_in: "Your hand is in", points_n: "Points: {n}",
  change: "Change", type_points: "Type the points instead", pick_cards: "Pick the cards",
  your_points: "Points in your hand", send_points: "Send my points",
  bad_points: "Type a whole number.", out: "You went out: no hand to enter.",
  hand_entered: "hand entered", join: "This link is for {name}'s seat.",
  take_seat: "Take {name}'s seat", code: "Type the code the host's screen shows for your seat.",
  code_go: "Open my seat", code_label: "Seat code",
};
const SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
const STEP = 22; // px of a hand's card shown, at least: its rank and suit
const $ = (id) => document.getElementById(id);
const main = $("main");
const still = matchMedia("(prefers-reduced-motion: reduce)");
const sideways = matchMedia("(orientation: landscape) and (max-height: 560px)"); // guest.css
const str = (x) => (x === null || x === undefined ? "" : String(x));
const arr = (x) => (Array.isArray(x) ? x : []);
const obj = (x) => (x && typeof x === "object" ? x : null);

let P = null; // the last payload
let down = true;
let pending = null; // the action sent, not answered yet
let order = "suit";
let toastTimer = 0;
let before = null; // the scene drawn last
let hinted = new Set(); // the taps of the hint this phone asked for
const entry = { round: null }; // the hand this seat is entering

function w(key, vars) {
  const own = P && P.words && P.words[key];
  const s = typeof own === "string" && own ? own : EN[key] || key;
  return vars ? s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? str(vars[k]) : m)) : s;
}

function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (str(text)) e.textContent = str(text);
  return e;
}

const put = (el, ...kids) => (el.append(...kids), el);
const join = (...xs) => xs.map(str).filter(Boolean).join(" · ");

function btn(cls, text, onClick, key) {
  const b = h("button", cls, text);
  b.type = "button";
  if (key) b.dataset.f = key; // names it across redraws (focus, pending)
  b.addEventListener("click", onClick);
  return b;
}

function dot(colour) {
  const d = h("i", "dot");
  if (/^#[0-9a-fA-F]{6}$/.test(str(colour))) d.style.background = colour;
  return d;
}

function label(el, text) {
  el.setAttribute("aria-label", text);
  return el;
}

// -- cards
const split = (c) => (c === "JK" ? ["JK", "★"] : [c.slice(0, -1), SIGN[c.at(-1)] || c.at(-1)]);
const ink = (c) => (c === "JK" ? "joker" : /[HD]$/.test(c) ? "red" : "black");

function cardName(code) {
  if (!code) return w("back");
  if (code === "JK") return w("joker");
  const r = code.slice(0, -1);
  const s = code.slice(-1);
  return w("card_name", { rank: "AJQK".includes(r) && r ? w("rank_" + r) : r,
    suit: SIGN[s] ? w("suit_" + s) : s });
}

// A card: a button when a tap on it does something (``key``) or says why not (``why``).
function card(face, o = {}) {
  const code = str(face.code);
  const lit = !!(face.lit || o.lit);
  const live = !o.inert && !!(o.key || o.why) && P.seat >= 0;
  const el = h(live ? "button" : "span", ["card", code ? ink(code) : "back", o.small && "small",
    lit && "lit", face.chosen && "chosen", face.new && "new", hinted.has(o.key) && "hinted"]
    .filter(Boolean).join(" "));
  if (code) {
    const [r, s] = split(code);
    el.append(h("span", "rk", r), h("span", "st", s), h("span", "big", s));
  }
  if (face.id) el.dataset.id = str(face.id);
  const name = cardName(code);
  label(el, face.chosen ? w("chosen", { name }) : lit && live ? w("lit", { name })
    : face.new ? w("new", { name }) : name);
  if (o.hidden) el.setAttribute("aria-hidden", "true");
  else if (!live) el.setAttribute("role", "img");
  if (live) {
    el.type = "button";
    if (face.chosen) el.setAttribute("aria-pressed", "true");
    el.dataset.f = "t:" + (o.key || face.id);
    el.addEventListener("click", () => tap(el, o.key, lit, o.why));
  }
  return el;
}

// -- acting
function toast(text) {
  Object.assign($("toast"), { textContent: text, hidden: false });
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { $("toast").hidden = true; }, 4000);
}

function tap(el, key, lit, why) {
  if (pending) return;
  if (why && !lit) toast(why); // the game's own words: nothing to ask the host
  else if (key) send({ tap: key }, el, "t:" + key);
}

function settle() {
  pending = null;
  main.querySelectorAll(".pending").forEach((e) => e.classList.remove("pending"));
}

// Posts ``body`` with the version it was drawn from, one at a time; ``done`` runs on an ok.
// An ok waits for the message it brings (it may have come before the reply).
function send(body, el, key, done) {
  if (pending || !P) return;
  const mine = { key, acked: false, seen: false, n: P.n };
  pending = mine;
  if (el) el.classList.add("pending");
  body.n = P.n;
  fetch("act", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) })
    .then((r) => r.json().catch(() => ({ ok: r.ok })))
    .then((reply) => {
      if (pending !== mine) { // settled by a new state: only a refusal is still to say
        if (reply && reply.ok === false && reply.why) toast(str(reply.why));
        return;
      }
      if (reply && reply.ok === true) {
        if (done) done();
        if (mine.seen) settle();
        else {
          mine.acked = true;
          setTimeout(() => { if (pending === mine) settle(); }, 5000);
        }
      } else {
        settle();
        if (reply && reply.why) toast(str(reply.why));
      }
    })
    .catch(() => { if (pending === mine) { settle(); toast(w("failed")); } });
}

// The door's own posts (take the seat, a typed code): one at a time; a code that opens a
// seat reloads the page, whose stream then carries that seat's cookies.
let knocking = false;
function door1(path, body) {
  if (knocking) return;
  knocking = true;
  const how = { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) };
  (path === "code" ? fetch("code", how) : fetch("join", how))
    .then((r) => r.json().catch(() => ({ ok: r.ok })))
    .catch(() => ({ ok: false, why: w("failed") }))
    .then((reply) => {
      knocking = false;
      if (reply && reply.ok === true) { if (path === "code") location.reload(); }
      else if (reply && reply.why) toast(str(reply.why));
    });
}

function codeView() {
  const box = h("form", "panel", w("code"));
  const input = h("input");
  Object.assign(input, { id: "code", type: "text", autocomplete: "off", maxLength: 8,
    autocapitalize: "characters", spellcheck: false, value: codeText });
  input.setAttribute("aria-label", w("code_label"));
  input.dataset.f = "code";
  input.addEventListener("input", () => { codeText = input.value; });
  box.addEventListener("submit", (ev) => { ev.preventDefault(); door1("code", { code: codeText }); });
  const go = h("button", "btn primary", w("code_go"));
  go.type = "submit";
  return put(box, h("p"), input, go);
}
let codeText = "";

// -- the stream
let drawnFrom = "";

// A tap pressed on a button and lifted on the same button drawn anew (a state came in between)
// reaches neither as a click: it goes to the new one.
let pressed = null;
document.addEventListener("pointerdown", (e) => {
  pressed = e.target instanceof Element ? e.target.closest("[data-f]") : null;
}, true);
document.addEventListener("pointerup", (e) => {
  const up = e.target instanceof Element ? e.target.closest("[data-f]") : null;
  if (pressed && up && up !== pressed && !pressed.isConnected && up.dataset.f === pressed.dataset.f) {
    up.click();
  }
  pressed = null;
}, true);
function status(up) {
  down = !up;
  Object.assign($("status"), { textContent: w("connecting"), hidden: up });
}

function connect() {
  const es = new EventSource("stream");
  es.onopen = () => status(true);
  es.onmessage = (ev) => {
    let data = null;
    try { data = obj(JSON.parse(ev.data)); } catch (_e) { return; }
    if (!data) return;
    const same = ev.data === drawnFrom; // another seat's change: nothing here to draw again
    drawnFrom = ev.data;
    P = data;
    status(true);
    if (pending) { // a new state: the action sent is in it (its answer may come after)
      if (pending.acked || data.n !== pending.n) settle();
      else pending.seen = true;
    }
    if (!same) render();
  };
  es.onerror = () => {
    status(false);
    if (es.readyState === EventSource.CLOSED) setTimeout(connect, 4000);
  };
}

// -- drawing

function render() {
  if (!P) return;
  document.documentElement.lang = str(P.lang) || "en";
  const title = str(P.title);
  document.title = join(title, "Meja");
  $("title").textContent = title || "Meja";
  $("me").textContent = P.seat >= 0 ? str(P.name) : w("watching");
  const me = $("me-dot");
  me.style.background = dot(P.seat >= 0 ? P.colour : "").style.background;
  me.hidden = !me.style.background;
  if (down) status(false);

  const was = places();
  const active = document.activeElement;
  const focus = active && active.dataset ? active.dataset.f : "";
  const caret = active && active.selectionStart;
  const door = str(P.door);
  const play = obj(P.play);
  const match = obj(P.match);
  const summary = play && obj(play.summary);
  const scene = play && !summary && obj(play.scene);
  const parts = [];
  if (door === "join") {
    const box = h("div", "panel", w("join", { name: P.name }));
    box.append(h("p"), btn("btn primary", w("take_seat", { name: P.name }),
      () => door1("join", {}), "join"));
    parts.push(box);
  } else if (door === "code") {
    parts.push(codeView());
  } else if (["asking", "unseated", "locked", "closed"].includes(door)) {
    const box = h("div", "panel", w(door));
    if (door === "unseated") {
      box.append(h("p"), btn("btn primary", w("home"), () => { location.href = "/"; }, "home"));
    }
    parts.push(box);
  } else {
    if (door === "away") parts.push(h("p", "banner", w("away")));
    if (summary) parts.push(summaryView(summary, obj(play.asks)));
    else if (scene) parts.push(table(play, scene));
    else if (match) parts.push(...matchView(match));
    else if (door !== "away") parts.push(h("p", "panel", w("waiting")));
  }
  document.body.classList.toggle("table", !!scene);
  // what a person asks on the host's bar: a hint, to take back a move
  const a = (!summary && obj((play || match || {}).asks)) || {};
  $("asks").replaceChildren(...[["ask_hint", { hint: true }], ["ask_undo", { undo: true }]]
    .filter(([k]) => a[k] && P.seat >= 0).map(([k, body]) => btn("hbtn", a[k],
      (e) => send(body, e.currentTarget, k), k)));
  main.replaceChildren(...parts);
  if (scene) fit(main.querySelector(".felt"), scene);
  const named = (f) => main.querySelector(`[data-f="${CSS.escape(f)}"]`);
  const busy = pending && named(pending.key);
  if (busy) busy.classList.add("pending");
  const again = focus && named(focus);
  if (again) {
    again.focus({ preventScroll: true });
    if (caret >= 0 && again.setSelectionRange) again.setSelectionRange(caret, caret);
  }
  if (scene) move(was, play, scene);
  before = scene || null;
}

// Where each card (by id), seat and pile is now: where cards move from.
function places() {
  const out = new Map();
  main.querySelectorAll("[data-id],[data-k]").forEach((e) => {
    out.set(e.dataset.id ? "c:" + e.dataset.id : e.dataset.k, e.getBoundingClientRect());
  });
  return out;
}

// Moves each card from where it was; a new one from the pile that shrank or the seat that moved.
function move(was, play, scene) {
  const speed = Number.isFinite(play.speed) ? play.speed : 250;
  if (speed <= 0 || still.matches || !was.size || !before) return;
  const counts = new Map(arr(before.piles).map((p) => [p.key, p.count]));
  const pile = arr(scene.piles).find((p) => p.count < (counts.get(p.key) || 0))
    || arr(before.piles)[0];
  const mover = arr(before.chairs).find((c) => c.active);
  const fromPile = pile && was.get("p:" + pile.key);
  const fromSeat = mover && was.get("s:" + mover.seat);
  main.querySelectorAll(".felt [data-id]").forEach((el) => {
    const now = el.getBoundingClientRect();
    const then = was.get("c:" + el.dataset.id) || (el.closest(".hand") ? fromPile : fromSeat);
    const dx = then ? then.left - now.left : 0;
    const dy = then ? then.top - now.top : 0;
    if (then && Math.abs(dx) + Math.abs(dy) < 2) return;
    const a = el.animate(then ? { transform: [`translate(${dx}px, ${dy}px)`, "none"] }
      : { opacity: [0, 1] }, { duration: speed, easing: "cubic-bezier(.2,.7,.2,1)" });
    if (!el.closest(".hand")) { // over the hand's dock on its way
      el.style.zIndex = 3;
      a.onfinish = a.oncancel = () => { el.style.zIndex = ""; };
    }
  });
}

// The hand's card width: a seventh of a phone's width, less (44 px at least) to keep a long
// hand to one row; a phone on its side: as its height allows.
function sizes(n) {
  const vw = document.documentElement.clientWidth;
  const vh = innerHeight;
  const side = sideways.matches;
  const room = side ? vw - 230 : Math.min(vw, 1180) - 16;
  let cw = side ? Math.min(70, Math.max(40, Math.floor(vh * 0.14)))
    : Math.min(76, Math.floor(room / 7), Math.floor(vh / 11));
  if (n > 1 && cw + STEP * (n - 1) > room) cw = Math.max(44, room - STEP * (n - 1));
  return [cw, Math.max(24, Math.round(cw * (side ? 0.48 : 0.62)))];
}

function table(play, sc) {
  hinted = new Set(arr(sc.hinted)); // before anything is drawn: the piles and melds too
  const hand = arr(sc.hand);
  const [cw, sw] = sizes(hand.length);
  const felt = h("section", "felt");
  felt.style.setProperty("--w", cw + "px");
  felt.style.setProperty("--sw", sw + "px");
  const chairs = h("div", "chairs");
  for (const c of arr(sc.chairs)) if (c.seat !== P.seat) chairs.append(chair(c));
  const piles = put(h("div", "piles"), ...arr(sc.piles).map(pile));
  const sides = put(h("div", "sides"), ...arr(sc.sides).map((x) => side(x, false)));
  felt.classList.toggle("laid", arr(sc.chairs).some((c) => arr(c.groups).length));
  felt.classList.toggle("still", play.speed <= 0);
  const a = obj(play.asks) || {};
  const prompt = put(h("div", "prompt"), put(h("div", "ptext"), h("b", "", sc.prompt),
    h("span", "", sc.note), h("i", "", a.hint || a.note)));
  if (typeof play.order === "string") order = play.order;
  if (hand.length && P.seat >= 0) {
    const other = order === "rank" ? "suit" : "rank";
    prompt.append(btn("sort", w("sort_" + other), (e) => {
      send({ order: other }, e.currentTarget, "sort", () => { order = other; });
    }, "sort"));
  }
  const dock = put(h("div", "dock"), prompt,
    put(h("div", "hand"), ...hand.map((f) => card(f, { key: str(f.tap), why: str(f.why) }))));
  const buttons = arr(sc.buttons);
  if (buttons.length && P.seat >= 0) {
    dock.append(put(h("div", "buttons"), ...buttons.map((b) => btn(
      (b.primary || buttons.length < 2 ? "btn primary" : "btn")
        + (hinted.has(str(b.tap)) ? " hinted" : ""), b.label,
      (e) => tap(e.currentTarget, str(b.tap), true, ""), "t:" + str(b.tap)))));
  }
  const caption = h("div", "caption", play.caption);
  if (!sideways.matches) {
    return put(felt, put(h("div", "top"), caption, chairs, piles, sides), dock);
  }
  // on its side: the seats down the left (and the piles under them beside melds)
  const melds = !!sides.firstChild;
  return put(felt, put(h("div", "seats"), caption, chairs, ...(melds ? [piles] : [])),
    put(h("div", "play"), put(h("div", "top"), ...(melds ? [] : [piles]), sides), dock));
}

// Lays the table out in the window: the hand, then the melds as fans of cards; where they do
// not fit above the hand, smaller fans closer together, then each meld as one small card with
// its count, smaller and smaller (where even that does not fit, the table scrolls above the
// hand). A seat's cards in play wider than its box close up.
function fit(felt, sc) {
  layoutHand(felt);
  const right = (e) => e.getBoundingClientRect().right;
  for (const fan of felt.querySelectorAll(".chair .gcards")) {
    if (right(fan) > right(fan.closest(".chair")) - 4) fan.classList.add("tight");
  }
  const sides = felt.querySelector(".sides");
  const sw = parseFloat(felt.style.getPropertyValue("--sw"));
  const boxes = [felt, ...felt.querySelectorAll(".top, .seats")];
  const over = () => boxes.some((e) => e.scrollHeight > e.clientHeight + 1
    || e.scrollWidth > e.clientWidth + 1);
  const less = Math.max(24, Math.round(sw * 0.8));
  for (const [size, small] of [[0], [less, false], [24, false], [sw, true], [less, true],
    [24, true]]) {
    if (size) {
      sides.style.setProperty("--sw", size + "px");
      sides.classList.toggle("close", !small);
      sides.replaceChildren(...arr(sc.sides).map((x) => side(x, small)));
    }
    if (!sides.firstChild || !over()) return;
  }
}

// Lays the hand out, each card showing STEP px at least, in as many rows as that takes.
function layoutHand(felt) {
  const box = felt.querySelector(".hand");
  const cards = Array.from(box.children);
  const cw = parseFloat(felt.style.getPropertyValue("--w"));
  const ch = Math.round(cw * 1.4);
  const room = box.clientWidth;
  const n = cards.length;
  const rows = Math.max(1, Math.ceil(n / (Math.floor((room - cw) / STEP + 0.01) + 1)));
  const gap = Math.round(ch * 0.45);
  const lift = Math.round(cw * 0.44) + 2; // room for a chosen card's rise
  let i = 0;
  for (let r = 0; r < rows; r++) {
    const k = Math.floor(n / rows) + (r < n % rows ? 1 : 0);
    const step = k > 1 ? Math.min(cw + 4, (room - cw) / (k - 1)) : 0;
    const left = (room - cw - step * (k - 1)) / 2;
    for (let j = 0; j < k; j++, i++) {
      cards[i].style.left = Math.round(left + j * step) + "px";
      cards[i].style.top = lift + r * gap + "px";
    }
  }
  box.style.height = (n ? lift + ch + gap * (rows - 1) + 4 : 0) + "px";
}

function chair(c) {
  const box = h("div", c.active ? "chair active" : "chair");
  box.dataset.k = "s:" + c.seat;
  if (/^#[0-9a-fA-F]{6}$/.test(str(c.colour))) box.style.borderLeftColor = c.colour;
  const name = put(h("div", "cname"), h("b", "", c.name));
  if (c.dealer) name.append(label(h("span", "dealer", "D"), w("dealer")));
  const n = Number(c.cards) || 0;
  const meta = put(h("div", "cmeta"), h("span", "", c.score));
  if (c.tally) meta.append(h("span", "", c.tally));
  if (c.note) meta.append(h("span", "cnote", c.note));
  else if (c.level) meta.append(h("span", "clevel", c.level));
  box.append(name, put(h("div", "cline"), label(h("span", "backs", n), w("in_hand", { n })), meta));
  if (arr(c.groups).length) {
    box.append(put(h("div", "cgroups groups"), ...c.groups.map((g) => group(g, false))));
  }
  return box;
}

// The rank a meld drawn as one small card shows (or its first and last card's).
function meldText(faces) {
  const ranks = faces.map((f) => str(f.code)).filter(Boolean)
    .map((c) => (c === "JK" ? "JK" : c.slice(0, -1)));
  const natural = ranks.filter((r) => r !== "JK" && r !== "2");
  const shown = natural.length ? natural : ranks;
  if (!shown.length) return "";
  return new Set(shown).size === 1 ? shown[0] : shown[0] + "-" + shown.at(-1);
}

// Cards laid together (a meld, a seat's cards in play): a tap on them is the group's tap;
// ``small``: drawn as one small card with its count (its edge tells a canasta's kind).
function group(g, small) {
  const box = h("div", g.lit ? "group lit" : "group");
  const key = str(g.tap);
  const why = str(g.why);
  const faces = arr(g.cards);
  if (small) {
    const live = !!(key || why) && P.seat >= 0;
    const kind = ["samba", "pure", "mixed"].find((k) => str(g.kind).includes(k)) || "";
    const chip = live
      ? btn("meld", "", (e) => tap(e.currentTarget, key, !!g.lit, why), "t:" + key)
      : h("span", "meld");
    chip.classList.toggle("lit", !!g.lit);
    if (kind) chip.classList.add(kind);
    chip.append(meldText(faces), h("small", "", "×" + faces.length));
    const name = join(g.label, faces.map((f) => cardName(str(f.code))).join(", "));
    label(chip, live && g.lit ? w("lit", { name }) : name);
    if (!live) chip.setAttribute("role", "img");
    return put(box, chip);
  }
  box.append(key && g.label && P.seat >= 0
    ? btn("glabel", g.label, (e) => tap(e.currentTarget, key, !!g.lit, why), "t:" + key)
    : h("span", "glabel", g.label));
  return put(box, put(h("div", faces.length > 8 ? "gcards tight" : "gcards"), ...faces.map(
    (f, i) => card(f, { small: true, key: str(f.tap) || key, why: str(f.why) || why,
      lit: g.lit && i === faces.length - 1 }))));
}

function side(s, small) {
  const box = h("div", "side");
  if (/^#[0-9a-fA-F]{6}$/.test(str(s.colour))) box.style.borderLeftColor = s.colour;
  return put(box, h("div", "shead", join(s.label, s.note)),
    put(h("div", "groups"), ...arr(s.groups).map((g) => group(g, small))));
}

function pile(p) {
  const key = str(p.tap);
  const why = str(p.why);
  const live = !!(key || why) && P.seat >= 0;
  const box = h(live ? "button" : "div", (p.lit ? "pile lit" : "pile")
    + (hinted.has(key) ? " hinted" : ""));
  box.dataset.k = "p:" + p.key;
  const top = arr(p.top).slice(-3);
  const slot = put(h("div", "slot"), ...top.map((f, i) => {
    const c = card(f, { inert: true, hidden: true, lit: p.lit && i === top.length - 1 });
    c.style.left = i * 12 + "px";
    return c;
  }));
  if (!top.length) slot.append(h("span", "none"));
  if (p.mark) slot.append(h("span", "mark", p.mark));
  const text = p.count ? `${str(p.label)} · ${p.count}` : str(p.label);
  box.append(slot, h("span", "plabel", text));
  const shown = top.filter((f) => f.code).slice(-1).map((f) => cardName(f.code));
  const name = [text, ...shown, str(p.mark)].filter(Boolean).join(", ");
  label(box, live && p.lit ? w("lit", { name }) : name);
  if (live) {
    box.type = "button";
    box.dataset.f = "t:" + key;
    box.addEventListener("click", () => tap(box, key, !!p.lit, why));
  } else {
    box.setAttribute("role", "group");
  }
  return box;
}

const small = (code) => card({ code: str(code) }, { small: true, inert: true });

// A round's summary; ``a``: its close on this phone (or who is still to close it).
function summaryView(s, a) {
  const box = h("section", "sheet summary");
  box.append(h("h2", "", s.heading), h("p", "", s.how));
  const lines = h("div", "lines");
  for (const l of arr(s.lines)) {
    const line = h("div", l.won ? "line won" : "line");
    const head = put(h("div", "lhead"), dot(l.colour), h("b", "", l.name));
    if (l.won) head.append(h("span", "wonmark", "★ " + w("won")));
    for (const [k, v] of [["points", l.points], ["total", l.total]]) {
      head.append(put(h("div", "num"), h("small", "", str(s[k + "_label"]) || w(k)),
        h("span", "", v)));
    }
    line.append(head);
    if (arr(l.cards).length) line.append(put(h("div", "lcards"), ...l.cards.map(small)));
    if (l.detail) line.append(h("div", "detail", l.detail));
    lines.append(line);
  }
  box.append(lines, ...arr(s.why).map((x) => h("p", "", x)),
    ...arr(s.verdict).map((x) => h("p", "verdict", x)), a && a.close
      ? btn("btn primary big", a.close, (e) => send({ close: a.seen }, e.currentTarget, "close"),
        "close") : h("p", "wait", (a && a.closed) || w("summary_wait")));
  return box;
}

// -- a match at the table
function matchView(m) {
  const head = h("section", "sheet");
  const list = h("ul", "players");
  for (const p of arr(m.players)) {
    const li = put(h("li"), dot(p.colour), h("span", "", p.name), h("b", "", p.total));
    if (p.in) li.append(label(h("span", "tick", "✓"), w("hand_entered")));
    list.append(li);
  }
  head.append(h("p", "round", m.round), h("h2", "turn", m.turn), list);
  const note = obj(m.asks) && m.asks.note;
  if (note) head.append(h("p", "warn", note));
  if (obj(m.summary)) return [summaryView(m.summary, obj(m.asks))];
  const e = obj(m.entry);
  const fresh = { counts: {}, changing: false, typing: false, points: "", sent: false,
    form: null };
  if (entry.round !== str(m.round)) Object.assign(entry, fresh, { round: str(m.round) });
  if (!e) return P.seat >= 0 ? [head, h("p", "sheet muted", w("entry_wait"))] : [head];
  if (e.kind === "turn") return [head, turnView(e)];
  if (e.out) return [head, h("p", "sheet", w("out"))];
  if (e.done && (!entry.changing || entry.sent)) {
    Object.assign(entry, fresh);
    return [head, e.kind === "part" ? partDone(e) : doneView(e)];
  }
  return [head, e.kind === "part" ? partView(e) : entryView(e)];
}

function doneView(e) {
  const box = put(h("section", "sheet"), h("h2", "", "✓ " + w("hand_in")),
    put(h("div", "lcards"), ...arr(e.hand).map(small)));
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

const chosen = (e, counts = entry.counts) =>
  arr(e.cards).flatMap((c) => Array(counts[c] || 0).fill(str(c)));

// The cards of a pack in rows by suit (the jokers last), each made by ``cell``.
function grid(cards, cell) {
  const suits = new Map();
  for (const c of arr(cards).map(str)) {
    const s = c === "JK" ? "J" : c.slice(-1);
    if (!suits.has(s)) suits.set(s, h("div", "suit"));
    suits.get(s).append(cell(c));
  }
  return [...suits.values()];
}

// The cards picked (a tap takes one out), their count and the button that sends them.
function picked(cards, counts, go) {
  const box = h("div", "picked");
  cards.forEach((c, i) => {
    const chip = btn("chip", "", () => { counts[c] -= 1; render(); }, "x:" + c + i);
    chip.append(card({ code: c }, { small: true, inert: true, hidden: true }));
    box.append(label(chip, w("remove", { name: cardName(c) })));
  });
  return put(h("div", "foot"), box, put(h("div", "go"),
    h("span", "count", w("hand_count", { n: cards.length })), go));
}

function entryView(e) {
  const box = h("section", "sheet entry");
  const top = put(h("div", "etop"), h("span", "muted", entry.typing ? "" : w("pick_hint")));
  if (e.typed) {
    top.append(btn("link", w(entry.typing ? "pick_cards" : "type_points"), () => {
      entry.typing = !entry.typing;
      render();
    }, "typing"));
  }
  box.append(top);
  const done = () => { entry.sent = true; };
  if (entry.typing) {
    const text = h("label", "", w("your_points"));
    const input = h("input");
    Object.assign(input, { id: "points", type: "text", inputMode: "numeric", autocomplete: "off",
      value: entry.points, maxLength: 6 });
    text.htmlFor = "points";
    input.dataset.f = "points";
    input.addEventListener("input", () => { entry.points = input.value; });
    const go = btn("btn primary big", w("send_points"), (ev) => {
      const v = entry.points.trim();
      if (/^-?\d{1,5}$/.test(v)) send({ points: parseInt(v, 10) }, ev.currentTarget, "send", done);
      else toast(w("bad_points"));
    }, "send");
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go.click(); });
    return put(box, put(h("div", "typed"), text, input), go);
  }
  box.append(...grid(e.cards, (c) => gridCard(c, Number(obj(e.copies) && e.copies[c]) || 1)));
  return put(box, picked(chosen(e), entry.counts, btn("btn primary", w("send_hand"), (ev) => {
    send({ hand: chosen(e) }, ev.currentTarget, "send", done);
  }, "send")));
}

// A card of the grid: a tap adds a copy, up to ``most``; one more takes them all out.
function gridCard(code, most, counts = entry.counts) {
  const n = counts[code] || 0;
  const [r, s] = split(code);
  const b = btn("ecard " + ink(code), r, () => {
    counts[code] = n < most ? n + 1 : 0;
    render();
  }, "g:" + code);
  b.append(h("span", "", s));
  if (n) b.append(h("i", "", most > 1 ? "×" + n : "✓"));
  b.setAttribute("aria-pressed", n ? "true" : "false");
  return label(b, cardName(code) + (n > 1 ? " × " + n : ""));
}

// A player's part of a side's result (Samba): by counts (steppers in groups) or card by card
// (a grid for the melds, one for the hand; the canastas by counts), as the host enters it.
function partView(e) {
  const groups = arr(e.groups);
  const f = entry.form || (entry.form = { mode: "counts", counts: { ...obj(e.sent) },
    cards: { melded: {}, hand: {} }, target: "melded" });
  const box = put(h("section", "sheet entry"), h("h2", "", e.title), h("p", "muted", e.note));
  box.append(put(h("div", "tabs"), ...arr(e.modes).map(([k, text]) => tab(text, f.mode === k,
    () => { f.mode = k; }, "mode:" + k))));
  if (e.problem) box.append(h("p", "error", e.problem));
  const cards = f.mode === "cards";
  if (cards) {
    box.append(put(h("div", "tabs"), ...arr(e.targets).map(([k, text]) => tab(text + " · "
      + chosen(e, f.cards[k]).length, f.target === k, () => { f.target = k; }, "to:" + k))));
    const mine = f.cards[f.target];
    const other = f.cards[f.target === "melded" ? "hand" : "melded"];
    box.append(...grid(e.cards, (c) => gridCard(c, (Number(obj(e.copies) && e.copies[c]) || 1)
      - (other[c] || 0), mine)));
  }
  for (const [id, title, steps] of groups) {
    if (cards && id !== "big") continue;
    box.append(put(h("div", "group2"), h("h3", "", title),
      ...arr(steps).map((s) => stepper(s, f.counts))));
  }
  const done = () => { entry.sent = true; };
  const go = btn("btn primary", e.send, (ev) => {
    const counts = {};
    for (const [, , steps] of groups) for (const [k] of arr(steps)) counts[k] = f.counts[k] || 0;
    const body = !cards ? counts : { melded: chosen(e, f.cards.melded),
      hand: chosen(e, f.cards.hand), pure: counts.pure, mixed: counts.mixed,
      sambas: counts.sambas };
    send({ part: body }, ev.currentTarget, "send", done);
  }, "send");
  return put(box, cards ? picked(chosen(e, f.cards[f.target]), f.cards[f.target], go)
    : put(h("div", "foot"), go));
}

function partDone(e) {
  const box = put(h("section", "sheet"), h("h2", "", "✓ " + str(e["in"])),
    ...arr(e.lines).map((x) => h("p", "", x)));
  if (e.warning) box.append(h("p", "warn", e.warning));
  return put(box, btn("btn", w("change"), () => {
    Object.assign(entry, { changing: true, sent: false,
      form: { mode: "counts", counts: { ...obj(e.sent) }, cards: { melded: {}, hand: {} },
        target: "melded" } });
    render();
  }, "change"));
}

// A choice among a few (a mode, a target): pressed when chosen.
function tab(text, on, pick, key) {
  const b = btn(on ? "tab on" : "tab", text, () => { pick(); render(); }, key);
  b.setAttribute("aria-pressed", on ? "true" : "false");
  return b;
}

// A count set by taps: [key, name, most, "one less", "one more", ("5 less", "5 more")].
function stepper([k, name, most, ...tips], vals) {
  const n = vals[k] || 0;
  const by = (d, tip) => {
    const b = label(btn("step", (d > 0 ? "+" : "−") + (Math.abs(d) > 1 ? 5 : ""), () => {
      vals[k] = Math.max(0, Math.min(most, n + d));
      render();
    }, k + d), tip);
    b.disabled = d < 0 ? n <= 0 : n >= most;
    return b;
  };
  const row = put(h("div", "stepper"), h("span", "", name));
  if (tips[2]) row.append(by(-5, tips[2]));
  row.append(by(-1, tips[0]), h("b", "", n), by(1, tips[1]));
  if (tips[3]) row.append(by(5, tips[3]));
  return row;
}

// A player's own move at the table (Sums): the table's words, its moves as buttons, the
// cards that may be placed as a grid (a tap places it).
function turnView(e) {
  const box = put(h("section", "sheet entry"), h("h2", "", e.prompt));
  const moves = (bs) => put(h("div", "moves"), ...arr(bs).map(([k, text]) => btn("btn", text,
    (ev) => send({ move: k }, ev.currentTarget, "m:" + k), "m:" + k)));
  const c = obj(e.counter); // its card may still be countered, on its turn too
  if (c) box.append(h("p", "warn", c.title), moves(c.buttons));
  for (const x of [e.help, ...arr(e.notes)]) if (x) box.append(h("p", "muted", x));
  box.append(moves(e.buttons));
  return put(box, ...grid(e.grid, (c) => {
    const [r, s] = split(c);
    const b = btn("ecard " + ink(c), r, (ev) => send({ move: "card-" + c }, ev.currentTarget,
      "g:" + c), "g:" + c);
    return label(put(b, h("span", "", s)), cardName(c));
  }));
}

let queued = false;
addEventListener("resize", () => {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => { queued = false; render(); });
});
$("hello").textContent = w("connecting");
status(false);
connect();
