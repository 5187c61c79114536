// cardgen play: the table as one seat sees it (or, on the designer's link, every seat side by side).
// Everything shown comes from api/view, which the server builds from the seat's observation only;
// moves are the engine's legal actions. api/events says when the table changed (another person's
// move, an agent's): the page then asks for it again.
"use strict";
const HEARTBEAT_MS = 2000;   // the server stops when the page stays silent (server.py HEARTBEAT)
window.agentLatency = [];
let view = null, busy = false, selected = null, agentTimer = null, formKept = null, openGroup = null, savedSaid = null;
//: the header's separator: bound to the words before it, so a wrapped line starts with it, not ends on it
const SEP = "\u00a0· ";
const DASH = "\u00a0— ";
const GROUP_FROM = 8;  // more moves than this: grouped by the card they play
const PHONE = window.matchMedia("(max-width: 700px)");  // app.css's phone layout

const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

let revealed = null;  // pass-and-play: the seat whose person tapped "show my hand" (null: every hand covered)
let answering = null;  // pass-and-play at the end: the seat whose person is giving their answers on the device

function viewPath() {
  // the one device passed around asks for a hand only once its person has shown they hold it
  return "api/view" + (view && view.pass && revealed !== null ? "?reveal=" + revealed : "");
}

function personal(ui, key, name, named, seat) {
  // a sentence about one person: by the name they gave, else by their seat in the sentence's own grammar
  // ("Passez l’appareil au joueur 2", not "à Joueur 2")
  return named === false ? ui[key + "_seat"].replace("{n}", seat + 1) : ui[key].replace("{name}", name);
}

function passCover(v) {
  // between two people's turns a full-screen cover names who takes the device; no hand is in the page under it
  const covered = v.seat < 0 && v.pass_seat !== null && v.pass_seat !== undefined;
  if (covered) revealed = null;
  $("cover").hidden = !covered;
  document.body.classList.toggle("covered", covered);
  if (!covered) return;
  $("cover-text").textContent = personal(v.ui, "pass_to", v.pass_name, v.pass_named, v.pass_seat);
  $("cover-ready").textContent = personal(v.ui, "pass_ready", v.pass_name, v.pass_named, v.pass_seat);
  $("cover-note").textContent = v.ui.pass_note;
  // a table asked for before the tap (a heartbeat on its way) is the covered one: its late answer must not cover
  // again the hand the person has just shown (tests/test_play_evening.py holds such an answer back)
  $("cover-ready").onclick = () => { revealed = v.pass_seat; epoch += 1; $("cover").hidden = true; refresh(); };
}

let epoch = 0;  // bumped by every move, command or "show my hand" tap: a table asked for before it is out of date

//: ms before a question that changes nothing (the table, a hint) is asked a second time, after no answer or a
//: failed one (a phone between two Wi-Fi access points, a machine busy for a moment); a move is never sent twice
const ASK_AGAIN_MS = 400;

async function call(path, body, again = body === undefined) {
  if (body !== undefined) epoch += 1;
  const opts = body === undefined ? {method: "GET"} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  // no answer at all (the server stopped, the phone left the Wi-Fi): said in the page's language, not the browser's English
  const gone = (view && view.ui.err_gone) || "The table does not answer: its server has stopped or is out of reach.";
  const askAgain = () => new Promise((done) => setTimeout(done, ASK_AGAIN_MS)).then(() => call(path, body, false));
  let r;
  try { r = await fetch(path, opts); } catch (e) { if (again) return askAgain(); throw new Error(gone); }
  let data;
  try { data = await r.json(); } catch (e) {  // not the table's answer (a proxy's error page, a cut answer)
    if (again && r.status >= 500) return askAgain();
    data = {error: gone};
  }
  // a refusal met in ordinary play in the page's language; others as the server words them
  if (!r.ok) {
    const refused = new Error((data.code && view && view.ui["err_" + data.code]) || data.error || ("refused: " + r.status));
    refused.code = data.code;
    throw refused;
  }
  return data;
}

function say(text, bad) {
  const m = $("message");
  m.textContent = text || "";
  m.className = bad ? "bad" : "";
}

function cardEl(card, big, playable) {
  const c = el("figure", "card" + (big ? " big" : "") + (playable ? " playable" : "") + (card.dim ? " dim" : ""));
  if (card.face === null) { c.classList.add("slot"); c.appendChild(el("div", "hole")); return c; }
  const img = el("img");
  const picture = card.picture || card.face;  // a two-faced card may show its second face
  img.src = "face/" + picture + ".png";
  img.alt = card.name + (card.text ? " · " + card.text : "");
  img.title = card.name + (card.count ? " × " + card.count : "") + (card.text ? "\n" + card.text : "");
  if (card.id) c.dataset.card = card.id;
  c.dataset.face = card.face;
  c.appendChild(img);
  if (card.count !== undefined && card.count !== null) c.appendChild(el("span", "count", "×" + card.count));
  if (card.badge) c.appendChild(el("span", "badge", card.badge));
  if (card.under && card.under.length) {
    const u = el("div", "under");
    for (const d of card.under) { const i = el("img"); i.src = "face/" + d.face + ".png"; i.alt = d.name; i.title = d.name; u.appendChild(i); }
    c.appendChild(u);
    // and their names, which thumbnails 25 px wide laid over the noble's request never let anyone read (Royale's
    // served dishes: "what sits under each noble is the whole game": #53 play round 30, fr13*, en14)
    c.appendChild(el("div", "served", card.under.map((d) => d.name).join(", ")));
  }
  c.appendChild(el("figcaption", "", card.name));
  img.addEventListener("contextmenu", (ev) => { ev.preventDefault(); zoom(picture); });
  img.addEventListener("dblclick", () => zoom(picture));
  return c;
}

function zoom(face) {
  const z = $("zoom");
  z.querySelector("img").src = "face/" + face + "-large.png";
  z.hidden = false;
}

function movesFor(card, pick) {
  // a move naming this very card, or (in an area the game marks 'pick') naming its face
  if (!view || !view.moves || card.face === null) return [];
  const picks = (m) => pick === true || (Array.isArray(pick) && pick.includes(m.action[0]));
  return view.moves.filter((m) => m.cards.some((w) => (card.id && w === card.id) || (picks(m) && w === card.face)));
}

let handTextsOpen = false;  // a laptop: the person opened the drawer of their own cards' texts
let textsOpen = null;  // the person opened or closed the table's card texts (null: open on a phone, else closed)

function area(a, big) {
  const box = el("div", "area" + (a.cards.length ? " cards" : " facts") + (a.seat === view.seat ? " mine" : "") +
                  // whose turn it is, while there is one: no turn dot left on a finished game (#53 round 27, en14)
                  (a.seat !== undefined && a.seat !== null && a.seat === view.turn && view.waiting !== "over" ? " turn" : "") +
                  (a.seat !== undefined && a.seat !== null && a.seat !== view.seat && !big ? " other" : ""));
  if (a.seat !== undefined && a.seat !== null) box.dataset.seat = a.seat;
  box.appendChild(el("h3", "", a.title));
  let ringRow = null;  // a circle's row: its empty middle holds the folded card texts on a laptop
  if (a.cards.length || a.empty) {
    const row = el("div", "row" + (a.columns ? " grid" : ""));
    if (a.columns) row.style.gridTemplateColumns = `repeat(${a.columns}, auto)`;
    for (const card of a.cards) {
      const moves = movesFor(card, a.pick);
      const c = cardEl(card, big, moves.length > 0);
      // a card its area's title already names (Draco's "Player 1 · Red Lair") keeps no caption saying it again, and
      // the area its line (#53 round 26, en36, fr37, it23)
      const caption = c.querySelector("figcaption");
      // (the designer's column titles it "Red Lair" alone under "PLAYER 1 · ANN": round 28, en30, it24)
      // (the title keeps a name whole with no-break spaces, «Covo giallo»: read as spaces here, or the caption came
      // back under every Draco lair: #53 play round 39, en12*)
      const title = a.title.replace(/\u00a0/g, " "), name = card.name && card.name.replace(/\u00a0/g, " ");
      if (caption && name && (title === name || title.endsWith(" · " + name))) caption.hidden = true;
      if (moves.length) c.addEventListener("click", () => pick(card, moves));
      row.appendChild(c);
    }
    if (!a.cards.length) row.appendChild(el("span", "empty", typeof a.empty === "string" ? a.empty : view.ui.empty));  // a lone dash read as a failed load (fr10)
    if (a.ring) { ring(row, a.ring, big); ringRow = row; }
    box.appendChild(row);
  }
  const texts = new Map();  // what the cards say, as text: their print is too small to read (once per name)
  for (const card of a.cards.concat(a.ring ? [a.ring] : [])) if (card.text) texts.set(card.name + "\u0000" + card.text, card);
  if (texts.size) {
    const ul = el("ul", "card-texts");
    for (const card of texts.values()) {
      const li = el("li");
      li.appendChild(el("b", "", card.name));
      li.appendChild(document.createTextNode(" · " + card.text));
      ul.appendChild(li);
    }
    if (big && PHONE.matches) box.appendChild(ul);  // a phone's hand: always said (the page scrolls)
    else if (big) {
      // a laptop's hand: a drawer over the table, folded, its button beside the hand's title; a paragraph per
      // card under the hand took up to 480 of a laptop's 800 px, cutting the circle, the moves and the game over
      // (#53 round 25: en26, it21, fr44)
      const drawer = el("details", "card-texts drawer");
      drawer.open = handTextsOpen;
      drawer.addEventListener("toggle", () => { handTextsOpen = drawer.open; });
      drawer.append(el("summary", "", view.ui.card_texts), ul);
      box.firstChild.after(drawer);
    } else {  // the table's: folded on a laptop, where every seat must stay on the screen; open on a phone
      const fold = el("details", "card-texts");
      // by default open on a phone for one's own cards and the shared ones, the others' closed: three players'
      // requests open made the page 2,600 px tall (round 25, it16); folded on a laptop, where every seat must stay
      // on a 1280x720 screen. A toggle of the page's own (the default set) is not the person's choice
      const own = a.seat === view.seat, shared = a.seat === undefined || a.seat === null;
      const usual = PHONE.matches && (own || shared);
      fold.open = textsOpen === null ? usual : textsOpen;
      fold.addEventListener("toggle", () => { if (textsOpen !== null || fold.open !== usual) textsOpen = fold.open; });
      // a spectator plays no turn: the cards' "On your turn" is said to whoever plays them (#53 play round 32, it7)
      fold.append(el("summary", "", view.spectator ? view.ui.card_texts_watched : view.ui.card_texts), ul);
      if (ringRow && !PHONE.matches) {  // in the circle's middle: no height added, every seat stays on the screen
        fold.classList.add("in-ring");
        ringRow.appendChild(fold);
      } else box.appendChild(fold);
    }
  }
  if (a.facts.length) {
    const dl = el("dl");
    // a player's label whole in its narrow column ("Giocatore 3 / · computer" began a line with the dot: it12), the
    // seat's word with its number too ("chef  Player / 1 · Ann": #53 play round 31, en2, fr6)
    for (const [k, v] of a.facts) {
      dl.appendChild(el("dt", "", k));
      dl.appendChild(el("dd", "", String(v).replace(/ (\d+) · /g, "\u00a0$1 · ").replaceAll(" · ", "\u00a0·\u00a0")));
    }
    box.appendChild(dl);
  }
  return box;
}

function ring(row, centre, big) {
  // the places on a circle, place 1 at the top going clockwise, the centre card in the middle (or among them);
  // the radius keeps neighbours apart where they stand above one another (the circle's sides)
  const cards = [...row.children];
  if (PHONE.matches && !row.closest("section.seatview")) {
    // a phone: the places in their order, three to a line, each name whole beside a small card; the centre first
    row.classList.add("ring-list");
    const mid = cardEl(centre, big, false);
    mid.classList.add("centre");
    row.insertBefore(mid, row.firstChild);
    // the grid is read row by row: a line under it says who sits next to the centre card (Draco between the last seat
    // and seat 1: #53 play round 32, en23)
    if (centre.note) row.appendChild(el("p", "ring-note", centre.note));
    return;
  }
  const style = getComputedStyle(document.documentElement);
  const small = row.closest(".area.other, section.seatview") !== null;
  // a centre card among the places makes one place more: the cards a little smaller keep the circle's height, so
  // every seat's area still ends on a 1280x720 laptop's screen
  const among = centre.in_circle === true, turn = centre.clockwise === false ? -1 : 1;
  const h = (parseFloat(style.getPropertyValue(big ? "--hand-h" : "--card-h")) || 100) * (small ? 0.6 : 0.8) *
    (among ? 0.92 : 1);
  // each place is as wide as its name needs on two lines ("7. Malandrin rouge"), never cut to "7. Mala…"
  const label = small ? 64 : 96;
  // a centre card that sits in the circle (Draco, between the last seat and the first) takes the top place;
  // the places go round the other way when the game says so (Draco turned over: nobody moved, the numbers did)
  const w = Math.max(h * 0.72 + 8, label), n = Math.max(cards.length + (among ? 1 : 0), 3), tall = h + 34;
  const r = Math.max(tall / (2 * Math.sin(Math.PI / n)), (n * (w + 14)) / (2 * Math.PI));
  row.classList.add("ring");
  row.style.setProperty("--ring-h", h + "px");
  row.style.setProperty("--ring-w", w + "px");
  row.style.width = (2 * r + w) + "px";
  row.style.height = (2 * r + tall) + "px";
  const place = (c, x, y) => { c.style.left = (r + x) + "px"; c.style.top = (r + y) + "px"; };
  cards.forEach((c, i) => {
    const t = -Math.PI / 2 + turn * (2 * Math.PI * (i + (among ? 1 : 0))) / n;
    place(c, r * Math.cos(t), r * Math.sin(t));
  });
  const mid = cardEl(centre, big, false);
  mid.classList.add("centre");
  place(mid, 0, among ? -r : 0);
  row.appendChild(mid);
}

function pick(card, moves) {
  if (moves.length === 1) { play(moves[0].action); return; }
  selected = {card: card, moves: moves};
  renderMoves();
}

function renderMoves() {
  const box = $("moves");
  // the same moves as shown: nothing is rebuilt, so a tap that lands while the page redraws (another seat's
  // presence, a heartbeat) is not lost between a button taken away and its copy
  const shown_key = JSON.stringify([view.moves, selected && selected.moves, openGroup, view.waiting,
                                    view.spectator, PHONE.matches, view.lang]);
  if (box.dataset.moves === shown_key && box.childElementCount) return;
  box.dataset.moves = shown_key;
  box.replaceChildren();
  // a game over says so once, in its result: no "Your moves" heading over a second "Game over"
  $("moves-title").hidden = view.waiting === "over" && !view.designer;
  if (!view.moves.length) {
    box.style.minHeight = "";  // the room kept for three buttons goes with them (a game over left a blank band)
    // the spectator is told what they see: the whole table, or what every seat sees alike (a game's own words say
    // which part is hidden: King Lui's drawn cards), never "every hand is hidden" beside hands laid face up (en38)
    if (view.waiting !== "over") box.appendChild(el("p", "quiet", view.spectator ?
      (view.spectator_all ? view.ui.spectator_note_all : view.ui.spectator_note) :
      view.waiting === "seats" ? view.ui.waiting_seats : view.ui.waiting));  // nobody plays while a seat is open
    scrollCue();
    return;
  }
  const shown = selected ? selected.moves : view.moves;
  if (selected) {
    const back = el("button", "link", "← " + view.moves.length);
    back.addEventListener("click", () => { selected = null; renderMoves(); });
    box.appendChild(back);
  }
  const list = shown.length ? shown : view.moves;
  const grouped = groups(list);
  // every move of a short list under one card (Royale's serves of the one card to serve, picked or alone): the card
  // named once, open, and each choice under it, as a long list and the hint's rows do, at every width; six "Serve
  // Drink 5 to the …" buttons of five lines pushed the journal off a laptop (#53 round 29, en12, fr13, it10)
  const one = grouped.size === 1 && list.length > 1 && list.every((m) => m.group !== m.text);
  if (list.length <= GROUP_FROM && !one) {
    for (const m of list) box.appendChild(moveButton(m, m.text));
    keepRoom();
    return;
  }
  // a long list: one line per card ("Play Rumours · 4"), its targets under it once opened; a laptop too, where a
  // flat list of 14 "Use Emerald" buttons showed four with no sign of the rest (#53 round 26: en2, fr8, it2)
  for (const [head, members] of grouped) {
    if (members.length === 1) { box.appendChild(moveButton(members[0], members[0].text)); continue; }
    const open = one || openGroup === head;
    const g = el("button", "group" + (open ? " open" : "") + (one ? " only" : ""), head);
    g.disabled = one;  // the only card: nothing to fold away
    // the count says what it counts ("9 choices"): a bare "9" beside "Serve Pastry 7" read as a value (en12, it12)
    g.appendChild(el("span", "count", view.ui.group_count.replace("{n}", members.length)));
    g.setAttribute("aria-expanded", String(open));
    g.addEventListener("click", () => { openGroup = open ? null : head; renderMoves(); });
    box.appendChild(g);
    // under the heading, each move's own part (its target, or what it does), as its game words it
    if (open) box.append(...pickedFrom(members), ...members.map((m) => moveButton(m, m.part || m.text, "member")));
  }
  keepRoom();
}

function pickedFrom(members) {
  // a phone's opened group: the table's area its choices pick from (an area the game marks for their kind of move:
  // King Lui's king's place for "Use Emerald"), drawn above them, not a screen lower (#53 round 26, en12, it3)
  if (!PHONE.matches) return [];
  const kinds = new Set(members.map((m) => m.action[0]));
  return view.areas.filter((a) => Array.isArray(a.pick) && a.pick.some((k) => kinds.has(k))).map((a) => {
    const shown = area({...a, pick: false}, false);
    shown.classList.add("in-group");
    return shown;
  });
}

//: the moves list never shrinks below this many whole buttons (a hint and a house rule once left it 0 px high)
const MOVES_KEPT = 3;

function keepRoom() {
  // the list keeps the room of its first three buttons (fewer: as many as there are); what else the side panel
  // holds (house rule, hint) makes the panel scroll as a whole instead
  const box = $("moves"), kids = [...box.children];
  box.style.minHeight = "";
  if (!kids.length) { scrollCue(); return; }
  const last = kids[Math.min(MOVES_KEPT, kids.length) - 1];
  const room = last.getBoundingClientRect().bottom - kids[0].getBoundingClientRect().top;
  if (room > 0) box.style.minHeight = Math.ceil(room) + "px";
  scrollCue();
}

function scrollCue() {
  // a fade at the list's foot while more moves are below it (a short scroll box hid them)
  const box = $("moves");
  box.classList.toggle("more", box.scrollTop + box.clientHeight < box.scrollHeight - 2);
  // the laptop's side panel too: more of it below (the journal under the end form, cut to a sliver at its edge, read
  // as squeezed: #53 round 27, en4, fr8, it8) fades at its foot, as the moves' list does
  const side = box.parentElement;
  side.classList.toggle("more", side.scrollTop + side.clientHeight < side.scrollHeight - 2);
  // the table too, on a laptop: its foot under the hand's bar (Royale's last nobles' names and the discard pile at
  // 1280 x 800) was found only by who found its inner scroll (#53 play round 32, en14)
  const table = $("table");
  table.classList.toggle("more", table.scrollTop + table.clientHeight < table.scrollHeight - 2);
  // every move in sight: the journal takes the side panel's room left under them (five lines over an empty column:
  // round 25 en10); a long list keeps the room, the journal its few lines
  document.body.classList.toggle("moves-fit", box.scrollHeight <= box.clientHeight + 2);
  journalBeside(side);
  // the journal's height follows the panel (a hint opened, the moves changed): its latest lines stay in sight,
  // unless the person scrolled back to read
  const j = $("journal");
  if (journalPinned) journalPin(j);
  journalCue();
}

//: px a laptop's journal needs under the moves to show its title and its last entries (three lines)
const JOURNAL_ROOM = 90;

function journalBeside(side) {
  // a wide laptop mid-game whose moves leave the journal no room under them (Royale's six serve choices with their
  // warnings: only a faded "JOURNAL" at the panel's foot, #53 play round 37, en3*, it2*; round 36 en2): the side
  // panel takes a second column, the journal's, beside the moves (app.css ``body.journal-beside``), under the hint
  // when one is open. The moves keep their room and their place (round 26; round 27 en8). Measured on the moves'
  // foot, which stays where it is in either layout, and on no game's name
  const body = document.body, moves = $("moves");
  const wide = window.matchMedia("(min-width: 1200px)").matches;
  let beside = false;
  if (wide && !body.classList.contains("over") && !body.classList.contains("designer") && moves.children.length) {
    // the foot of what stays in the moves' column above the journal: the moves, an undo asked, the message, the talk
    // (beside, the talk is the journal's column's foot: counted where it would stand under the message)
    const was = body.classList.contains("journal-beside"), talk = $("talk");
    const under = ["moves", "undo-box", "message", "talk"].map($)
      .filter((e) => !e.hidden && e.offsetParent !== null && !(was && e === talk));
    const foot = Math.max(...under.map((e) => e.getBoundingClientRect().bottom)) - side.getBoundingClientRect().top
      + side.scrollTop + (was && !talk.hidden ? talk.offsetHeight + 8 : 0);
    const keep = body.classList.contains("journal-beside") ? 24 : 0;  // no flip-flop on a few px of reflow
    beside = foot + JOURNAL_ROOM > side.clientHeight - SIDE_FADE - keep;
  }
  const hint = $("hint-box");
  side.style.setProperty("--hint-h", (hint.hidden ? 0 : hint.offsetHeight + 10) + "px");
  side.style.setProperty("--side-h", side.clientHeight + "px");
  // the talk box under the journal in its column, above the panel's foot fade (under the six serve choices it lay
  // under that fade, its field washed grey: #53 play round 38, fr5)
  const talk = $("talk");
  side.style.setProperty("--talk-h", (talk.hidden ? 0 : talk.offsetHeight + 8) + "px");
  body.classList.toggle("journal-beside", beside);
}

let journalPinned = true;  // the journal shows its last line (the person has not scrolled back)
// at a game's end on a laptop, the journal's scroll that puts an entry's first line at its box's top (journalEnd);
// null: the journal shows its last line
let journalHead = null;

function journalPin(j) {
  // the journal where it belongs while the person has not scrolled it: its last line, or at the end the entry
  // journalEnd chose, from its first line
  j.scrollTop = journalHead === null ? j.scrollHeight : journalHead;
}

function topCut(j) {
  // the line the journal's box's top edge slices through (``px`` below the edge), hidden whole under the fade's start;
  // 0 when the edge falls between lines. Never more than that line: hiding an entry's whole tail above the next one
  // left 40-110 px of blank rows at the box's top and a lone "ends the turn" (#53 play round 39, it12*, en2*)
  const edge = j.getBoundingClientRect(), top = edge.top + j.clientTop;
  for (const li of j.children) {
    const box = li.getBoundingClientRect();
    if (box.bottom <= top + 1) continue;
    if (box.top >= top - 1) break;
    const range = document.createRange();
    range.selectNodeContents(li);
    for (const r of range.getClientRects()) {
      if (r.height > 4 && r.bottom > top) return r.top < top ? Math.ceil(r.bottom - top) + 1 : 0;
    }
    break;
  }
  return 0;
}

function journalCue() {
  // earlier entries above the journal's box fade in at its top edge, so the line the box's edge cuts reads as "more
  // above", not as a broken line (#53 play round 34, en3, fr1, it4); the line the edge slices is hidden whole, the
  // fade beginning on the next line (its glyphs sliced under the hint: #53 play round 38, fr5). A box whose top is an
  // entry's first line cuts nothing: a rule over it instead of the fade (the end's last turn, who played it, washed
  // out under the fade: fr1*, fr15*, fr25, en11*); at the end, more below its foot fades there
  const j = $("journal");
  const headed = journalHead !== null && Math.abs(j.scrollTop - journalHead) <= 2;
  j.style.setProperty("--cut", (j.scrollTop > 2 && !headed ? topCut(j) : 0) + "px");
  j.classList.toggle("earlier", j.scrollTop > 2 && !headed);
  j.classList.toggle("above", j.scrollTop > 2 && headed);
  j.classList.toggle("later", journalHead !== null && j.scrollTop + j.clientHeight < j.scrollHeight - 2);
}

function moveButton(m, text, extra) {
  const b = el("button", "move" + (extra ? " " + extra : ""), text);
  // the game's smaller line under the row (Royale: the noble's request and what the card would do to it), so the
  // row itself stays the noble and its points (#53 round 29, en12, fr13)
  if (m.detail) b.appendChild(el("small", "detail", m.detail));
  b.dataset.action = JSON.stringify(m.action);
  b.title = m.text;  // the whole move, the target alone showing under its card
  b.addEventListener("click", () => play(m.action));
  return b;
}

function groups(moves) {
  // moves by the group their game puts them in ("Serve Drink 7", "Play Rumours", "Use Emerald"): a field of the
  // move, never the text cut at an arrow or a colon, which made the games write "Serve Drink 5: to the Duchess"
  // (#53 round 27, en9, fr10, it9); a move its game does not group is a group of its own, under its whole name
  const out = new Map();
  for (const m of moves) {
    const head = m.group || m.text;
    if (!out.has(head)) out.set(head, []);
    out.get(head).push(m);
  }
  return out;
}

function labels(ui) {
  // the words index.html holds before the first view, in the page's language (aria-labels too)
  // the lobby has no table and no hand: no landmark announces them to a screen reader (#53 round 26, it35)
  for (const [id, words] of [["table", ui.aria_table]]) {
    if (view && view.lobby) $(id).removeAttribute("aria-label");
    else $(id).setAttribute("aria-label", words);
  }
  // nor the designer's page any "Your hand": it has none (#53 round 27, fr9, it17); a seat's hand is labelled by
  // its own heading on every view (render), never "Your hand" here first (round 28, en21, it15)
  if (view && (view.lobby || view.designer)) $("hand").removeAttribute("aria-label");
  $("rematch").textContent = ui.rematch; $("rematch-swap").textContent = ui.rematch_swap;
  // what each rematch does, on the button (who sits where: #53 round 26, en8, fr4, fr5, it31)
  $("rematch").title = ui.rematch_title; $("rematch-swap").title = ui.rematch_swap_title;
  // the deck's house rule, as its file words it in the table's language: on the lobby, the table, the designer's
  const house = view && view.house_rule;
  $("house").hidden = !house;
  $("house-title").textContent = ui.house_rule;
  $("house-text").textContent = house || "";
}

function rematchButtons(v, allowed) {
  // once a game is over, one click deals the next with the same people (seats swapped, or not); a person's click
  // proposes it to the others (the last yes deals it), the designer's deals it at once
  const asked = v.rematch_asked && !v.designer;
  for (const id of ["rematch", "rematch-swap"]) $(id).hidden = !(allowed && v.waiting === "over") || !!asked;
  $("rematch-swap").hidden = $("rematch-swap").hidden || v.people.length < 2;
  rematchBox(v);
}

function rematchBox(v) {
  // a rematch one person proposed: each other person says yes or no; every page sees who proposed it
  const box = $("rematch-box"), asked = v.rematch_asked;
  box.hidden = !asked;
  if (!asked) { box.replaceChildren(); return; }
  // the proposer's own page speaks to them ("You proposed a rematch"); the others' name them
  const own = asked.by === v.seat && !v.designer ? "_you" : "";
  const parts = [el("p", "", v.ui[(asked.swap ? "rematch_asked_swap" : "rematch_asked") + own].replace("{who}", asked.who))];
  // the passed device answers for the people playing on it (its yes deals the rematch: docs/playtest.md)
  if (v.pass || (v.seat >= 0 && v.people.includes(v.seat) && !asked.accepted.includes(v.seat))) {
    const yes = el("button", "command", v.ui.rematch_yes); yes.id = "rematch-yes";
    const no = el("button", "command", v.ui.rematch_no); no.id = "rematch-no";
    yes.addEventListener("click", () => send("rematch_answer", {accept: true}));
    no.addEventListener("click", () => send("rematch_answer", {accept: false}));
    parts.push(yes, no);
  } else parts.push(el("p", "quiet", v.ui.rematch_waiting));
  box.replaceChildren(...parts);
}

function render() {
  const v = view, ui = v.ui;
  document.documentElement.lang = v.lang;
  labels(ui);
  $("title").textContent = v.title;
  // the game and whose page it is (two seats' tabs on one laptop told apart), never the tool's name (#53 en48, fr7)
  // a spectator's tab and the passed device's say so too (#53 round 25, en43, fr47); the seat as the top bar names it,
  // "King Lui · Player 1 · Ann (you)", not a third form "Player 1 (you)" (#53 round 29, en3)
  document.title = v.seat >= 0 ? v.title + " · " + mine(v, v.seat, v.names[v.seat]).replace(/\u00a0/g, " ") :
    v.spectator ? v.title + " · " + ui.spectator : v.pass ? v.title + " · " + ui.pass_title : v.title;
  $("status").textContent = v.status;
  $("status").className = "pill " + v.waiting;
  // one's own label whole on its line: the phone broke "Player 1 · / Ann (you)" after the dot (#53 play round 30,
  // en6, fr9, it12)
  // the counts and one's own label apart by a dash: the middle dot is also inside the label ("Player 1 · Ann"), and
  // "courses finished: 2 · Player 1 · Ann (you)" read as one chain (#53 play round 32, en1)
  $("counters").textContent = counters(v) + (v.seat >= 0 ? DASH + whole(mine(v, v.seat, v.names[v.seat])) : "");
  $("hint").textContent = ui.hint; $("undo").textContent = ui.undo; $("new").textContent = ui.new;
  $("new").title = ui.new_title;  // what happens to the game under way (#53 round 27, fr3, it30)
  $("save").textContent = ui.save; $("moves-title").textContent = ui.moves; $("journal-title").textContent = ui.journal;
  $("hint").disabled = v.waiting !== "you" || !v.can_hint;
  $("undo").disabled = !v.can_undo;
  $("save").disabled = !v.moves_made;  // mid-game too: the log keeps it as unfinished
  saveTitle(v);
  $("new").hidden = v.people.length > 1;
  // several people: the undo is asked, and every person accepts; a game over keeps neither undo nor hint, so the
  // rematch buttons have the room (on a phone: five buttons in one row were 70 px wide)
  // a turn that showed the person a card only they saw stays in sight, greyed, saying why it cannot be taken back:
  // it vanished after a draw while its title still offered it (#53 play round 31, en5, en26, fr5, it2)
  $("undo").hidden = !!(v.spectator || v.pass) || v.waiting === "over";
  $("hint").hidden = v.waiting === "over";
  // which turn it takes back, on the button itself (a phone has no hover), and how many turns since go with it,
  // said as many as they are ("moves made since: 0" after "every move made after it is undone too": #53 round 28,
  // en1, fr2, it27)
  const undone = v.undo_of, several = v.people.length > 1;
  // the turn still being played is "this turn", not "my last turn" (#53 play round 30, fr19, it18)
  const open = undone && undone.open ? "_this" : "_turn";
  if (undone) $("undo").textContent = ui[(several ? "undo_ask" : "undo") + open].replace("{n}", undone.n);
  else if (several) $("undo").textContent = ui.undo_ask;
  // asked of the others, what goes with the turn happens only if they agree: said as what would happen (round 29,
  // en1, fr1, it23)
  const ask = several ? "undo_ask_since" : "undo_since";
  const since = !undone ? "" : undone.since === 0 ? ui.undo_since_none :
    undone.since === 1 ? ui[ask + "_one"] : ui[ask].replace("{since}", undone.since);
  // greyed before one's first turn, it says why (#53 play round 32, en2: later states explained themselves, this one
  // had no title)
  $("undo").title = undone ? (several ? ui.undo_ask_title : ui.undo_title).replace("{n}", undone.n)
    .replace("{move}", undone.text) + " " + since : ui.undo_none_title;
  if (v.undo_private && undone) {
    $("undo").textContent = ui.undo_private;
    $("undo").title = ui.undo_private_title.replace("{n}", undone.n).replace("{move}", undone.text);
  }
  undoBox(v);
  talkForm(v);
  rematchButtons(v, (v.people.includes(v.seat) || !!v.pass) && !v.spectator);  // the passed device: its people's
  // the passed device plays; the designer's page saves and deals; at a table of several people the log is written
  // after every move, so a person's "Save the game" only made them wonder whether they had to (#53 round 26, fr6)
  $("save").hidden = !!v.pass || v.people.length > 1;
  if (v.spectator) {  // the spectator's link watches: no seat, no hand, nothing to click
    document.body.classList.add("spectator");
    for (const id of ["hint", "undo", "new", "save"]) $(id).hidden = true;
    // after a dash, as a player's own label is: a third middle dot read as a fourth count (#53 play round 33, en2,
    // fr7, it2)
    $("counters").textContent = counters(v) + DASH + ui.spectator;
    $("moves-title").textContent = ui.spectator;
  }
  const table = $("table"), hand = $("hand");
  // the same table as shown is not rebuilt: a tap on a card that lands while the page asks again (a heartbeat, a
  // view that differs only in what the table does not show) is not lost between a card taken away and its copy
  const shownKey = JSON.stringify([v.areas, v.hand, v.moves, v.seat, v.turn, PHONE.matches, v.lang]);
  if (table.dataset.shown !== shownKey || !table.childElementCount) {
    table.dataset.shown = shownKey;
    table.replaceChildren(...v.areas.map((a) => area(a, false)));
    hand.replaceChildren(...v.hand.map((a) => area(a, true)));
    textsNote(ui);
  }
  // a finished game's empty hand says nothing ("Cards to serve: no cards"): its bar took the laptop's foot, over
  // Royale's discard pile (#53 round 27, en14); a hand that still holds cards stays, what a score counted
  hand.hidden = !!v.spectator || (v.waiting === "over" && v.hand.every((a) => !a.cards.length));
  // read out as what it shows, by its own heading: Royale's "Cards to serve" are not "Your hand" (fr28; round 27,
  // it17), nor another seat's cards; set on every view, after labels() (set only when the table was rebuilt, the
  // next view's labels() said "Your hand" again: round 28, en21, it15, it30); a page with no hand shown (the
  // spectator's, the covered device's) announces none (fr8)
  if (hand.hidden || !v.hand.length || !$("cover").hidden) hand.removeAttribute("aria-label");
  else hand.setAttribute("aria-label", v.hand.length === 1 && v.hand[0].title ? v.hand[0].title : ui.aria_hand);
  hand.classList.toggle("yours", v.waiting === "you");
  document.body.classList.toggle("over", v.waiting === "over");  // a laptop's journal beside the result (app.css)
  renderMoves();
  const res = $("result");
  if (v.result) {
    res.hidden = false;
    // "Result", not the top bar's "Game over" a second time (#53 round 26, fr13, it34)
    const parts = [el("h2", "", ui.result_title)];
    if (v.result.scores) {
      // in seat order, unnumbered (numbers would read as a ranking); the winner starred
      // each player as the top bar and the journal name them: "Player 1 · Ann (you): 36 points", where "Player 1
      // (you)" named Ann a third way on one screen (#53 round 29, en3, en16, fr6)
      parts.push(...endLine(v.result), ...scoreList(ui, v.result, (i) => mine(v, i, v.names[i])));
    } else parts.push(...endLine(v.result));
    if (v.pass) parts.push(el("p", "quiet rematch-device", ui.rematch_device));  // whose yes its rematch buttons give
    let form = null;
    if (v.pass && v.pass_feedback) {
      // one device for several people: each picks their name and gives their own answers, kept with it
      if (answering !== null && !v.pass_feedback.some((p) => p.seat === answering && !p.given)) answering = null;
      if (answering === null) parts.push(...passAnswers(v));
      else {
        const who = v.pass_feedback.find((p) => p.seat === answering);
        parts.push(el("p", "answering", personal(ui, "fb_whose", who.name, who.named, who.seat)));
        if (!formKept || formKept.game !== v.game_number || formKept.seat !== answering)
          formKept = {game: v.game_number, seat: answering, form: feedbackForm(v, answering)};
        form = formKept.form;
      }
    } else if (!v.feedback_given && v.people.includes(v.seat)) {
      // the same form across the table's updates (another person's answers): what is typed stays
      if (!formKept || formKept.game !== v.game_number) formKept = {game: v.game_number, form: feedbackForm(v)};
      form = formKept.form;
    }
    else if (v.feedback_given) parts.push(el("p", "quiet", ui.fb_thanks));
    // the form is never taken out of the page while it is there: a person typing in it keeps the focus
    for (const child of [...res.childNodes]) if (child !== form && !(form && child === form.sendButton)) child.remove();
    for (const part of parts) res.insertBefore(part, form && form.parentNode === res ? form : null);
    if (form && form.parentNode !== res) res.appendChild(form);
    if (form) res.appendChild(form.sendButton);
  } else res.hidden = true;
  journal(v);
  // said once, when the log is first written (every move is written after): not a line kept on screen
  if (v.saved && v.saved !== savedSaid) say(ui.saved.replace("{path}", v.saved));
  savedSaid = v.saved;
  scrollCue();  // the panel as drawn now: the result and its form came after the moves' cue (round 34 en2, en18)
}

function textsNote(ui) {
  // once a page, first under "What the cards say": what of the cards is this edition's and not the published game's
  // (Royale's nobles' points, requested colours and imposter patterns; Draco's action cards), which a playtester
  // took for the box's values (#53 play round 32, fr13); a game whose cards are published says nothing
  const first = document.querySelector("ul.card-texts");
  if (first && ui.texts_note) first.prepend(el("li", "texts-note", ui.texts_note));
}

function whole(text) {
  // a label that must not break inside: its spaces made non-breaking
  return String(text).replace(/ /g, "\u00a0");
}

function counters(v) {
  // "Game 1 · turns: 14 · rounds: 4", each count after its label and the language's colon ("tours joués : 14")
  const ui = v.ui;
  // a game whose book counts turns only names no rounds (Royale: "rounds" is its solo game's word; round 25 en23)
  // a line that wraps does so before a separator, never after it ("courses finished: 0 · / Player 2": fr41)
  // a last turn the game's end cut short is not counted, as the log counts it, and said: "turns played: 89 (turn 90
  // was cut short when the game ended)" beside the journal's last "90." (#53 play round 30, en26, fr25, it30)
  // the header then says on which turn the game ended, in place of the count and its bracket: "turns played: 89
  // (then the final toast of turn 90 ended the game)" read as a contradiction of the journal's turn 90 to all three
  // readers (#53 play round 32 en17, fr18, it16); the view still carries the log's count (``v.turns``)
  // ... and a count stays with its label: no break after the colon («giri conclusi:» / «29»: #53 play round 35, it3,
  // it22)
  // ... nor inside a two-word label («giri / conclusi: 1», «turni / giocati»: #53 play round 38, it16)
  const tie = ui.colon.replace(/ $/, "\u00a0");
  const whole = (label) => label.split(" ").length === 2 ? label.replace(" ", "\u00a0") : label;
  const turns = v.turn_cut && ui.turn_cut ? ui.turn_cut.replace("{n}", v.turn_cut)
    : `${whole(ui.turns)}${tie}${v.turns}`;
  return `${ui.game.replace("{n}", v.game_number)}${SEP}${turns}` +
    (ui.rounds ? `${SEP}${whole(ui.rounds)}${tie}${v.rounds}` : "");
}

function named(ui, seat, who) {
  // a seat as the panels and the journal name it on a page that is nobody's (the designer's): "Player 2 · Bo"; a
  // person who gave no name, their seat alone ("Player 2 (Bo)" beside "Player 2 · Bo" named one person two ways: #53
  // round 27, en6, fr7, it28); a seat's own page names it with ``mine``
  return ui.seat.replace("{n}", seat + 1) + (who ? " · " + who : "");
}

function mine(v, seat, who) {
  // a seat as the journal and the top bar name it: "Player 2 · Bo", one's own "Player 2 · Bo (you)" (the person
  // never read their own name on their own page: #53 round 28, en4), a seat nobody named by its number alone;
  // ``who``: the name the view gives the seat (the designer's view.names are the seats' kinds, not names)
  const ui = v.ui;
  if (seat === v.seat) {
    return who ? ui.you_named.replace("{n}", seat + 1).replace("{who}", who) : ui.you_seat.replace("{n}", seat + 1);
  }
  return ui.seat.replace("{n}", seat + 1) + (who ? " · " + who : "");
}

function scoreLine(ui, seat, who, score, won, unit, label) {
  // "Player 2 · Ann: 26 points"; a person who gave no name is their seat alone: "Player 2: 26 points"; ``label``: the
  // seat as the page names it, one's own "Player 2 · Ann (you)" as the top bar says it (#53 round 29, en3); the unit
  // the game counts in (never a bare number); the winner says so in words ("★ Winner"), not by a star and a colour;
  // the unit as the language agrees it with the number (the server's: French "0 point"), else one or several
  return (label || named(ui, seat, who)) + ui.colon + (typeof score === "string" ? score : counted(score, unit)) +
    (won ? " " + whole("★ " + ui.winner) : "");  // "99 points ★ / Winner" broke the mark from its word (en6)
}

function counted(score, unit) {
  // "43 points", "1 point", "0 point" (French): the unit as the server agrees it with the number, else one or several
  return score + (typeof unit === "string" ? " " + unit :
    unit && unit.length ? " " + unit[score === 1 && unit.length > 1 ? 0 : unit.length - 1] : "");
}

function said(result, i) {
  // seat ``i``'s score as the game says it (Draco: "worth 61 silver coins", a fortune of gold and silver, never "61
  // silver coins" in a box of 20: #53 play round 31, en22), else the number and its unit
  return result.counted ? result.counted[i] : counted(result.scores[i], result.units ? result.units[i] : result.unit);
}

function endLine(result) {
  // beside the scores, what the game adds to its end (King Lui's cards set aside, Royale's empty cells, Draco's
  // richest wins) and how a tie was broken; why it ended is the journal's last line alone, said once on the screen
  // (#53 play round 34, fr13*, en1*, it3, it9, it15); a game stopped without scores says why here too
  const words = [result.scores ? result.end_note : result.end_text, result.tie_text].filter(Boolean);
  return words.length ? [el("p", "quiet", words.join(" · "))] : [];
}

let scoresOpen = null;  // the person opened or closed the scores' breakdown (null: open on a phone, else closed)

function scoreList(ui, result, label) {
  // the scores in seat order, unnumbered (numbers would read as a ranking), the winner starred; then, when the
  // game tells it, how each came about (King Lui: dish by dish against the king's place) and the rule, folded
  // on a laptop so the form under them stays in sight, open on a phone (#53: en3, fr2, it3)
  const ul = el("ul", "scores");
  result.scores.forEach((s, i) => ul.appendChild(el("li", result.winners.includes(i) ? "winner" : "",
    scoreLine(ui, i, "", said(result, i), result.winners.includes(i), result.units ? result.units[i] : result.unit,
      label(i)))));
  if (!(result.detail || []).some((lines) => lines.length)) return [ul];
  const how = el("details", "score-how");
  how.open = scoresOpen === null ? PHONE.matches : scoresOpen;
  how.addEventListener("toggle", () => { scoresOpen = how.open; });
  how.appendChild(el("summary", "", ui.score_how));
  // the rule first, then the sums it explains (en5); each of a seat's lines on a line of its own, not one run of
  // middle dots (en6, fr15, it5)
  if (result.detail_note) how.appendChild(el("p", "quiet score-note", result.detail_note));
  result.detail.forEach((lines, i) => {
    if (!lines.length) return;
    const p = el("p", "score-detail");
    p.append(el("b", "", label(i) + ui.colon.trimEnd()));
    for (const line of lines) p.append(el("span", "line", line));
    // the sum of several lines above, so a player checking their score need not add them (#53 round 26, en9); a
    // single line is its own sum (Royale's "the Baron 2 + the Princess 3 = 5 points")
    if (lines.length > 1) p.append(el("span", "line total", ui.score_total.replace("{n}", said(result, i))));
    how.appendChild(p);
  });
  return [ul, how];
}

function saveTitle(v) {
  // what "Save the game" adds to the log written after every move, and why it is grey before the first move (#53
  // round 28, en11, fr4, it29)
  $("save").title = v.moves_made ? v.ui.save_title : v.ui.save_none_title;
}

function undoBox(v) {
  // an undo asked at a table of several people: each other person accepts or refuses it
  const box = $("undo-box"), asked = v.undo_asked;
  box.hidden = !asked;
  if (!asked) { box.replaceChildren(); return; }
  const own = asked.by === v.seat && !v.designer ? "_you" : "";  // the asker's own page: "You asked to take back..."
  const parts = [el("p", "", v.ui["undo_asked" + own].replace("{who}", asked.who).replace("{n}", asked.turn))];
  if (v.seat >= 0 && v.people.includes(v.seat) && !asked.accepted.includes(v.seat)) {
    const yes = el("button", "command", v.ui.undo_yes); yes.id = "undo-yes";
    const no = el("button", "command", v.ui.undo_no); no.id = "undo-no";
    yes.addEventListener("click", () => send("undo_answer", {accept: true}));
    no.addEventListener("click", () => send("undo_answer", {accept: false}));
    parts.push(yes, no);
  } else parts.push(el("p", "quiet", v.ui.undo_waiting));
  box.replaceChildren(...parts);
}

function talkForm(v) {
  // table talk: a person's short line to the table, shown in the journal (as text, never as markup)
  const form = $("talk");
  // hidden while this page's feedback form waits for its answers: its "Send" right under "Send my answers" was
  // taken for the form's (#53 round 26, en1, fr1, it30)
  const formOpen = !!v.result && !v.feedback_given && v.people.includes(v.seat);
  form.hidden = !(v.people.length > 1 && v.people.includes(v.seat) && !v.pass) || formOpen;
  $("talk-text").placeholder = form.hidden ? "" : v.ui.talk_placeholder;  // no chat on this page: none read out (fr8)
  $("talk-send").textContent = v.ui.talk_send;
}

async function send(name, body) {
  if (busy) return;
  busy = true;
  try { say(""); update(await call("api/" + name, body), true); } catch (e) { say(e.message, true); }
  finally { busy = false; }
}

function journal(v) {
  const j = $("journal");
  j.replaceChildren();
  const talk = v.talk || [];
  const said = (after) => {
    talk.filter((t) => t.after === after).forEach((t) => {
      const li = el("li", "talk" + (t.seat === v.seat ? " mine" : ""));
      li.appendChild(el("b", "", t.who + v.ui.colon.trimEnd()));
      li.appendChild(document.createTextNode(" " + t.text));
      j.appendChild(li);
    });
    // an undo every person agreed to, where the table went back to
    (v.undos || []).filter((u) => u.after === after).forEach((u) =>
      j.appendChild(el("li", "undone", (u.n === 1 ? v.ui.undo_done_one : v.ui.undo_done).replace("{who}", u.who).replace("{n}", u.n))));
    // where the table stopped and was taken up again: nothing lost (#53 round 26, en39, fr40)
    if (v.resumed === after) j.appendChild(el("li", "undone resumed", v.ui.resumed_note.replace("{n}", v.resumed_turns)));
  };
  const first = v.journal.length ? v.journal[0].n - 1 : v.moves_made;
  if (!v.journal.length && !talk.length) j.appendChild(el("li", "quiet", v.ui.journal_empty));  // not a bare heading (en14)
  said(first);
  v.journal.forEach((e, i) => {
    const li = el("li", (e.seat === v.seat ? "mine" : "theirs") + (i === v.journal.length - 1 ? " latest" : "") +
      (e.goes_on ? " goes-on" : ""));
    // one number per turn, as the top bar counts "turns played": a move that goes on with the turn above (the view
    // says so) has none, so a drawn Emerald laid at once is not two turns (#53 round 27, en5, fr12, it3)
    li.appendChild(el("span", "n", e.goes_on ? "" : e.turn + "."));
    // who moved, the language's colon, then the move: "Giocatore 2 · Luca: Proponi un brindisi" reads as a report,
    // not as an order to the player ("Giocatore 2 Proponi un brindisi")
    // one's own lines say so in words, as the top bar does ("Player 2 (you):"), not by their colour alone (#53 en19, it40)
    const who = mine(v, e.seat, e.who) + v.ui.colon.trimEnd();
    // the move's text, then its lines below (``\n``): a line that opens in lower case goes on with the mover's
    // report (Draco's final toast a card's play forced: "proposes the final toast…"), under the first; any other line says what the rules did after the move (a noble satisfied, the turn's
    // end, a course's end: #53 round 25, en11, en16, fr22, it9), set apart under it, never glued onto its words
    const [moved, ...after] = e.text.split("\n");
    const goes = after.filter((line) => line && line[0] !== line[0].toUpperCase());
    const then = after.filter((line) => !goes.includes(line));
    // a move that goes on with the turn above, by the same player, names nobody: the line above named them ("28.
    // Player 1: draws an Emerald card" / "and lays it beside the dishes"; Royale's serves under the take), unless it
    // opens the list; another player's move in that turn (Draco's draws after a toast) still names its player
    // (#53 round 28, en8, fr12, it2, it13: the name said again on every line of one turn)
    // ... and only where that player is the turn's own: a second decision of another player inside the turn (Draco's
    // two draws beside Aunt Sarah in the computer's turn) keeps its name, or it reads as the turn's player's (round 29,
    // en18)
    let head = i;
    while (head > 0 && v.journal[head].goes_on) head -= 1;
    // ... and where lines of the rules stand between it and the line above (a toast's seats and rulings): a draw
    // under them with no name read as the last seat's or Aunt Sarah's (#53 play round 30, en22, it26)
    const apart = i > 0 && v.journal[i - 1].text.split("\n").slice(1).some((line) => line && line[0] === line[0].toUpperCase());
    const named = !e.goes_on || i === 0 || apart || v.journal[i - 1].seat !== e.seat || v.journal[head].seat !== e.seat;
    if (named) li.appendChild(el("b", "", who));
    li.appendChild(document.createTextNode((named ? " " : "") + moved));
    // ... with no name: the entry's head has just named the player ("90. Ann: plays “Budge Up!”: …" / "proposes
    // the final toast to Draco. Due: …"; the label said twice in one entry: #53 play round 35, en20, fr18, it25)
    goes.forEach((line) => {
      li.appendChild(el("br"));
      li.appendChild(document.createTextNode(line));
    });
    j.appendChild(li);
    then.forEach((t) => j.appendChild(el("li", "then " + (e.seat === v.seat ? "mine" : "theirs"), t)));
    said(e.n);
  });
  // the journal ends on why the game ended: a journal read afterwards shows why it stopped (#53 round 26, it8); in
  // short, the result saying it in full (the same sentence twice on one screen: #53 play round 33, it3, fr17, en20)
  if (v.result && (v.result.end_line || v.result.end_text)) {
    j.appendChild(el("li", "then end", v.result.end_line || v.result.end_text));
  }
  journalEnd();
}

//: px of the laptop side panel's foot under its fade (app.css ``aside.more``'s mask: 40px)
const SIDE_FADE = 40;

function journalEnd() {
  // the journal shows its last line; at the game's end it opens on the last numbered entry's first line too, below
  // the top edge's fade: the box grows to hold that entry and the lines after it, up to 60% of the window (who
  // played the last turn, who proposed the final toast, was above the edge: #53 play round 35, en11, en12, en18, fr2,
  // it2)
  const j = $("journal");
  j.style.height = j.style.maxHeight = j.style.minHeight = "";
  journalHead = null;
  const heads = [...j.children].filter((li) => (li.querySelector(":scope > .n") || {}).textContent);
  const last = heads[heads.length - 1];
  if (last && document.body.classList.contains("over") && journalPinned) {
    const top = j.getBoundingClientRect().top + j.clientTop - j.scrollTop;  // the journal's first line, in the page
    const at = last.getBoundingClientRect().top - top, end = j.scrollHeight;
    const need = Math.ceil(end - at);
    // never at the end form's cost: on a laptop, whose side panel scrolls as a box, the journal grows only as far as
    // the form's first question stays above the panel's foot fade (a long final toast pushed the whole form under
    // it: #53 play round 36, fr14*, fr2); a phone's page scrolls as a whole
    // the whole form, its "Send my answers" included, above that fade: the journal gives up its room to it, down
    // to its last two lines (the last questions and the button lay under the fade at 1280 x 800, a scroll inside the
    // panel away: #53 play round 37, fr15, fr24, fr5, it3, it19, it24, en4, en12, en16)
    let room = 0.6 * window.innerHeight;
    const side = j.parentElement, result = $("result");
    const form = result.querySelector("form.feedback, .answer-as");
    const foot = form && (result.querySelector("#fb-send") || [...result.querySelectorAll("form.feedback, .answer-as")].pop());
    let shrink = false;
    if (foot && getComputedStyle(side).display !== "contents") {
      const spare = side.getBoundingClientRect().bottom - SIDE_FADE - foot.getBoundingClientRect().bottom;
      room = Math.min(room, j.clientHeight + spare);
      shrink = spare < 0;
    }
    const least = 3.2 * parseFloat(getComputedStyle(j).fontSize);  // app.css: its last two lines, at least
    const want = Math.max(least, Math.floor(Math.min(shrink ? room : Math.max(need, j.clientHeight), room)));
    // the box's top on an entry's first line, never through a line (its last turn's head, « 24. Joueur 3 ·
    // ordinateur : prend … », was sliced under the heading when the box shrank for the form, the box scrolled to its
    // last line: #53 play round 38, fr1*, fr15*, fr25, en11*): as many whole entries as the room holds, the last
    // numbered one and the lines after it at least
    let from = at, height = need;
    if (need <= want) {
      for (const li of j.children) {
        const t = li.getBoundingClientRect().top - top;
        if (end - t <= want) { from = Math.min(from, t); break; }
      }
      height = Math.ceil(end - from);
    } else {
      // a last entry longer than the room (Draco's final toast and its seats): its first line at the box's top, the
      // box's foot under a whole line, its foot fading as more follows (journalCue)
      let under = 0;
      for (const li of j.children) {
        if (li !== last && !(last.compareDocumentPosition(li) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        const range = document.createRange();
        range.selectNodeContents(li);
        for (const r of range.getClientRects()) {
          const b = r.bottom - top - at;
          if (b <= want || !under) under = Math.max(under, b);
        }
      }
      height = Math.ceil(under);
    }
    j.style.height = j.style.maxHeight = height + "px";
    j.style.minHeight = "0";
    journalHead = from;
  }
  journalPin(j);
  journalCue();
}

function passAnswers(v) {
  // the passed device at the end: a button per person still to answer, a thank-you for those who did
  const out = [];
  for (const p of v.pass_feedback) {
    if (p.given) { out.push(el("p", "quiet", personal(v.ui, "fb_given", p.name, p.named, p.seat))); continue; }
    const b = el("button", "command answer-as", personal(v.ui, "fb_as", p.name, p.named, p.seat));
    b.dataset.seat = p.seat;
    b.addEventListener("click", () => { answering = p.seat; render(); });
    out.push(b);
  }
  return out;
}

function feedbackForm(v, seat) {
  // the short form each person answers when the game ends; sent with the game's log line (``seat``: on the
  // passed device, whose answers these are)
  const ui = v.ui, form = el("form", "feedback");
  form.appendChild(el("h3", "", ui.fb_title));
  const field = (label, input) => { const l = el("label", "", label); l.appendChild(input); form.appendChild(l); return input; };
  const select = (name, options) => {
    const s = el("select"); s.name = name; s.appendChild(el("option", "", ui.fb_choose)).value = "";  // asks to choose
    for (const [value, text] of options) { const o = el("option", "", text); o.value = value; s.appendChild(o); }
    return s;
  };
  field(ui.fb_fun, select("fun", [1, 2, 3, 4, 5].map((n) => [n, String(n)])));
  field(ui.fb_long, select("long", [["short", ui.fb_short], ["right", ui.fb_right], ["long", ui.fb_longer]]));
  field(ui.fb_unclear, el("textarea")).name = "unclear";
  for (const q of v.questions) {
    const input = q.kind === "rating" ? select("q:" + q.id, [1, 2, 3, 4, 5].map((n) => [n, String(n)])) :
      q.kind === "yesno" ? select("q:" + q.id, [["yes", ui.yes], ["no", ui.no]]) : el("textarea");
    input.name = "q:" + q.id;
    field(q.text, input);
  }
  field(ui.fb_comment, el("textarea")).name = "comment";
  // the button under the form in the result's box, not inside the form: a laptop keeps it at the box's foot while
  // the box scrolls (sticky inside the form, it left with the form when the scores filled the box: round 25, it6)
  const send = el("button", "", ui.fb_send); send.type = "submit"; send.id = "fb-send";
  form.id = "feedback-form"; send.setAttribute("form", form.id);
  form.sendButton = send;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const answers = {};
    for (const input of form.querySelectorAll("select, textarea")) {
      if (input.value === "") continue;
      const kind = input.name === "fun" ? "rating" : (v.questions.find((q) => "q:" + q.id === input.name) || {}).kind;
      answers[input.name] = kind === "rating" ? Number(input.value) : kind === "yesno" ? input.value === "yes" : input.value;
    }
    const body = seat === undefined ? {answers} : {answers, seat: seat + 1};
    try { const got = await call("api/feedback", body); answering = null; update(got, false); }
    catch (e) { say(e.message, true); }
  });
  return form;
}

function renderLobby() {
  // the table's one link: a name, then a free seat; the seat's own link opens (nothing of the game shows here)
  const v = view, ui = v.ui;
  document.documentElement.lang = v.lang;
  document.body.classList.add("lobby");
  labels(ui);
  $("title").textContent = v.title;
  document.title = ui.lobby_title + " · " + v.title;
  $("status").textContent = ui.lobby_status;  // not the heading's words twice
  $("counters").textContent = "";
  for (const id of ["hint", "undo", "new", "save"]) $(id).hidden = true;
  $("hand").hidden = true;
  $("moves-title").textContent = ui.lobby_title;
  $("journal-title").hidden = true;
  const box = $("moves");
  delete box.dataset.moves;
  // the same seats as shown: nothing is rebuilt, so a tap that lands while the page asks again is not lost
  const shown = JSON.stringify([v.lang, v.seats]);
  if (box.dataset.lobby === shown && document.getElementById("lobby-name")) return;
  box.dataset.lobby = shown;
  const kept = document.getElementById("lobby-name");
  const name = kept || el("input");
  if (!kept) { name.id = "lobby-name"; name.maxLength = 40; name.autocomplete = "nickname"; }
  const label = el("label", "lobby-name", ui.lobby_name);
  label.appendChild(name);
  // every seat in the table's order: a person's free seat as a button ("Play as Player 2", the word the table uses
  // after it), a taken one with its name, the computer's with its kind, so a person sees how many will play
  const rows = v.names.map((agent, seat) => {
    const s = v.seats.find((p) => p.seat === seat);
    // a person's taken seat says so ("(taken)"), not a grey label a latecomer reads as a disabled button (#53
    // round 26, en41); the computer's names its kind
    const taken = (who, key = "lobby_taken") => el("p", "quiet", ui[key].replace("{n}", seat + 1).replace("{name}", who));
    if (!s) return taken(agent, "lobby_computer");
    if (s.taken) return taken(s.name);
    const b = el("button", "move take", ui.lobby_take.replace("{n}", seat + 1));
    b.dataset.seat = seat + 1;
    b.addEventListener("click", () => takeSeat(seat + 1));
    return b;
  });
  // how many play, how many of them the computer, and when the game starts (#53 round 25, it32, fr9)
  const agents = v.names.length - v.seats.length;
  const note = el("p", "quiet lobby-note", (agents === 0 ? ui.lobby_note_none : agents === 1 ? ui.lobby_note_one :
    ui.lobby_note).replace("{n}", v.names.length).replace("{k}", agents));
  box.replaceChildren(note, label, ...rows);
  if (!kept) name.focus();
}

async function takeSeat(seat) {
  if (busy) return;
  busy = true;
  try {
    const got = await call("api/join", {seat, name: $("lobby-name").value});
    location.href = new URL(got.link, location.href).href;  // the seat's own link: the table as that seat sees it
  } catch (e) { say(e.message, true); refresh(); }
  finally { busy = false; }
}

function renderDesigner() {
  // the designer's link: every seat's view side by side, nothing to click but the journal
  const v = view, ui = v.ui;
  document.documentElement.lang = v.lang;
  document.body.classList.add("designer");
  labels(ui);
  rematchButtons(v, true);
  $("title").textContent = ui.designer + " · " + v.title;
  document.title = ui.designer + " · " + v.title;
  $("status").textContent = v.status;
  $("status").className = "pill " + (v.waiting === "over" ? "over" : "");
  // the people hand one device round once the pass-and-play page has come; else each plays from their own link
  $("counters").textContent = ui.game.replace("{n}", v.game_number) + " · " + (v.passing ? ui.designer_note_pass : ui.designer_note);
  for (const id of ["hint", "undo"]) $(id).hidden = true;
  // a game over offers "Rematch", which deals the same as "New game" would: one button, not two (#53 round 26, fr4)
  $("new").hidden = v.waiting === "over";
  $("new").textContent = ui.new; $("save").textContent = ui.save;  // the page's language, not index.html's English
  $("new").title = ui.new_title;  // what happens to the game under way (#53 round 27, fr3, it30)
  $("journal-title").textContent = ui.journal;  // the designer's journal headed as the seats' is (#53 en12, it42)
  $("save").disabled = !v.moves_made;
  saveTitle(v);
  // the table's shared areas once (as the first seat sees them), then each seat's own: its hand and its place
  const shared = el("section", "seatview shared");
  for (const a of v.seats[0].areas.filter((a) => a.seat === undefined || a.seat === null)) shared.appendChild(area(a, false));
  const cols = v.seats.map((s) => {
    const col = el("section", "seatview" + (s.seat === v.turn && v.waiting !== "over" ? " turn" : ""));
    col.dataset.seat = s.seat;
    col.appendChild(el("h2", "", ui.seat.replace("{n}", s.seat + 1) + (s.names[s.seat] ? " · " + s.names[s.seat] : "") +
      (v.people.includes(s.seat) && !v.joined.includes(s.seat) ? " · " + ui.not_joined : "")));
    // the seat's own place first, with its figures (Draco's money and cards in hand, Royale's points), then its hand:
    // under a hand of action cards they sat below a laptop's fold, the figures a designer watches (#53 round 27, en20)
    for (const a of s.areas.filter((a) => a.seat === s.seat)) col.appendChild(area(a, false));
    // a hand the game marks as another seat's (Royale's cards in hand are the current player's) goes in that seat's column only
    for (const a of s.hand.filter((a) => a.seat === undefined || a.seat === null || a.seat === s.seat)) col.appendChild(area(a, false));
    return col;
  });
  $("table").replaceChildren(shared, ...cols);
  textsNote(ui);
  delete $("table").dataset.shown;  // a seat's own table after this is drawn afresh
  $("table").classList.add("seats");
  $("hand").replaceChildren();
  $("hand").hidden = true;
  const box = $("moves");
  delete box.dataset.moves;
  box.replaceChildren();
  if (v.lobby_link) {
    const a = el("a", "link", ui.lobby_link + ui.colon + new URL(v.lobby_link, location.href).href);
    a.href = v.lobby_link; a.target = "_blank"; a.rel = "noopener";
    box.appendChild(a);
  }
  for (const [link, words, cls] of [[v.spectator_link, ui.spectator_link, "spectator"], [v.pass_link, ui.pass_link, "pass"]]) {
    if (!link) continue;
    const a = el("a", "link " + cls, words + ui.colon + new URL(link, location.href).href);
    a.href = link; a.target = "_blank"; a.rel = "noopener";
    box.appendChild(a);
  }
  if (v.waiting === "seats") box.appendChild(command(ui.start_now, "start", {}, "start-now"));
  // where the log is written: a path on this machine, said here and never on the players' phones
  if (v.saved) box.appendChild(el("p", "quiet saved", ui.saved.replace("{path}", v.saved)));
  for (const [seat, link] of Object.entries(v.seat_links || v.links || {})) box.appendChild(seatRow(v, Number(seat), link));
  $("moves-title").textContent = ui.links;
  // the people's answers above the links, in sight on the designer's first screen: one line per answer under each
  // person's name, never each question with its scale again in one run-on line (#53 round 25, en39, fr6, fr7, it35),
  // under a heading of their own, not among the URLs under "Links" (#53 round 26, en10, fr3, it26)
  const given = Object.entries(v.feedback || {});
  $("answers").hidden = !given.length;
  $("answers").replaceChildren();
  if (given.length) {
    const panel = el("div", "answers");
    $("answers").append(el("h2", "", ui.feedback), panel);
    for (const [seat, answers] of given) {
      const named = (v.people_names || {})[seat];  // each person's answers with the name they gave
      panel.appendChild(el("b", "", ui.seat.replace("{n}", Number(seat) + 1) + (named ? " · " + named : "")));
      const ul = el("ul");
      for (const [k, a] of Object.entries(answers)) ul.appendChild(el("li", "", answerText(ui, v.seats[0].questions || [], k, a)));
      panel.appendChild(ul);
    }
  }
  const res = $("result");
  if (v.result && v.result.scores) {
    res.hidden = false;
    // the designer reads why the game ended too, as the players do (#53: en11, fr3, it4)
    const label = (i) => named(ui, i, v.seats[0].names[i]);  // every player named, nobody "you"
    res.replaceChildren(el("h2", "", ui.result_title), ...endLine(v.result), ...scoreList(ui, v.result, label));
  } else res.hidden = true;
  journal({...v, seat: -1});
  scrollCue();  // the answers and the links under the fold fade at the panel's foot (round 34 en4, en17)
}

function command(text, name, body, id) {
  // one of the designer's buttons: its request, then the table as it is after it
  const b = el("button", "command", text);
  if (id) b.id = id;
  b.addEventListener("click", async () => {
    if (busy) return;
    busy = true;
    try { say(""); update(await call("api/" + name, body), true); } catch (e) { say(e.message, true); }
    finally { busy = false; }
  });
  return b;
}

function seatRow(v, seat, link) {
  // a person's seat on the designer's page: who, whether their page is there, their link, and what to do with it
  const ui = v.ui, handed = (v.handed || {})[seat] !== undefined;
  const row = el("div", "seatrow");
  row.dataset.seat = seat;
  const name = (v.people_names || {})[seat - 1];
  // a seat nobody has come to yet says so as its column does ("not joined yet"); "not here" is someone who left
  const here = handed ? ui.played_by_agent : (v.connected || []).includes(seat - 1) ? ui.connected
    : (v.joined || []).includes(seat - 1) ? ui.away : ui.not_joined;
  row.appendChild(el("b", "", ui.seat.replace("{n}", seat) + (name ? " · " + name : "") + " · " + here));
  // a game over has no turn to hand to the computer nor a link to replace: the buttons go (#53 round 26, en11, fr14)
  if (v.waiting !== "over") {
    row.appendChild(command(handed ? ui.to_person : ui.to_agent, "seat", {seat, agent: !handed}));
    row.appendChild(command(ui.relink, "relink", {seat}));
  }
  // whose link it is, as the three links above are labelled (a bare address under the buttons: round 27, it29)
  const who = ui.seat.replace("{n}", seat) + (name ? " · " + name : "");
  const a = el("a", "link", ui.seat_link.replace("{who}", who) + ui.colon + new URL(link, location.href).href);
  a.href = link; a.target = "_blank"; a.rel = "noopener";
  row.appendChild(a);
  return row;
}

function answerText(ui, questions, key, value) {
  // one answer of the feedback form, short: "Enjoyment: 4/5", "Length: about right", "Unclear: …", a deck's own
  // question as the deck asks it; in the page's language (not its key: fun, long...)
  const question = questions.find((q) => "q:" + q.id === key) || {};
  const asked = {fun: ui.fb_fun_label, long: ui.fb_long_label, unclear: ui.fb_unclear_label,
                 comment: ui.fb_comment_label}[key] || question.text || key;
  const said = key === "long" ? ({short: ui.fb_len_short, right: ui.fb_len_right, long: ui.fb_len_long}[value] || value) :
    key === "fun" || question.kind === "rating" ? value + "/5" :
    value === true ? ui.yes : value === false ? ui.no : value;
  return asked + (question.text ? " — " : ui.colon) + said;  // a deck's question ends with its own "?"
}

async function refresh() {
  const asked = epoch;  // an answer overtaken by a move or a tap since is out of date (heartbeat() the same)
  try { const v = await call(viewPath()); if (!busy && asked === epoch) update(v, false); } catch (e) { say(e.message, true); }
}

function update(data, soon) {
  const same = view && !view.designer && view.moves_made === data.moves_made && view.game_number === data.game_number;
  view = data;
  if (!same) { selected = null; openGroup = null; }  // a card picked a moment ago stays picked while the table has not moved
  if (view.lobby) { renderLobby(); return; }
  if (view.pass) passCover(view);
  if (view.designer) { renderDesigner(); } else render();
  clearTimeout(agentTimer);
  if (view.waiting === "agent" && !view.spectator) agentTimer = setTimeout(agentStep, soon ? 0 : view.pace_ms);
}

async function agentStep() {
  if (busy) { agentTimer = setTimeout(agentStep, 100); return; }
  busy = true;
  try {
    const data = await call("api/agent", {after: view.moves_made, reveal: revealed});
    update(data, false);
    // when an agent's move first shows after the person's: the page's own latency figure (docs/playtest.md)
    if (window.clickedAt !== undefined && data.moved) { window.agentLatency.push(performance.now() - window.clickedAt); window.clickedAt = undefined; }
  } catch (e) { say(e.message, true); }
  finally { busy = false; }
}

async function play(action) {
  if (busy) return;
  busy = true;
  $("hint-box").hidden = true;
  window.clickedAt = performance.now();
  try { say(""); update(await call("api/move", {action, turn: view.moves_made, reveal: revealed}), true); }
  catch (e) { say(e.message, true); refresh(); }
  finally { busy = false; }
}

async function simple(name) {
  if (busy) return;
  busy = true;
  $("hint-box").hidden = true;
  try {
    say(""); update(await call("api/" + name, {}), true);
    // the path on the designer's page; a player's page only hears that the game is kept (never the host's folders)
    if (name === "save") say(view.saved ? view.ui.saved.replace("{path}", view.saved) : view.ui.saved_here);
  } catch (e) { say(e.message, true); }
  finally { busy = false; }
}

//: the room a hint's figure ("0,85") keeps at the right of its cell: the bar never runs under it
const FIGURE_ROOM = "3.4em";

function barWidth(value) {
  // a move's average result as its bar's width: from 0 to the cell's width less the figure's room
  return "calc((100% - " + FIGURE_ROOM + ") * " + Math.max(0, Math.min(1, value)) + ")";
}

//: ms between two asks of a hint the table is still working out (another tab's, or this page's own request lost on
//: the way), and how many asks at most: the server answers the same question again at once once it has it
const HINT_WAIT_MS = 500, HINT_WAITS = 20;
const FEW_GAMES = 10;  // a hint from fewer simulated games than this says its scores are rough (it11*)

async function hintAnswer() {
  // a hint changes nothing: asked again once if its request fails on the way, and while the table says it is
  // still being worked out ("it comes in a moment")
  for (let waited = 0; ; waited++) {
    try { return await call("api/hint", {}, true); } catch (e) {
      if (e.code !== "hint_busy" || waited >= HINT_WAITS) throw e;
      await new Promise((done) => setTimeout(done, HINT_WAIT_MS));
    }
  }
}

let hinting = false;  // a hint is being worked out: a second click asks the same question, so it is dropped

async function hint() {
  if (hinting) return;
  // a click while the page waits on another answer (a move, an agent's turn) is kept, and asked once that
  // answer is in, if the turn is still this seat's
  if (busy) { setTimeout(() => { if (view && view.waiting === "you") hint(); }, 100); return; }
  busy = hinting = true;
  const box = $("hint-box");
  box.hidden = false;
  box.replaceChildren(el("p", "quiet", view.ui.thinking));
  box.scrollIntoView({block: "nearest"});  // "Working out a hint…" in sight while it is worked out
  try {
    const h = await hintAnswer();
    const close = el("button", "close", view.ui.hint_close);
    close.id = "hint-close";
    close.addEventListener("click", () => { box.hidden = true; scrollCue(); });
    // the move goes on after the colon, so in lower case ("Consiglio: prendi…", not "Consiglio: Prendi…": it8); a
    // dash, not the colon: a move's own words have one ("Hint: play Rumours: Zork…", #53 play round 32, en25)
    box.replaceChildren(close, el("h3", "", view.ui.hint + DASH + h.text.charAt(0).toLowerCase() + h.text.slice(1)));
    const table = el("table");
    // rows that all serve one card (all play one card) name it once, over them, and each row its target alone:
    // six rows of "Serve Drink 5 to the …" pushed the figures out of sight (#53 round 27, en8)
    const heads = new Set(h.values.map((m) => m.group ? m.group[0] : m.text));
    const one = heads.size === 1 && h.values.length > 1 && h.values.every((m) => m.group);
    if (one) table.appendChild(el("caption", "", h.values[0].group[0]));
    for (const m of h.values) {
      const tr = el("tr", JSON.stringify(m.action) === JSON.stringify(h.choice) ? "chosen" : "");
      tr.appendChild(el("td", "", one ? m.group[1] : m.text));
      const td = el("td", "value");
      const bar = el("span", "bar");
      bar.style.width = barWidth(m.value || 0);
      td.appendChild(bar);
      td.appendChild(el("span", "", m.value === null ? "–" : m.value.toFixed(2).replace(".", view.ui.decimal)));
      tr.appendChild(td);
      table.appendChild(tr);
    }
    // fewer rows than moves: said so over them ("the 8 best of 15"), never "every move was tried" over 8 (fr26, it23)
    if (h.legal > h.values.length) {
      box.appendChild(el("p", "quiet small", view.ui.hint_shown.replace("{n}", h.values.length).replace("{of}", h.legal)));
    }
    box.appendChild(table);
    // the score said plainly, its two parts in figures, and the game's own score (Draco's money, never "points":
    // the game's words.json "counters" name it) (#53 round 28, en2, fr1, it28)
    // and how many simulated games each move was played in (#53 play round 30, en1*, fr1*, it5)
    // one simulated game is said as one, never "the same 1 games" (#53 play round 32, fr15*)
    const said = h.rounds === 1 ? {hint_note: view.ui.hint_note_one, hint_few: view.ui.hint_few_one} : view.ui;
    // the method, the same for every hint, folded under its own heading on a laptop: open, it pushed four of
    // Royale's six serve choices under the side panel's foot, the moves the hint had just scored (#53 play round
    // 33, it7*, fr9, en12); open on a phone, where the page scrolls (as the score's detail: score-how)
    const how = el("details", "quiet small hint-how");
    how.open = PHONE.matches;
    how.append(el("summary", "", view.ui.hint_how), el("p", "", said.hint_note.replace("{weight}", h.weight)
      .replace("{rest}", 100 - h.weight).replace("{share}", view.ui.hint_share).replace("{games}", h.rounds)));
    box.appendChild(how);
    // a search that had time for only a few games says its scores are rough: 0.59 against 0.58 from 3 games read as
    // advice (#53 play round 31, it11*, it21); and how rough: one game won or lost moves the wins' part of a score by
    // its weight over the games (0.87 above 0.48 from 2 games is one game: #53 play round 38, it1*, it13)
    const step = ((100 - h.weight) / 100 / h.rounds).toFixed(2).replace(".", view.ui.decimal);
    if (h.rounds < FEW_GAMES) {
      box.appendChild(el("p", "quiet small", said.hint_few.replace("{games}", h.rounds).replaceAll("{step}", step)));
    }
  } catch (e) { box.replaceChildren(el("p", "bad", e.message)); }
  finally { busy = hinting = false; scrollCue(); }
  // the answer where it is seen: above the moves on a laptop (under six long serve buttons it opened out of sight,
  // and the person thought the button did nothing: #53 round 27, en8, fr2, it13), scrolled to on a phone
  box.scrollIntoView({block: "nearest"});
}

async function rematch(swap) {
  if (busy) return;
  busy = true;
  try { say(""); update(await call("api/rematch", {swap}), true); } catch (e) { say(e.message, true); }
  finally { busy = false; }
}

function newDeal() {
  // a game under way is not thrown away by a slip of the finger: asked first (it stays saved, unfinished)
  if (view && view.moves_made > 0 && view.waiting !== "over" && !window.confirm(view.ui.new_confirm)) return;
  simple("new");
}

async function heartbeat() {
  if (busy || (view && view.waiting === "agent" && !view.designer && !view.spectator)) return;
  const asked = epoch;
  try {
    const v = await call(viewPath());
    if (asked === epoch && !busy && (!view || JSON.stringify(v) !== JSON.stringify(view))) update(v, false);
  }
  catch (e) { say(e.message, true); }
}

document.addEventListener("DOMContentLoaded", async () => {
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", () => simple("undo"));
  $("talk").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = $("talk-text").value;
    await send("say", {text});
    if (!$("message").classList.contains("bad")) $("talk-text").value = "";
  });
  $("new").addEventListener("click", newDeal);
  $("save").addEventListener("click", () => simple("save"));
  $("rematch").addEventListener("click", () => rematch(false));
  $("rematch-swap").addEventListener("click", () => rematch(true));
  $("zoom").addEventListener("click", () => { $("zoom").hidden = true; });
  $("moves").addEventListener("scroll", scrollCue);
  $("moves").parentElement.addEventListener("scroll", scrollCue);  // the laptop's side panel, scrolling as one
  $("table").addEventListener("scroll", scrollCue);  // the table's foot (en14)
  $("journal").addEventListener("scroll", () => {
    const j = $("journal");
    journalPinned = j.scrollTop + j.clientHeight >= j.scrollHeight - 4
      || (journalHead !== null && Math.abs(j.scrollTop - journalHead) <= 2);
    journalCue();
  });
  // the journal's box resized by the layout (a hint opened above it, the game over's two columns): its latest line
  // stays in sight (moves 7 and 8 under the fade with the hint open: #53 round 28, en10, fr6, it8)
  new ResizeObserver(() => { if (journalPinned) journalPin($("journal")); journalCue(); })
    .observe($("journal"));
  // a box of the side panel grown or shown after the cue was set (a score's details opened, the end form, a
  // person's answers): the panel's foot fade follows it (round 34 en4: the designer's links cut with no cue)
  // the side panel itself resized at a game's end (the hand's cards drawn under it after the journal was sized): the
  // journal's share is weighed again, so the end form stays whole above the panel's fade (play round 37, fr15, en4)
  new ResizeObserver(() => { if (document.body.classList.contains("over")) journalEnd(); })
    .observe($("moves").parentElement);
  const grown = new ResizeObserver(() => scrollCue());
  for (const kid of $("moves").parentElement.children) grown.observe(kid);
  window.addEventListener("resize", keepRoom);
  window.addEventListener("pagehide", () => navigator.sendBeacon("api/leave", "{}"));
  setInterval(heartbeat, HEARTBEAT_MS);
  // the table changed (another seat moved): ask for it now rather than at the next heartbeat
  const events = new EventSource("api/events");
  events.onmessage = (ev) => { if (view && String(view.version) !== ev.data && !busy) heartbeat(); };
  try { update(await call(viewPath()), true); } catch (e) { say(e.message, true); }
});
