"""The studio: a local web page where a designer draws a tile, sees its card and tests it.

One job per module: `server` (the HTTP server: requests read within bounds and checked),
`routes` (what each endpoint answers), `request` (reading and checking a request's JSON body;
the 4xx errors), `api` (the answers about sources: build, card, lint, describe, fmt, grid
edits, save), `runs` (balance runs, each in a thread of its own under one cap, with progress
and cancel), `play` (games against a bot), `page` (the HTML page and the static files under
`static/`). The page is plain HTML, CSS and ES modules served from the package: no build step
and nothing from the network.
"""
