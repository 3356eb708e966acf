from mem.cli import run

run()
