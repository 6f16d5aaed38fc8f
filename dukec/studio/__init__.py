"""The studio: a local web page where a designer draws a tile, sees its card and tests it.

One job per module: `server` (the HTTP server and its routes), `request` (reading and checking
a request's JSON body; the 4xx errors), `api` (the answers about sources: build, card, lint,
describe, fmt, grid edits, save), `runs` (balance runs in background threads, with progress
and cancel), `play` (games against a bot), `page` (the HTML page and the static files under
`static/`). The page is plain HTML, CSS and ES modules served from the package: no build step
and nothing from the network.
"""
