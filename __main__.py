from mem.cli.main import run

run()
