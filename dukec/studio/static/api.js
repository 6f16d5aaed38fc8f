// Calls to the studio's JSON API: a failed call throws an Error carrying the server's message.

export async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
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
