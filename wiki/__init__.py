"""The engine for folders of markdown pages: page model, store, git history, links, search, lint."""
