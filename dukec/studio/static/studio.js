// The studio page: the set's cards, the editor, the balance panel and the game, wired together.

import { get, status } from "./api.js";
import { createBalance } from "./balance.js";
import { createEditor } from "./editor.js";
import { createPlay } from "./play.js";

const settings = JSON.parse(document.getElementById("settings").textContent);

const STARTER = `tile Paladin {
    count 1
    front {
        . J . J .
        . . . . .
        . M @ M .
        . . M . .
    }
    back {
        . . S . .
        . M @ M .
    }
}
`;

let balance = null;
const editor = createEditor({
  onBuilt: (tile) => balance && balance.setNew(tile ? tile.name : null),
});
balance = createBalance({ source: editor.source, tileName: () => editor.tile()?.name });
createPlay({
  source: editor.source,
  tileName: () => editor.tile()?.name,
  oldName: () => document.getElementById("balance-old").value,
});

async function open(name) {
  try {
    const tile = await get(`/api/tiles/${encodeURIComponent(name)}`);
    await editor.setSource(tile.source);
    balance.setNew(editor.tile()?.name);
    document.getElementById("balance-old").value = tile.name;
  } catch (error) {
    status(error.message, true);
  }
}

async function start() {
  const { tiles } = await get("/api/tiles");
  const gallery = document.getElementById("gallery");
  for (const tile of tiles) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.name = tile.name;
    button.title = `open ${tile.name} in the editor`;
    button.innerHTML = tile.card;
    button.addEventListener("click", () => open(tile.name));
    gallery.appendChild(button);
  }
  const names = tiles.map((t) => t.name);
  balance.setTiles(tiles, settings.tile || (names.includes("Knight") ? "Knight" : null));
  if (settings.tile) await open(settings.tile);
  else await editor.setSource(STARTER);
  document.body.dataset.ready = "true";
}

start().catch((error) => status(error.message, true));
