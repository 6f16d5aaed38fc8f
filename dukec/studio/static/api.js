// Calls to the studio's JSON API: a failed call throws an Error carrying the server's message
// in the page's words (and the status and answer, for a caller that asks a question instead).

import { plain } from "./words.js";

const GONE = "The studio does not answer: is `dukec studio` still running? Start it again and reload the page.";

export async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response, data;
  try {
    response = await fetch(path, init);
    data = await response.json();
  } catch {
    throw new Error(GONE);
  }
  if (!response.ok) {
    const error = new Error(plain(data.error || response.statusText));
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body) => call("POST", path, body ?? {});
export const remove = (path) => call("DELETE", path);

export function status(text, isError = false) {
  const element = document.getElementById("status");
  element.textContent = text;
  element.className = isError ? "error-text" : "";
}
