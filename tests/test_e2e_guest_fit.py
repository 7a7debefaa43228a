"""The guest page on a crowded Samba table, in a real Chromium at a phone's sizes: upright
(400x850, 360x640) and on its side (850x400). Two sides with eight and eleven melds, a hand of
fourteen cards, Done melding and asking the partner: nothing of the table lies over another
tappable thing or the hand, nothing is cut off (by the window, by a box that would have to
scroll, by an ellipsis), every tappable thing is reached where a finger lands on it, and the
page never scrolls sideways. A picture of each size in tests/screenshots/."""

from __future__ import annotations

import pytest

from app.storage import Store
from tests.bench_felt import samba_doc
from tests.browser import Web, see, shot
from tests.test_e2e_guests import door, invite, phone, take_seat

pytestmark = pytest.mark.browser

KEY = "play-20261126-090000-abcdef"
SIZES = ({"width": 400, "height": 850}, {"width": 360, "height": 640},
         {"width": 850, "height": 400})

# Every fault of the table as drawn now, in words (none: it fits). The table's parts are the
# seats, the piles, the sides' names, the melds, the prompt, the sort button, the hand and the
# move buttons; a card belongs to its meld, pile, seat or the hand.
FAULTS = """() => {
  const out = [];
  const W = innerWidth, H = innerHeight, doc = document.documentElement;
  if (doc.scrollWidth > W) out.push(`sideways scroll: ${doc.scrollWidth} > ${W}`);
  if (doc.scrollHeight > H) out.push(`the page scrolls: ${doc.scrollHeight} > ${H}`);
  const felt = document.querySelector('.felt');
  const say = (e) => (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40)
    + ` (${e.className})`;
  const box = (e) => e.getBoundingClientRect();
  const inside = (r, o, slack) => r.left >= o.left - slack && r.right <= o.right + slack
    && r.top >= o.top - slack && r.bottom <= o.bottom + slack;
  const view = {left: 0, top: 0, right: W, bottom: H};
  const parts = Array.from(felt.querySelectorAll(
    '.caption, .chair, .pile, .shead, .group, .ptext, .sort, .hand, .buttons .btn'))
    .filter((e) => box(e).width > 0);
  for (const p of parts) if (!inside(box(p), view, 0.5)) out.push(`cut off: ${say(p)}`);
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    if (a.contains(b) || b.contains(a)) return;
    const p = box(a), q = box(b);
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > 0.5 && y > 0.5) out.push(`overlap: ${say(a)} / ${say(b)}`);
  }));
  for (const c of felt.querySelectorAll('.card, .meld')) {
    const place = c.closest('.group, .hand, .pile, .chair');
    if (!inside(box(c), view, 0.5)) out.push(`card cut off: ${say(c)}`);
    else if (place && !inside(box(c), box(place), 1)) out.push(`card out of place: ${say(c)}`);
  }
  for (const e of felt.querySelectorAll('*')) {
    const s = getComputedStyle(e);
    if (s.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 0.5) {
      out.push(`text cut: ${say(e)}`);
    }
    if (['auto', 'scroll'].includes(s.overflowY) && e.scrollHeight > e.clientHeight + 0.5) {
      out.push(`has to scroll: ${e.className} ${e.scrollHeight} > ${e.clientHeight}`);
    }
  }
  // a finger on a tappable thing lands on it: its middle; a card (in the hand, in a fan
  // under the next one) its corner
  for (const b of felt.querySelectorAll('button')) {
    const r = box(b);
    const [x, y] = b.matches('.card') ? [r.left + 4, r.top + 10] : [r.left + r.width / 2,
                                                                     r.top + r.height / 2];
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit.closest('button') !== b) out.push(`covered: ${say(b)}`);
  }
  return out;
}"""

# resolves once every card on its way has arrived (the seat to play glows on and on)
ARRIVED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""

# what makes the table crowded: cards in the hand, melds a side, move buttons
CROWD = """() => ({
  hand: document.querySelectorAll('.hand .card').length,
  melds: Array.from(document.querySelectorAll('.side'), (s) => s.querySelectorAll('.group').length),
  buttons: document.querySelectorAll('.buttons .btn').length,
})"""


def test_a_crowded_samba_table_fits_a_phone_at_every_size(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    store = Store(web.data)
    store.save_game(KEY, samba_doc())
    store.save_settings({"current_play": KEY, "plays": [KEY]})
    del store
    host = web.open(f"play/{KEY}")
    see(host, "Last moves")
    invite(host, "Ana")  # from the table's menu
    see(host, "Or open http://127.0.0.1:")
    opened = door(web.data)
    token = next(t["token"] for t in opened["tickets"] if t["name"] == "Ana")
    page = phone(web.browser, f"http://127.0.0.1:{opened['port']}/j/{token}")
    take_seat(page, "Ana")
    page.wait_for_selector(".hand .card")
    crowd = page.evaluate(CROWD)
    assert crowd["hand"] >= 14 and min(crowd["melds"]) >= 8 and crowd["buttons"] == 2, crowd
    for size in SIZES:
        if page.viewport_size != size:
            drawn = page.evaluate_handle("document.querySelector('.felt')")
            page.set_viewport_size(size)
            # the page draws itself again for the new size (a new table)
            page.wait_for_function("(old) => document.querySelector('.felt') !== old",
                                   arg=drawn)
        page.evaluate(ARRIVED)  # the cards travel from where they were to where they are
        shot(page, f"85-guest-samba-{size['width']}x{size['height']}")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), size
        assert page.evaluate(FAULTS) == [], size
