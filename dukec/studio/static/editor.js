// The tile editor: the source text, its grids (click a square to cycle its icon), the card,
// the errors and warnings at their lines, and the describe figures. The server does all the
// reading and writing of .duke text; this module only shows what it answers.

import { post, status } from "./api.js";

const $ = (selector) => document.querySelector(selector);

export function createEditor({ onBuilt }) {
  const source = $("#source");
  const gutter = $("#gutter");
  const select = $("#tile-select");
  const list = $("#diagnostics");
  const card = $("#card");
  const figures = $("#describe");
  let timer = null;
  let generation = 0;
  let built = { ok: false, tiles: [], diagnostics: [] };
  let chosen = null;

  const tile = () => built.tiles.find((t) => t.name === chosen) || built.tiles[0] || null;

  function setSource(text) {
    source.value = text;
    return refresh();
  }

  function drawGutter(diagnostics) {
    const marks = new Map();
    for (const d of diagnostics) {
      if (marks.get(d.line) !== "error") marks.set(d.line, d.severity);
    }
    const count = source.value.split("\n").length;
    gutter.innerHTML = "";
    for (let line = 1; line <= count; line++) {
      const span = document.createElement("span");
      span.textContent = `${line}\n`;
      if (marks.has(line)) span.className = marks.get(line);
      gutter.appendChild(span);
    }
    gutter.scrollTop = source.scrollTop;
  }

  function goTo(line, col) {
    const lines = source.value.split("\n");
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, col - 1);
    source.focus();
    source.setSelectionRange(offset, offset + 1);
  }

  function showDiagnostics(diagnostics) {
    list.innerHTML = "";
    for (const d of diagnostics) {
      const item = document.createElement("li");
      item.className = d.severity;
      item.dataset.line = d.line;
      item.textContent = d.text;
      item.addEventListener("click", () => goTo(d.line, d.col));
      list.appendChild(item);
    }
    drawGutter(diagnostics);
  }

  function drawGrid(side, shown) {
    const element = document.getElementById(`grid-${side}`);
    const cells = new Map();
    let reach = 1;
    for (const icon of shown.sides[side]) {
      const key = icon.at.join(",");
      cells.set(key, (cells.get(key) || "") + icon.glyph);
      reach = Math.max(reach, Math.abs(icon.at[0]), Math.abs(icon.at[1]));
    }
    const radius = Math.min(5, Math.max(2, reach + 1));
    element.innerHTML = "";
    element.style.gridTemplateColumns = `repeat(${2 * radius + 1}, 30px)`;
    for (let dy = radius; dy >= -radius; dy--) {
      for (let dx = -radius; dx <= radius; dx++) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.at = `${dx},${dy}`;
        if (dx === 0 && dy === 0) {
          button.textContent = "@";
          button.className = "own";
          button.disabled = true;
        } else {
          const glyphs = cells.get(`${dx},${dy}`) || "";
          button.textContent = glyphs;
          button.className = glyphs ? "icon" : "";
          button.title = `${side} [${dx}, ${dy}]`;
          button.addEventListener("click", () => clickSquare(shown.name, side, dx, dy));
        }
        element.appendChild(button);
      }
    }
  }

  async function clickSquare(name, side, dx, dy) {
    try {
      const answer = await post("/api/grid", { source: source.value, tile: name, side, at: [dx, dy] });
      await setSource(answer.source);
    } catch (error) {
      status(error.message, true);
    }
  }

  async function showTile() {
    const shown = tile();
    if (!shown) return;
    card.innerHTML = shown.card;
    card.dataset.tile = shown.name;
    drawGrid("front", shown);
    drawGrid("back", shown);
    try {
      const answer = await post("/api/describe", { source: source.value, tile: shown.name });
      figures.textContent = answer.text;
    } catch (error) {
      figures.textContent = error.message;
    }
  }

  async function refresh() {
    const mine = ++generation;
    let answer;
    try {
      answer = await post("/api/build", { source: source.value });
    } catch (error) {
      status(error.message, true);
      return;
    }
    if (mine !== generation) return;
    showDiagnostics(answer.diagnostics);
    const errors = answer.diagnostics.filter((d) => d.severity === "error").length;
    status(errors ? `${errors} error${errors > 1 ? "s" : ""}` : "compiled");
    if (!answer.ok) return;
    built = answer;
    select.innerHTML = "";
    for (const t of answer.tiles) select.add(new Option(t.name, t.name));
    if (!answer.tiles.some((t) => t.name === chosen)) chosen = answer.tiles[0]?.name ?? null;
    select.value = chosen ?? "";
    await showTile();
    onBuilt(tile());
  }

  source.addEventListener("input", () => {
    drawGutter(built.diagnostics || []);
    clearTimeout(timer);
    timer = setTimeout(refresh, 200);
  });
  source.addEventListener("scroll", () => (gutter.scrollTop = source.scrollTop));
  select.addEventListener("change", () => {
    chosen = select.value;
    showTile().then(() => onBuilt(tile()));
  });

  $("#format").addEventListener("click", async () => {
    try {
      const answer = await post("/api/fmt", { source: source.value });
      await setSource(answer.source);
      status(answer.changed ? "formatted" : "already formatted");
    } catch (error) {
      status(error.message, true);
    }
  });

  $("#save").addEventListener("click", async () => {
    const body = { source: source.value, overwrite: $("#save-overwrite").checked };
    const name = $("#save-name").value.trim();
    if (name) body.file = name;
    try {
      const answer = await post("/api/save", body);
      await setSource(answer.source);
      status(`saved ${answer.path}`);
    } catch (error) {
      status(error.message, true);
    }
  });

  return { setSource, source: () => source.value, tile };
}
