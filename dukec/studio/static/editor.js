// The tile editor: the source text, its grids (click a square to cycle its icon), the card,
// the errors and warnings at their lines, and the describe figures. The server does all the
// reading and writing of .duke text; this module only shows what it answers.

import { get, post, status } from "./api.js";

const $ = (selector) => document.querySelector(selector);

export function createEditor({ onBuilt, own, files, openFile }) {
  const source = $("#source");
  const gutter = $("#gutter");
  const select = $("#tile-select");
  const list = $("#diagnostics");
  const card = $("#card");
  const figures = $("#describe");
  const panel = $("#editor-panel");
  let timer = null;
  let generation = 0;
  let built = { ok: false, tiles: [], diagnostics: [] };
  let chosen = null;
  // The folder's files, the last edited first: the Tile menu lists their tiles too.
  let folder = files;
  let file = null;

  const tile = () => built.tiles.find((t) => t.name === chosen) || built.tiles[0] || null;

  // The text of a file of the folder (its name in the File name box), or of no file.
  function setSource(text, name) {
    source.value = text;
    if (name !== undefined) {
      file = name || null;
      $("#save-name").value = file || "";
    }
    return refresh();
  }

  function fillMenu() {
    select.innerHTML = "";
    for (const t of built.tiles) select.add(new Option(t.name, t.name));
    const here = new Set(built.tiles.map((t) => t.name));
    const others = folder.filter((entry) => entry.file !== file && entry.tiles.some((t) => !here.has(t)));
    if (others.length) {
      const group = document.createElement("optgroup");
      group.label = "other files of the folder";
      for (const entry of others) {
        for (const name of entry.tiles) {
          const option = new Option(`${name} (${entry.file})`, `file:${entry.file}`);
          group.appendChild(option);
        }
      }
      select.appendChild(group);
    }
    select.value = chosen ?? "";
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

  // Both grids show the same squares, so front and back are one size: two squares beyond the
  // farthest icon of either side (at least the printed 5x5), or every icon when they reach far.
  function gridRadius(shown) {
    let reach = 1;
    for (const side of ["front", "back"]) {
      for (const square of shown.squares[side]) {
        reach = Math.max(reach, Math.abs(square.at[0]), Math.abs(square.at[1]));
      }
    }
    return Math.max(2, reach >= 5 ? reach : reach + 1);
  }

  function where(dx, dy) {
    const ahead = dy > 0 ? `${dy} forward` : dy < 0 ? `${-dy} back` : "";
    const aside = dx > 0 ? `${dx} right` : dx < 0 ? `${-dx} left` : "";
    return [ahead, aside].filter(Boolean).join(", ");
  }

  function drawGrid(side, shown, radius) {
    const element = document.getElementById(`grid-${side}`);
    const squares = new Map(shown.squares[side].map((s) => [s.at.join(","), s]));
    const width = 2 * radius + 1;
    element.innerHTML = "";
    if (width > 11) element.style.setProperty("--cell", `${Math.max(16, Math.floor(352 / width))}px`);
    else element.style.removeProperty("--cell");
    element.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
    for (let dy = radius; dy >= -radius; dy--) {
      for (let dx = -radius; dx <= radius; dx++) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.at = `${dx},${dy}`;
        if (dx === 0 && dy === 0) {
          button.innerHTML = own[side];
          button.className = "own";
          button.disabled = true;
          button.title = `${shown.name} stands here`;
          button.setAttribute("aria-label", button.title);
        } else {
          const square = squares.get(`${dx},${dy}`);
          button.dataset.glyphs = square ? square.glyphs : "";
          const what = square ? square.label : "empty";
          if (square) button.innerHTML = square.svg;
          button.className = square ? "icon" : "";
          button.title = `${what}, ${where(dx, dy)}: click for the next icon`;
          button.setAttribute("aria-label", `${side}, ${where(dx, dy)}: ${what}`);
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
    $("#save-name").placeholder = `${shown.name.toLowerCase()}.duke`;
    const radius = gridRadius(shown);
    drawGrid("front", shown, radius);
    drawGrid("back", shown, radius);
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
    status(errors ? `${errors} error${errors > 1 ? "s" : ""} in the text` : "the tile compiles");
    // With errors, the grids, card and figures stay as the text last compiled, greyed.
    panel.classList.toggle("stale", !answer.ok);
    if (!answer.ok) return;
    built = answer;
    if (!answer.tiles.some((t) => t.name === chosen)) chosen = answer.tiles[0]?.name ?? null;
    fillMenu();
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
    if (select.value.startsWith("file:")) {
      const wanted = select.value.slice(5);
      select.value = chosen ?? "";
      openFile(wanted);
      return;
    }
    chosen = select.value;
    showTile().then(() => onBuilt(tile()));
  });

  $("#format").addEventListener("click", async () => {
    try {
      const answer = await post("/api/fmt", { source: source.value });
      await setSource(answer.source);
      status(answer.changed ? "text tidied" : "the text was tidy already");
    } catch (error) {
      status(error.message, true);
    }
  });

  // Saving never replaces a file unasked: when the file is there already, the page asks, and
  // "Replace it" saves the very file it named.
  const question = $("#save-question");
  let asked = null;

  async function save(file, overwrite) {
    const body = { source: source.value, overwrite };
    if (file) body.file = file;
    question.hidden = true;
    asked = null;
    try {
      const answer = await post("/api/save", body);
      try {
        folder = (await get("/api/folder")).files;
      } catch {
        // The menu keeps the files it had.
      }
      await setSource(answer.source, answer.file);
      status(`saved ${answer.path}`);
    } catch (error) {
      if (error.status === 409 && error.data.file) {
        asked = error.data.file;
        $("#save-question-text").textContent =
          `${asked} is already in ${error.data.folder}. Replace the existing file?`;
        question.hidden = false;
        status(`${asked} exists: not saved yet`);
        return;
      }
      status(error.message, true);
    }
  }

  $("#save").addEventListener("click", () => save($("#save-name").value.trim(), false));
  $("#save-replace").addEventListener("click", () => asked && save(asked, true));
  $("#save-keep").addEventListener("click", () => {
    question.hidden = true;
    asked = null;
    status("not saved: the existing file is kept");
  });

  return { setSource, source: () => source.value, tile };
}
