// Daystrom's page: one search box, card and entry views, a scenario builder.
// Every view has a URL (the hash), so a judge can share what is on screen.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const view = () => $("#view");

function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
const enc = encodeURIComponent;

async function api(path, opts) {
  const res = await fetch(path, opts);
  let body = null;
  try { body = await res.json(); } catch (_) { body = { error: res.statusText }; }
  if (res.status === 503 && body && body.ingesting) showStatus("ingesting");
  return { ok: res.ok, status: res.status, body };
}

// ---- server status: shows while the server ingests the corpus ----
let statusTimer = null;
function showStatus(state, detail) {
  const el = $("#status");
  if (state === "ready") { el.hidden = true; el.textContent = ""; return; }
  el.hidden = false;
  el.textContent = state === "ingesting"
    ? "The server is ingesting the rules documents; until it is done, answers come from the previous index (or wait a moment on first start)."
    : "The server could not load its index: " + (detail || state);
}
async function pollHealth() {
  clearTimeout(statusTimer);
  let next = 15000;
  try {
    const { body } = await api("/api/health");
    showStatus(body.status, body.error);
    if (body.status !== "ready") next = 2000;
  } catch (_) {
    showStatus("error", "the server does not answer");
    next = 5000;
  }
  statusTimer = setTimeout(pollHealth, next);
}

// ---- routing: #/search?q=…, #/card/NAME, #/entry/ID, #/define/TERM, #/scenario?toml=… ----
function route() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, qs] = hash.split("?");
  const params = new URLSearchParams(qs || "");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const views = { search: () => showSearch(params), card: () => showCard(parts[1]),
    entry: () => showEntry(parts[1]), define: () => showDefine(parts[1]), scenario: () => showScenario(params) };
  (views[parts[0]] || showHome)();
}
window.addEventListener("hashchange", route);

function showHome() {
  document.title = "Daystrom — Star Trek CCG rules";
  view().innerHTML = `<p>Ask a rules question in your own words (“can I beam through shields”), name a card
  (“kivas fajo collector”), or <a href="#/scenario">build a scenario</a> and ask the rules engine.</p>`;
}

function loading(what) { view().innerHTML = `<p class="meta">Looking up ${esc(what)}…</p>`; }
function failure(r) {
  const sugg = (r.body.suggestions || []).map(t => `<a href="#/card/${enc(t)}">${esc(t)}</a>`).join(", ");
  view().innerHTML = `<p class="error">${esc(r.body.error || "request failed")}</p>` +
    (r.body.detail ? `<pre>${esc(r.body.detail)}</pre>` : "") + (sugg ? `<p>Did you mean: ${sugg}?</p>` : "");
}

// ---- search: rules entries and cards from one box ----
$("#search-form").addEventListener("submit", e => {
  e.preventDefault();
  const q = $("#q").value.trim();
  if (q) location.hash = "#/search?q=" + enc(q);
});

function highlight(snippet, ranges) {
  // Ranges are UTF-8 byte offsets; slice the bytes, decode each piece.
  const bytes = new TextEncoder().encode(snippet);
  const dec = new TextDecoder();
  let out = "", at = 0;
  for (const [s, e] of ranges || []) {
    if (s < at || e > bytes.length) continue;
    out += esc(dec.decode(bytes.slice(at, s))) + "<mark>" + esc(dec.decode(bytes.slice(s, e))) + "</mark>";
    at = e;
  }
  return out + esc(dec.decode(bytes.slice(at)));
}

function hitLink(h) {
  return h.kind === "card" ? `#/card/${enc(h.title)}` : `#/entry/${enc(h.id)}`;
}

async function showSearch(params) {
  const q = params.get("q") || "";
  $("#q").value = q;
  document.title = q + " — Daystrom";
  loading(`“${q}”`);
  const short = q.split(/\s+/).length <= 5;
  const [r, c] = await Promise.all([
    api("/api/search?n=10&q=" + enc(q) + (params.get("lang") ? "&lang=" + enc(params.get("lang")) : "")),
    short ? api("/api/card/" + enc(q)) : Promise.resolve(null),
  ]);
  if (!r.ok) return failure(r);
  let html = "";
  if (c && c.ok && (c.body.match === "exact" || c.body.match === "best")) {
    const card = c.body.card;
    html += `<div class="panel" id="card-match"><span class="meta">Card</span><br>
      <a class="title" href="#/card/${enc(card.title)}"><strong>${esc(card.title)}</strong></a>
      <span class="meta">${esc(card.card_type)}</span><div class="card-text">${esc(card.text)}</div></div>`;
  }
  const hits = r.body.results;
  html += `<h1>Results for “${esc(q)}”</h1>`;
  if (!hits.length) html += `<p>No entry matches. Try other words.</p>`;
  html += `<ol class="results">` + hits.map(h => `<li class="hit">
      <a class="title" href="${hitLink(h)}">${esc(h.title)}</a>
      <div class="meta">${esc(h.doc)} · <span class="cite">${esc(h.id)}</span>${h.stub ? " · see-reference" : ""}</div>
      <div class="snippet">${highlight(h.snippet, h.highlights)}</div></li>`).join("") + `</ol>`;
  view().innerHTML = html;
}

// ---- rules entries, with See-references and named cards linked ----
function linkBody(body, cards) {
  let html = esc(body);
  for (const t of (cards || []).slice().sort((a, b) => b.length - a.length)) {
    const re = new RegExp("(^|[^\\w>])(" + esc(t).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + ")(?![\\w<])", "g");
    html = html.replace(re, (m, pre, name) => `${pre}<a href="#/card/${enc(t)}">${name}</a>`);
  }
  html = html.replace(/\b(See|see) ([^.<>]{2,60})\./g, (m, see, target) =>
    `${see} <a href="#/define/${enc(target.replace(/&#39;/g, "'").replace(/&amp;/g, "&"))}">${target}</a>.`);
  return html.split(/\n\s*\n|\n/).map(p => `<p>${p}</p>`).join("");
}

function entryHtml(e, cards, heading = "h1") {
  return `<article class="entry"><${heading}>${esc(e.title)}</${heading}>
    <div class="meta">${esc(e.doc_title)} · <span class="cite">${esc(e.id)}</span> · line ${esc(e.line)}${e.revised ? " · revised" : ""}</div>
    <div class="body">${linkBody(e.body, cards)}</div></article>`;
}

async function showEntry(id) {
  loading(id);
  const r = await api("/api/entry/" + enc(id));
  if (!r.ok) return failure(r);
  const e = r.body.entry;
  document.title = e.title + " — Daystrom";
  let html = entryHtml(e, r.body.cards_named[e.id]);
  if (e.see_also && e.see_also.length)
    html += `<p>See also: ${e.see_also.map(t => `<a href="#/define/${enc(t)}">${esc(t)}</a>`).join(", ")}</p>`;
  if (r.body.referred_by.length)
    html += `<p>Referred to by: ${r.body.referred_by.map(x => `<a href="#/entry/${enc(x.id)}">${esc(x.title)}</a> <span class="meta">[${esc(x.doc)}]</span>`).join(", ")}</p>`;
  view().innerHTML = html;
}

async function showDefine(term) {
  loading(term);
  const r = await api("/api/define/" + enc(term));
  const answer = r.ok ? r.body : r.body.answer;
  if (!answer || !answer.definitions.length) {
    const s = (answer && answer.suggestions) || [];
    view().innerHTML = `<p class="error">No entry titled “${esc(term)}”.</p>` +
      (s.length ? `<p>Did you mean: ${s.map(t => `<a href="#/define/${enc(t)}">${esc(t)}</a>`).join(", ")}?</p>` : "");
    return;
  }
  document.title = term + " — Daystrom";
  view().innerHTML = answer.definitions.map(d => entryHtml(d.entry, answer.cards_named[d.entry.id]) +
    d.see.map(s => `<div class="panel">→ ${entryHtml(s, [], "h2")}</div>`).join("") +
    (d.referred_by.length ? `<p>Referred to by: ${d.referred_by.map(x => `<a href="#/entry/${enc(x.id)}">${esc(x.title)}</a>`).join(", ")}</p>` : "")
  ).join("<hr>");
}

// ---- cards ----
// A stat is {"Num": 7} or {"Text": "X"} in the card JSON.
const stat = v => v == null ? null : typeof v === "object" ? (v.Num ?? v.Text) : v;
function facts(card) {
  const names = card.card_type === "Personnel" ? ["INTEGRITY", "CUNNING", "STRENGTH"] : ["RANGE", "WEAPONS", "SHIELDS"];
  const vals = [card.int_rng, card.cun_wpn, card.str_shd].map(stat);
  const rows = [
    ["type", card.card_type + " · " + card.edition],
    ["affiliation", (card.affiliations || []).join(" / ")],
    ["class", card.class],
    ["attributes", vals.some(v => v != null) ? vals.map((v, i) => v != null ? `${names[i]} ${v}` : "").filter(Boolean).join("  ") : ""],
    ["skills", (card.skills || []).map(s => s.level === 1 ? s.name : `${s.name} x${s.level}`).join(", ")],
    ["icons", (card.icons || []).map(i => `[${i}]`).join("")],
    ["staffing", (card.staffing || []).map(i => `[${i}]`).join("")],
    ["span", stat(card.span)], ["points", stat(card.points)], ["quadrant", card.quadrant],
  ];
  return `<dl class="facts">` + rows.filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("") + `</dl>`;
}

async function showCard(name) {
  loading(name);
  const r = await api("/api/card/" + enc(name));
  if (!r.ok) return failure(r);
  const { card, rulings, referenced_by, ambiguous_with } = r.body;
  document.title = card.title + " — Daystrom";
  let html = `<article id="card-view"><h1>${esc(card.title)}</h1>`;
  if (ambiguous_with.length)
    html += `<p class="meta">Also matches: ${ambiguous_with.map(t => `<a href="#/card/${enc(t)}">${esc(t)}</a>`).join(", ")}</p>`;
  html += facts(card);
  html += `<h2>Game text</h2><div class="card-text panel">${esc(card.text) || "<span class=meta>(none)</span>"}</div>`;
  if (card.lore) html += `<p class="meta"><em>${esc(card.lore)}</em></p>`;
  html += `<h2>Printings</h2><ul>` + (card.printings || []).map(p =>
    `<li>${esc(p.release)} · ${esc(p.info)} · ${esc(p.set)}${p.blueprint_id ? " · " + esc(p.blueprint_id) : ""}</li>`).join("") + `</ul>`;
  html += `<h2>Rulings</h2>` + (rulings.length ? `<ul>` + rulings.map(x =>
    `<li><span class="meta">[${esc(x.how)}]</span> <a href="#/entry/${enc(x.entry_id)}">${esc(x.title)}</a> <span class="cite">${esc(x.entry_id)}</span></li>`).join("") + `</ul>` : `<p class="meta">No entry names this card.</p>`);
  if (referenced_by.length)
    html += `<h2>Referenced by</h2><p>${referenced_by.map(t => `<a href="#/card/${enc(t)}">${esc(t)}</a>`).join(", ")}</p>`;
  view().innerHTML = html + `</article>`;
}

// ---- scenario builder ----
const PHASES = ["card play", "execute orders", "start of turn", "end of turn", "seed"];
const ACTIONS = ["", "attack", "ship battle", "personnel battle", "card play", "encounter dilemma", "mission attempt", "move", "beam", "report", "card draw"];
const STEPS = ["initiated", "under way", "resolved"];
const ASKS = ["valid response", "can play", "can attack", "can staff", "can move", "can attempt", "can act", "can report", "meets requirements", "compatible", "can coexist", "dilemma outcome"];
const STATES = ["stopped", "damaged", "cloaked", "disabled", "stunned"];
const PLAYERS = ["alice", "bob"];

const options = (list, sel) => list.map(v => `<option value="${esc(v)}"${v === sel ? " selected" : ""}>${esc(v || "(none)")}</option>`).join("");
let rowSeq = 0;

function showScenario(params) {
  document.title = "Scenario — Daystrom";
  view().innerHTML = `<h1>Scenario</h1>
  <p class="meta">Place cards, set the action under way and ask the rules engine. Names are forgiving: type part of a title.</p>
  <form id="builder">
    <fieldset><legend>Game</legend><div class="row">
      <span class="field"><label for="turn">Whose turn</label><select id="turn">${options(PLAYERS, "bob")}</select></span>
      <span class="field"><label for="phase">Phase</label><select id="phase">${options(PHASES, "card play")}</select></span></div>
    </fieldset>
    <fieldset id="locations"><legend>Spaceline</legend><div class="rows"></div>
      <button type="button" class="secondary" id="add-location">Add location</button></fieldset>
    <fieldset id="cards"><legend>Cards</legend><div class="rows"></div>
      <button type="button" class="secondary" id="add-card">Add card</button></fieldset>
    <fieldset><legend>Action under way</legend><div class="row">
      <span class="field"><label for="action-kind">Kind</label><select id="action-kind">${options(ACTIONS, "")}</select></span>
      <span class="field"><label for="action-by">By</label><select id="action-by" class="card-pick"></select></span>
      <span class="field"><label for="action-target">Target</label><select id="action-target" class="card-pick"></select></span>
      <span class="field"><label for="action-step">Step</label><select id="action-step">${options(STEPS, "initiated")}</select></span></div>
    </fieldset>
    <fieldset><legend>Question</legend><div class="row">
      <span class="field"><label for="ask">Ask</label><select id="ask">${options(ASKS, "valid response")}</select></span>
      <span class="field wide"><label for="ask-card">Card</label><input id="ask-card" list="ask-card-list" placeholder="card asked about (from hand if not placed)"></span>
      <datalist id="ask-card-list"></datalist>
      <span class="field"><label for="ask-player">Player</label><select id="ask-player">${options(PLAYERS, "bob")}</select></span></div>
    </fieldset>
    <div class="actions"><button type="submit" id="ask-button">Ask</button>
      <button type="button" class="secondary" id="to-toml">Write TOML</button></div>
  </form>
  <details id="toml-box"${params.get("toml") ? " open" : ""}><summary>Edit the scenario as TOML</summary>
    <label for="toml" class="sr-only">Scenario TOML</label><textarea id="toml" spellcheck="false"></textarea>
    <div class="actions"><button type="button" id="check-toml">Check this TOML</button></div></details>
  <section id="verdict" aria-live="polite"></section>`;
  $("#add-location").onclick = () => addLocation("");
  $("#add-card").onclick = () => addCard({});
  $("#to-toml").onclick = () => { $("#toml").value = builderToml(); $("#toml-box").open = true; };
  $("#builder").onsubmit = e => { e.preventDefault(); const t = builderToml(); $("#toml").value = t; runCheck(t); };
  $("#check-toml").onclick = () => runCheck($("#toml").value);
  $("#ask-card").addEventListener("input", debounce(() => suggestInto($("#ask-card").value, $("#ask-card-list")), 200));
  addLocation("");
  const shared = params.get("toml");
  if (shared) { $("#toml").value = fromB64(shared); runCheck($("#toml").value, false); }
}

function debounce(f, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => f(...a), ms); }; }

async function suggestInto(q, list, type) {
  if (q.trim().length < 2) return;
  const r = await api("/api/suggest?q=" + enc(q) + (type ? "&type=" + enc(type) : ""));
  if (r.ok) list.innerHTML = r.body.cards.map(c => `<option value="${esc(c.title)}">${esc(c.type)}</option>`).join("");
}

/// A name input that offers titles while typing and shows what it resolved to.
function nameInput(row, type, value) {
  const id = "n" + (++rowSeq);
  row.insertAdjacentHTML("afterbegin", `<label for="${id}" class="sr-only">${type ? "Mission" : "Card"} name</label>
    <input id="${id}" class="name" list="${id}-list" value="${esc(value)}" placeholder="${type ? "mission, e.g. investigate rogue comet" : "card, e.g. defiant"}">
    <datalist id="${id}-list"></datalist>`);
  row.insertAdjacentHTML("beforeend", `<div class="resolved" id="${id}-resolved"></div>`);
  const input = $("#" + id, row);
  input.addEventListener("input", debounce(() => { suggestInto(input.value, $("#" + id + "-list", row), type); refreshPlaces(); }, 200));
  input.addEventListener("change", async () => {
    const out = $("#" + id + "-resolved", row);
    const r = input.value.trim() && await api("/api/suggest?q=" + enc(input.value) + (type ? "&type=" + enc(type) : ""));
    const best = r && r.ok && r.body.cards[0];
    out.textContent = !r ? "" : best ? "→ " + best.title + " (" + best.type + ")" : "no card by that name";
    out.classList.toggle("differs", !best || best.title.toLowerCase() !== input.value.trim().toLowerCase());
    refreshPlaces();
  });
  return input;
}

function addLocation(name) {
  const row = document.createElement("div");
  row.className = "row location-row";
  row.innerHTML = `<button type="button" class="secondary remove" aria-label="Remove location">✕</button>`;
  $("#locations .rows").append(row);
  nameInput(row, "mission", name);
  $(".remove", row).onclick = () => { row.remove(); refreshPlaces(); };
  refreshPlaces();
}

function addCard({ title = "", owner = "bob", at = "" }) {
  const row = document.createElement("div");
  row.className = "row card-row";
  const n = ++rowSeq;
  row.innerHTML = `<label for="o${n}" class="sr-only">Owner</label><select id="o${n}" class="owner">${options(PLAYERS, owner)}</select>
    <label for="p${n}" class="sr-only">Where</label><select id="p${n}" class="place" data-want="${esc(at)}"></select>
    <span class="states">${STATES.map(s => `<label><input type="checkbox" class="state" value="${s}"> ${s}</label>`).join(" ")}</span>
    <button type="button" class="secondary remove" aria-label="Remove card">✕</button>`;
  $("#cards .rows").append(row);
  nameInput(row, "", title);
  $(".remove", row).onclick = () => { row.remove(); refreshPlaces(); };
  refreshPlaces();
}

const nameOf = input => input.value.trim();
function locationNames() { return [...document.querySelectorAll(".location-row .name")].map(nameOf).filter(Boolean); }
function cardRows() { return [...document.querySelectorAll(".card-row")]; }
function cardHandles() {
  // Repeated titles get an id ("Worf 2") so `at` and the action can tell them apart.
  const seen = {};
  return cardRows().map(r => {
    const t = nameOf($(".name", r));
    seen[t] = (seen[t] || 0) + 1;
    return { row: r, title: t, id: seen[t] > 1 ? `${t} ${seen[t]}` : t };
  }).filter(c => c.title);
}

/// Rebuild every "where" list and card picker from the current locations and cards.
function refreshPlaces() {
  const locs = locationNames(), cards = cardHandles();
  for (const c of cardRows()) {
    const sel = $(".place", c);
    const keep = sel.value || sel.dataset.want;
    const mine = $(".name", c).value.trim();
    const places = [];
    for (const l of locs) places.push([l, `${l}: in space`], [`planet:${l}`, `${l}: on the planet`], [`seed:${l}`, `${l}: seeded under`]);
    for (const o of cards) if (o.row !== c && o.title !== mine) places.push([o.id, `aboard ${o.id}`]);
    places.push(["hand", "hand"], ["table", "table"], ["discard", "discard pile"]);
    sel.innerHTML = places.map(([v, label]) => `<option value="${esc(v)}"${v === keep ? " selected" : ""}>${esc(label)}</option>`).join("");
  }
  for (const sel of document.querySelectorAll(".card-pick")) {
    const keep = sel.value;
    sel.innerHTML = `<option value="">(none)</option>` + cards.map(c => `<option value="${esc(c.id)}"${c.id === keep ? " selected" : ""}>${esc(c.id)}</option>`).join("");
  }
  const list = $("#ask-card-list");
  if (list && !list.children.length) list.innerHTML = cards.map(c => `<option value="${esc(c.id)}">`).join("");
}

const q = s => JSON.stringify(String(s));
function builderToml() {
  let t = `title = "Built on the web page"\n\n[game]\nturn = ${q($("#turn").value)}\nphase = ${q($("#phase").value)}\n`;
  for (const l of locationNames()) t += `\n[[location]]\nmission = ${q(l)}\n`;
  for (const c of cardHandles()) {
    t += `\n[[card]]\n`;
    // The id is the name as typed, so `at` and the action can name the card
    // however its title resolves.
    t += `id = ${q(c.id)}\ntitle = ${q(c.title)}\nowner = ${q($(".owner", c.row).value)}\nat = ${q($(".place", c.row).value)}\n`;
    const states = [...c.row.querySelectorAll(".state:checked")].map(s => q(s.value));
    if (states.length) t += `states = [${states.join(", ")}]\n`;
  }
  const kind = $("#action-kind").value;
  if (kind) {
    t += `\n[action]\nkind = ${q(kind)}\n`;
    if ($("#action-by").value) t += `by = ${q($("#action-by").value)}\n`;
    if ($("#action-target").value) t += `targets = [${q($("#action-target").value)}]\n`;
    t += `step = ${q($("#action-step").value)}\n`;
  }
  t += `\n[[question]]\nask = ${q($("#ask").value)}\n`;
  const card = $("#ask-card").value.trim();
  if (card) t += `card = ${q(card)}\n`;
  t += `player = ${q($("#ask-player").value)}\n`;
  return t;
}

function toB64(s) { return btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); }
function fromB64(s) {
  try { return new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), c => c.charCodeAt(0))); }
  catch (_) { return ""; }
}

async function runCheck(toml, share = true) {
  const out = $("#verdict");
  out.innerHTML = `<p class="meta">Asking the rules engine…</p>`;
  const r = await api("/api/check", { method: "POST", headers: { "content-type": "application/toml" }, body: toml });
  if (share) history.replaceState(null, "", "#/scenario?toml=" + toB64(toml));
  if (!r.ok) {
    out.innerHTML = `<p class="error" id="check-error">${esc(r.body.error)}</p>` +
      (r.body.line ? `<p class="meta">Line ${esc(r.body.line)}, column ${esc(r.body.col)} of the TOML.</p>` : "");
    $("#toml-box").open = true;
    return;
  }
  out.innerHTML = r.body.answers.map(answerHtml).join("") +
    `<h2>Board the engine built</h2><div class="board" id="board">${r.body.svg}</div>
     <details><summary>Board as text</summary><pre>${esc(r.body.board_text)}</pre></details>
     <p><a href="${esc(location.href)}" id="share">Link to this scenario</a></p>`;
}

function answerHtml(a) {
  const { kind, value } = a.verdict.value;
  const v = kind === "undecided" ? "undecided: " + value : kind === "value" ? String(value) : kind;
  const cls = v === "yes" ? "yes" : v === "no" ? "no" : v.startsWith("undecided") ? "undecided" : "";
  return `<article class="panel answer"><h2>${esc(a.ask)}?</h2>
    <p><span class="verdict ${cls}">${esc(v)}</span></p>
    <ol class="reasons">${a.verdict.reasons.map(x => `<li>${esc(x.text)}</li>`).join("")}</ol>
    <p>Cites: ${a.verdict.citations.map(c => `<a class="citation" href="#/entry/${enc(c.id)}">${esc(c.title)}</a> <span class="cite">[${esc(c.id)}]</span>`).join("; ")}</p></article>`;
}

// ---- theme ----
function setTheme(dark) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  $("#theme").setAttribute("aria-pressed", String(dark));
  $("#theme").textContent = dark ? "Light" : "Dark";
}
$("#theme").onclick = () => {
  const dark = document.documentElement.dataset.theme !== "dark";
  localStorage.setItem("theme", dark ? "dark" : "light");
  setTheme(dark);
};
setTheme((localStorage.getItem("theme") || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light")) === "dark");

pollHealth();
route();
