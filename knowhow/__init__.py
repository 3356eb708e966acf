"""Know-how memory: anonymised decision intake, candidate detection, promotion with approval."""
