/* Meja's room screen (docs/architecture.md, Phones at the table): the public table drawn large
for a TV or a tablet, opened by the table screen's link. It is pushed the room (SSE) and never
acts. The payload's text reaches the page through textContent only.
Words (payload.words[key]; the English of EN when missing): connecting waiting away closed
dealer in_hand hand_entered won back card_name joker rank_A rank_J rank_Q rank_K suit_S suit_H
suit_D suit_C moves rounds screen */
"use strict";
const EN = {
  connecting: "Connecting…", waiting: "Waiting for the game…",
  away: "The host's screen for this game is not open right now.",
  closed: "The table is closed to guests.", dealer: "Dealer", in_hand: "Cards in hand: {n}",
  hand_entered: "hand entered", won: "Won", back: "A card face down",
  card_name: "{rank} of {suit}", joker: "Joker", rank_A: "Ace", rank_J: "Jack",
  rank_Q: "Queen", rank_K: "King", suit_S: "spades", suit_H: "hearts", suit_D: "diamonds",
  suit_C: "clubs", moves: "Last moves", rounds: "Rounds played", screen: "Table screen",
};
const SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
const $ = (id) => document.getElementById(id);
const main = $("room");
// the wide screen: everything on one screen, no scrolling (room.css)
const wide = matchMedia("(min-width: 900px) and (min-aspect-ratio: 5/4)");
const str = (x) => (x === null || x === undefined ? "" : String(x));
const arr = (x) => (Array.isArray(x) ? x : []);
const obj = (x) => (x && typeof x === "object" ? x : null);

let P = null; // the last message
let R = null; // the last room drawn: it stays under a word that the host is away
let down = true;

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

function named(el, text) {
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", text);
  return el;
}

function dot(colour) {
  const d = h("i", "dot");
  if (/^#[0-9a-fA-F]{6}$/.test(str(colour))) d.style.background = colour;
  else d.hidden = true;
  return d;
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

function card(code, size) {
  const c = str(code);
  const el = h("span", ["card", size, c ? ink(c) : "back"].join(" "));
  if (c) {
    const [r, s] = split(c);
    el.append(h("b", "", r), h("i", "", s), h("u", "", s));
  }
  return named(el, cardName(c));
}

// -- the table
function seat(s) {
  const box = h("section", s.turn ? "seat turn" : "seat");
  if (/^#[0-9a-fA-F]{6}$/.test(str(s.colour))) box.style.setProperty("--c", s.colour);
  const name = put(h("div", "sname"), dot(s.colour), h("b", "", s.name));
  const line = put(h("div", "sline"), h("span", "score", s.score));
  if (s.dealer) line.append(named(h("span", "dealer", "D"), w("dealer")));
  if (typeof s.cards === "number") {
    line.append(named(h("span", "backs", s.cards), w("in_hand", { n: s.cards })));
  }
  if (s.done) line.append(named(h("span", "tick", "✓"), w("hand_entered")));
  box.append(name, line);
  if (s.note) box.append(h("div", "snote", s.note));
  if (arr(s.up).length) box.append(put(h("div", "fan"), ...s.up.map((c) => card(c, "small"))));
  return box;
}

function pile(p) {
  const box = h("div", "pile");
  if (typeof p.top === "string") { // its top card (a back: face down), none when it is empty
    const slot = put(h("div", "slot"), p.top || p.count !== 0 ? card(p.top, "big")
      : h("span", "none"));
    if (p.mark) slot.append(h("span", "mark", p.mark));
    box.append(slot);
  }
  box.append(h("span", "plabel", p.label));
  if (typeof p.count === "number") box.append(h("span", "pcount", p.count));
  return box;
}

// A meld as a fan of cards, and as one card with its count (room.css shows one of the two).
function meld(m) {
  const cards = arr(m.cards).map(str);
  const kind = ["samba", "pure", "mixed"].find((k) => str(m.kind).includes(k)) || "";
  const box = h("div", "meld " + kind);
  if (m.label) box.append(h("span", "mlabel", m.label));
  const ranks = cards.filter(Boolean).map((c) => (c === "JK" ? "JK" : c.slice(0, -1)));
  const natural = ranks.filter((r) => r !== "JK" && r !== "2");
  const shown = natural.length ? natural : ranks;
  const rank = new Set(shown).size === 1 ? shown[0] : shown[0] + "–" + shown.at(-1);
  const chip = named(put(h("span", "chip"), str(rank), h("small", "", "×" + cards.length)),
    [m.label, cards.map(cardName).join(", ")].filter(Boolean).join(": "));
  return put(box, put(h("div", "fan"), ...cards.map((c) => card(c, "small"))), chip);
}

function side(s) {
  const box = h("section", "side");
  const head = put(h("div", "shead"), ...arr(s.colours).map(dot), h("b", "", s.label));
  if (s.note) head.append(h("span", "", s.note));
  box.append(head, ...arr(s.lines).map((l) => h("div", "sl2", l)));
  if (arr(s.melds).length) box.append(put(h("div", "melds"), ...s.melds.map(meld)));
  return box;
}

// -- the last moves, newest first, a line between rounds
function movesView(list) {
  const ol = h("ol", "mlist");
  for (const m of arr(list)) {
    if (m.round) ol.append(h("li", "hd", m.round));
    if (m.text) ol.append(h("li", "", m.text));
  }
  return put(h("section", "moves"), h("h2", "", w("moves")), ol);
}

// -- a round's summary: who won, the points and totals, how it ended and why
function summary(s, big) {
  const told = big && arr(s.lines).some((l) => l.detail);
  const totals = arr(s.lines).some((l) => l.total);
  const box = h("article", big ? "sum big" : "sum");
  box.append(h("h3", "", s.heading), ...arr(s.how).map((x) => h("p", "how", x)));
  const lines = h("div", ["lines", told && "told", !totals && "bare"].filter(Boolean).join(" "));
  if (big && (s.points_label || s.total_label)) {
    const head = put(h("div", "ln head"), h("span"));
    if (told) head.append(h("span", "det"));
    head.append(h("span", "pts", s.points_label));
    if (totals) head.append(h("span", "tot", s.total_label));
    lines.append(head);
  }
  for (const l of arr(s.lines)) {
    const name = put(h("span", "nm"), dot(l.colour), h("span", "", l.name));
    if (l.won) name.append(named(h("span", "star", "★"), w("won")));
    const line = put(h("div", l.won ? "ln won" : "ln"), name);
    if (told) line.append(h("span", "det", l.detail));
    line.append(h("span", "pts", l.points));
    if (totals) line.append(h("span", "tot", l.total));
    lines.append(line);
  }
  box.append(lines, ...arr(s.why).map((x) => h("p", "why", x)),
    ...arr(s.verdict).map((x) => h("p", "verdict", x)));
  return box;
}

// -- the stream
// Over the room: that it is connecting, or that the host's screen is away (the room as last
// drawn stays under it).
function status(up, away) {
  down = !up;
  Object.assign($("status"), { textContent: w(up ? "away" : "connecting"), hidden: up && !away });
}

function connect() {
  const es = new EventSource("stream");
  es.onopen = () => status(true);
  es.onmessage = (ev) => {
    let data = null;
    try { data = obj(JSON.parse(ev.data)); } catch (_e) { return; }
    if (!data) return;
    P = data;
    down = false;
    render();
  };
  es.onerror = () => {
    status(false);
    if (es.readyState === EventSource.CLOSED) setTimeout(connect, 4000);
  };
}

// -- drawing
function render() {
  if (!P) return;
  const door = str(P.door);
  if (!["watching", "away", "closed"].includes(door)) {
    location.reload(); // this link opens nothing now: the guest page says what to do
    return;
  }
  document.documentElement.lang = str(P.lang) || "en";
  const title = str(P.title);
  if (obj(P.room)) R = P.room;
  document.title = [title, w("screen"), "Meja"].filter(Boolean).join(" · ");
  $("title").textContent = title || "Meja";
  $("round").textContent = R && door !== "closed" ? str(R.round) : "";
  status(!down, door === "away");
  const parts = [];
  if (door === "closed") parts.push(h("p", "panel", w("closed")));
  else if (!R) parts.push(h("p", "panel", w("waiting")));
  else parts.push(...roomView(R));
  main.replaceChildren(...parts);
  main.classList.toggle("away", door === "away");
  fit();
}

function roomView(r) {
  const rounds = arr(r.rounds);
  const table = put(h("section", "table"), h("h2", "prompt", r.prompt),
    ...arr(r.notes).map((x) => h("p", "note", x)),
    put(h("div", "seats"), ...arr(r.seats).map(seat)));
  if (r.ended && rounds.length) table.append(summary(rounds[0], true));
  else {
    const middle = put(h("div", "middle"), put(h("div", "piles"), ...arr(r.piles).map(pile)));
    if (arr(r.sides).length) middle.append(put(h("div", "sides"), ...r.sides.map(side)));
    table.append(middle);
  }
  const past = r.ended ? rounds.slice(1) : rounds;
  const parts = [table, movesView(r.moves)];
  if (past.length) {
    parts.push(put(h("section", "rounds"), h("h2", "", w("rounds")),
      put(h("div", "strip"), ...past.map((s) => summary(s, false)))));
  }
  return parts;
}

// On a wide screen everything shows at once: the oldest summaries and moves that do not fit
// are left out, the melds drawn smaller, then as one card each, then the table smaller.
function fit() {
  const table = main.querySelector(".table");
  if (!table) return;
  table.style.removeProperty("--k");
  table.style.removeProperty("--m");
  table.classList.remove("chips");
  if (!wide.matches) return;
  const over = (e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
  const strip = main.querySelector(".strip");
  if (strip) {
    const edge = strip.getBoundingClientRect().right + 1;
    for (const c of Array.from(strip.children)) {
      if (c.getBoundingClientRect().right > edge) c.remove();
    }
  }
  const list = main.querySelector(".mlist");
  while (list.lastChild && over(list)) list.lastChild.remove();
  if (list.lastChild && list.lastChild.classList.contains("hd")) list.lastChild.remove();
  const melds = !!table.querySelector(".meld");
  for (const [k, m, chips] of [[1, 1, false], [1, 0.85, false], [1, 0.72, false], [1, 1, true],
    [0.9, 1, true], [0.8, 1, true], [0.7, 1, true], [0.6, 1, true]]) {
    if (!melds && k === 1 && (m < 1 || chips)) continue;
    table.style.setProperty("--k", k);
    table.style.setProperty("--m", m);
    table.classList.toggle("chips", chips);
    if (!over(table)) return;
  }
}

// Drawn again for a new size, and once the card font has come (it changes the lines' height).
let queued = false;
function again() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => { queued = false; render(); });
}
addEventListener("resize", again);
document.fonts.addEventListener("loadingdone", again);
$("hello").textContent = w("connecting");
status(false);
connect();
