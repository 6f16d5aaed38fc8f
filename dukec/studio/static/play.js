// Play against a bot on the board picture: click a tile, then its target (or a listed action).

import { get, post, status } from "./api.js";
import { sameName } from "./words.js";

const $ = (selector) => document.querySelector(selector);
const NS = "http://www.w3.org/2000/svg";

export function createPlay({ source, tileName, oldName }) {
  const board = $("#board");
  const actions = $("#play-actions");
  const log = $("#play-log");
  const note = $("#play-status");
  const record = $("#play-record");
  const tileset = $("#play-tileset");
  let game = null;
  let selected = null;

  function squareAt(event) {
    const svg = board.querySelector("svg");
    if (!svg || !game) return null;
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) * game.width) / box.width;
    const y = ((event.clientY - box.top) * game.height) / box.height;
    const found = game.squares.find((s) => x >= s.x && x < s.x + s.size && y >= s.y && y < s.y + s.size);
    return found ? found.name : null;
  }

  function mark(name, colour) {
    const square = game.squares.find((s) => s.name === name);
    const svg = board.querySelector("svg");
    const rect = document.createElementNS(NS, "rect");
    for (const [key, value] of Object.entries({ x: square.x + 3, y: square.y + 3, width: square.size - 6,
      height: square.size - 6, fill: "none", stroke: colour, "stroke-width": 6, class: "pick" })) {
      rect.setAttribute(key, value);
    }
    svg.appendChild(rect);
  }

  function listActions(candidates) {
    actions.innerHTML = "";
    for (const action of candidates) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.notation;
      button.addEventListener("click", () => act(action.notation));
      actions.appendChild(button);
    }
  }

  function show(state) {
    game = state;
    selected = null;
    board.innerHTML = state.svg;
    log.innerHTML = "";
    for (const entry of state.log) {
      const item = document.createElement("li");
      const who = entry.player === state.human ? "you" : "bot";
      item.textContent = `${who}: ${entry.notation}${entry.drawn ? ` (${entry.drawn})` : ""}`;
      log.appendChild(item);
    }
    log.scrollTop = log.scrollHeight;
    const about = `${state.title[0].toUpperCase()}${state.title.slice(1)} (seed ${state.seed}): `;
    if (state.over) note.textContent = about + state.result;
    else if (state.to_move === state.human) note.textContent = `${about}your turn: click a tile, then where it goes`;
    else note.textContent = `${about}the bot is thinking`;
    listActions(state.legal);
    record.href = `/api/play/${state.id}/record`;
    record.hidden = false;
    tileset.href = `/api/play/${state.id}/tileset`;
    tileset.hidden = false;
  }

  async function botTurns() {
    while (game && !game.over && game.to_move !== game.human) {
      try {
        show(await post(`/api/play/${game.id}/bot`));
      } catch (error) {
        status(error.message, true);
        return;
      }
    }
  }

  async function act(notation) {
    try {
      show(await post(`/api/play/${game.id}/act`, { action: notation }));
    } catch (error) {
      status(error.message, true);
      return;
    }
    await botTurns();
  }

  board.addEventListener("click", (event) => {
    if (!game || game.over || game.to_move !== game.human) return;
    const name = squareAt(event);
    if (!name) return;
    const fromHere = game.legal.filter((a) => a.from === name);
    if (selected) {
      const chosen = game.legal.filter((a) => a.from === selected && a.to === name);
      if (chosen.length === 1) return act(chosen[0].notation);
      if (chosen.length > 1) return listActions(chosen);
    }
    const placed = game.legal.filter((a) => a.from === null && a.to === name);
    if (placed.length === 1 && !fromHere.length) return act(placed[0].notation);
    board.querySelectorAll(".pick").forEach((node) => node.remove());
    if (fromHere.length) {
      selected = name;
      mark(name, "#2e8b57");
      for (const target of new Set(fromHere.map((a) => a.to).filter(Boolean))) mark(target, "#f2d457");
      listActions(fromHere);
    } else {
      selected = null;
      listActions(placed.length ? placed : game.legal);
    }
  });

  $("#play-new").addEventListener("click", async () => {
    const body = { bot: $("#play-bot").value, seat: Number($("#play-seat").value), seed: Date.now() % 100000 };
    if ($("#play-with-tile").checked && tileName()) {
      if (oldName() === tileName()) {
        note.textContent = sameName(tileName());
        return;
      }
      body.source = source();
      body.replace = `${oldName()}=${tileName()}`;
    }
    try {
      show(await post("/api/play", body));
    } catch (error) {
      status(error.message, true);
      return;
    }
    await botTurns();
  });

  return { state: () => game };
}
