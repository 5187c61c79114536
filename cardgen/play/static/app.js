// cardgen play: the table as one seat sees it. Everything shown comes from api/view, which the
// server builds from the seat's observation only; moves are the engine's legal actions.
"use strict";
const HEARTBEAT_MS = 2000;   // the server stops when the page stays silent (server.py HEARTBEAT)
window.agentLatency = [];
let view = null, busy = false, selected = null, agentTimer = null;

const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

let epoch = 0;  // bumped by every move or command: a table asked for before it is out of date

async function call(path, body) {
  if (body !== undefined) epoch += 1;
  const opts = body === undefined ? {method: "GET"} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({error: "the server did not answer"}));
  if (!r.ok) throw new Error(data.error || ("refused: " + r.status));
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
  img.src = "face/" + card.face + ".png";
  img.alt = card.name;
  img.title = card.name + (card.count ? " × " + card.count : "");
  if (card.id) c.dataset.card = card.id;
  c.dataset.face = card.face;
  c.appendChild(img);
  if (card.count !== undefined && card.count !== null) c.appendChild(el("span", "count", "×" + card.count));
  if (card.badge) c.appendChild(el("span", "badge", card.badge));
  if (card.under && card.under.length) {
    const u = el("div", "under");
    for (const d of card.under) { const i = el("img"); i.src = "face/" + d.face + ".png"; i.alt = d.name; i.title = d.name; u.appendChild(i); }
    c.appendChild(u);
  }
  c.appendChild(el("figcaption", "", card.name));
  img.addEventListener("contextmenu", (ev) => { ev.preventDefault(); zoom(card.face); });
  img.addEventListener("dblclick", () => zoom(card.face));
  return c;
}

function zoom(face) {
  const z = $("zoom");
  z.querySelector("img").src = "face/" + face + "-large.png";
  z.hidden = false;
}

function movesFor(card, pick) {
  // a move naming this very card, or (in an area the game marks 'pick') naming its face
  if (!view || card.face === null) return [];
  const picks = (m) => pick === true || (Array.isArray(pick) && pick.includes(m.action[0]));
  return view.moves.filter((m) => m.cards.some((w) => (card.id && w === card.id) || (picks(m) && w === card.face)));
}

function area(a, big) {
  const box = el("div", "area" + (a.cards.length ? " cards" : " facts") + (a.seat === view.seat ? " mine" : "") +
                  (a.seat !== undefined && a.seat !== null && a.seat === view.turn ? " turn" : "") +
                  (a.seat !== undefined && a.seat !== null && a.seat !== view.seat && !big ? " other" : ""));
  box.appendChild(el("h3", "", a.title));
  if (a.cards.length || a.empty) {
    const row = el("div", "row" + (a.columns ? " grid" : ""));
    if (a.columns) row.style.gridTemplateColumns = `repeat(${a.columns}, auto)`;
    for (const card of a.cards) {
      const moves = movesFor(card, a.pick);
      const c = cardEl(card, big, moves.length > 0);
      if (moves.length) c.addEventListener("click", () => pick(card, moves));
      row.appendChild(c);
    }
    if (!a.cards.length) row.appendChild(el("span", "empty", "—"));
    box.appendChild(row);
  }
  if (a.facts.length) {
    const dl = el("dl");
    for (const [k, v] of a.facts) { dl.appendChild(el("dt", "", k)); dl.appendChild(el("dd", "", v)); }
    box.appendChild(dl);
  }
  return box;
}

function pick(card, moves) {
  if (moves.length === 1) { play(moves[0].action); return; }
  selected = {card: card, moves: moves};
  renderMoves();
}

function renderMoves() {
  const box = $("moves");
  box.replaceChildren();
  if (!view.moves.length) {
    box.appendChild(el("p", "quiet", view.waiting === "over" ? view.ui.over : view.ui.waiting));
    return;
  }
  const shown = selected ? selected.moves : view.moves;
  if (selected) {
    const back = el("button", "link", "← " + view.moves.length);
    back.addEventListener("click", () => { selected = null; renderMoves(); });
    box.appendChild(back);
  }
  for (const m of shown.length ? shown : view.moves) {
    const b = el("button", "move", m.text);
    b.dataset.action = JSON.stringify(m.action);
    b.addEventListener("click", () => play(m.action));
    box.appendChild(b);
  }
}

function render() {
  const v = view, ui = v.ui;
  document.documentElement.lang = v.lang;
  $("title").textContent = v.title;
  document.title = v.title + " · cardgen play";
  $("status").textContent = v.status;
  $("status").className = "pill " + v.waiting;
  $("counters").textContent = `${ui.turns} ${v.turns} · ${ui.rounds} ${v.rounds} · ${ui.seed} ${v.seed} · ` +
    ui.seat.replace("{n}", v.seat + 1) + " (" + ui.you + ")";
  $("hint").textContent = ui.hint; $("undo").textContent = ui.undo; $("new").textContent = ui.new;
  $("save").textContent = ui.save; $("moves-title").textContent = ui.moves; $("journal-title").textContent = ui.journal;
  $("hint").disabled = v.waiting !== "you" || !v.can_hint;
  $("undo").disabled = !v.can_undo;
  $("save").disabled = v.waiting !== "over" || !v.result || v.result.scores === null;
  const table = $("table");
  table.replaceChildren(...v.areas.map((a) => area(a, false)));
  const hand = $("hand");
  hand.replaceChildren(...v.hand.map((a) => area(a, true)));
  hand.classList.toggle("yours", v.waiting === "you");
  renderMoves();
  const res = $("result");
  if (v.result) {
    res.hidden = false;
    res.replaceChildren(el("h2", "", ui.over));
    if (v.result.scores) {
      const ol = el("ol", "scores");
      v.result.scores.forEach((s, i) => {
        const who = i === v.seat ? ui.you : v.names[i];
        const li = el("li", v.result.winners.includes(i) ? "winner" : "", `${ui.seat.replace("{n}", i + 1)} (${who}): ${s}`);
        ol.appendChild(li);
      });
      res.appendChild(ol);
    }
    const words = (t) => String(t).replace(/[_:]/g, " ");  // the engine's end reason, as words
    res.appendChild(el("p", "quiet", words(v.result.end) + (v.result.tie_break ? " · " + words(v.result.tie_break) : "")));
  } else res.hidden = true;
  const j = $("journal");
  j.replaceChildren();
  v.journal.forEach((e, i) => {
    const li = el("li", (e.seat === v.seat ? "mine" : "theirs") + (i === v.journal.length - 1 ? " latest" : ""));
    li.appendChild(el("b", "", ui.seat.replace("{n}", e.seat + 1) + (e.seat === v.seat ? "" : " · " + e.who)));
    li.appendChild(document.createTextNode(" " + e.text));
    j.appendChild(li);
  });
  j.scrollTop = j.scrollHeight;
  if (v.saved) say(ui.saved.replace("{path}", v.saved));
}

function update(data, soon) {
  view = data; selected = null;
  render();
  clearTimeout(agentTimer);
  if (view.waiting === "agent") agentTimer = setTimeout(agentStep, soon ? 0 : view.pace_ms);
}

async function agentStep() {
  if (busy) { agentTimer = setTimeout(agentStep, 100); return; }
  busy = true;
  try {
    const data = await call("api/agent", {});
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
  try { say(""); update(await call("api/move", {action}), true); } catch (e) { say(e.message, true); }
  finally { busy = false; }
}

async function simple(name) {
  if (busy) return;
  busy = true;
  $("hint-box").hidden = true;
  try { say(""); update(await call("api/" + name, {}), true); } catch (e) { say(e.message, true); }
  finally { busy = false; }
}

async function hint() {
  if (busy) return;
  busy = true;
  const box = $("hint-box");
  box.hidden = false;
  box.replaceChildren(el("p", "quiet", view.ui.thinking));
  try {
    const h = await call("api/hint", {});
    box.replaceChildren(el("h3", "", view.ui.hint + ": " + h.text));
    const table = el("table");
    for (const m of h.values) {
      const tr = el("tr", JSON.stringify(m.action) === JSON.stringify(h.choice) ? "chosen" : "");
      tr.appendChild(el("td", "", m.text));
      const td = el("td", "value");
      const bar = el("span", "bar");
      bar.style.width = Math.round(100 * (m.value || 0)) + "%";
      td.appendChild(bar);
      td.appendChild(el("span", "", m.value === null ? "–" : m.value.toFixed(2)));
      tr.appendChild(td);
      table.appendChild(tr);
    }
    box.appendChild(table);
    box.appendChild(el("p", "quiet small", view.ui.hint_note));
  } catch (e) { box.replaceChildren(el("p", "bad", e.message)); }
  finally { busy = false; }
}

async function heartbeat() {
  if (busy || (view && view.waiting === "agent")) return;
  const asked = epoch;
  try {
    const v = await call("api/view");
    if (asked === epoch && !busy && (!view || JSON.stringify(v) !== JSON.stringify(view))) update(v, false);
  }
  catch (e) { say(e.message, true); }
}

document.addEventListener("DOMContentLoaded", async () => {
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", () => simple("undo"));
  $("new").addEventListener("click", () => simple("new"));
  $("save").addEventListener("click", () => simple("save"));
  $("zoom").addEventListener("click", () => { $("zoom").hidden = true; });
  window.addEventListener("pagehide", () => navigator.sendBeacon("api/leave", "{}"));
  setInterval(heartbeat, HEARTBEAT_MS);
  try { update(await call("api/view"), true); } catch (e) { say(e.message, true); }
});
