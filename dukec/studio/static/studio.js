// The studio page: the set's cards, the editor, the balance panel and the game, wired together.

import { get, status } from "./api.js";
import { createBalance } from "./balance.js";
import { createEditor } from "./editor.js";
import { createPlay } from "./play.js";
import { fillPolicies } from "./words.js";

const settings = JSON.parse(document.getElementById("settings").textContent);

// The players a run and the bot default to: the server's default when it names one, else the
// search, the strongest player.
const PLAYERS = settings.policy || "search";
fillPolicies(document.getElementById("balance-policy"), settings.policies, PLAYERS);
fillPolicies(document.getElementById("play-bot"), settings.policies, PLAYERS);

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
  own: settings.own,
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
    // The tile it would replace: the opened one, when it is one of the set's troops.
    const old = document.getElementById("balance-old");
    if ([...old.options].some((option) => option.value === tile.name)) old.value = tile.name;
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
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = tile.name;
    button.appendChild(name);
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
