"""The language server for .duke files (`dukec lsp`, the `lsp` extra: pygls).

`folder` gathers what a document is checked with and what the compiler says about it,
`context` reads where the cursor is in text that need not parse, `features` answers the
editor's requests (diagnostics, hover, completion, formatting) and `server` wires them to
pygls over stdio. Only `features` and `server` import the protocol libraries.
"""
